import { DEMO, expect, login, test, typeDate } from './fixtures';

/** Events in the web app: home, create an event, event layout and sidebar, control panel, role guards. */
test.describe
  .serial('events', () => {
    let eventId = 0;
    const eventName = `E2E festival ${Date.now().toString(36)}`;

    test('an admin creates an event and manages it from the control panel', async ({ page }) => {
      await login(page, DEMO.admin.email, DEMO.admin.password);
      await expect(page).toHaveTitle('Events | Funkis');
      await expect(page.getByTestId('event-card').first()).toBeVisible();

      await page.getByRole('button', { name: 'Create event' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create event' });
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(dialog.getByText('Event name must be at least 3 characters long.')).toBeVisible();
      await dialog.getByLabel(/Event name/).fill(eventName);
      await dialog.getByRole('button', { name: 'Create' }).click();

      await page.waitForURL(/\/event\/\d+$/);
      eventId = Number(new URL(page.url()).pathname.split('/').pop());
      expect(eventId).toBeGreaterThan(0);
      await expect(page.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
      await expect(page.getByTestId('event-role')).toHaveText('Admin');

      const menu = page.getByRole('navigation', { name: 'Event menu' });
      for (const entry of ['Home', 'Applications', 'Users', 'Form', 'Control panel']) {
        await expect(menu.getByRole('link', { name: entry, exact: true })).toBeVisible();
      }
      await expect(menu.getByText('Recruitment')).toBeVisible();

      await menu.getByRole('link', { name: 'Control panel' }).click();
      await expect(page).toHaveURL(new RegExp(`/event/${eventId}/control-panel$`));
      await expect(page).toHaveTitle('Control panel | Funkis');
      await expect(
        page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: eventName }),
      ).toBeVisible();

      // Settings: week separation needs its labels; a saved change shows in the sidebar and the audit log.
      const settings = page.getByRole('form', { name: 'Settings' });
      await settings.getByRole('switch', { name: 'Use week separation' }).click();
      await settings.getByRole('button', { name: 'Save settings' }).click();
      await expect(settings.getByText('This field is required.').first()).toBeVisible();
      await settings.getByRole('switch', { name: 'Use week separation' }).click();
      await settings.getByLabel(/Event name/).fill(`${eventName} 2026`);
      await settings.getByLabel('Description').fill('Three days by the lake.');
      await typeDate(settings.getByRole('textbox', { name: 'Start date' }), '2026-07-01');
      // A date pasted (or filled) whole as ISO is taken too, whatever the field's format.
      await settings.getByRole('textbox', { name: 'End date' }).fill('2026-07-03');
      await expect(settings.getByRole('textbox', { name: 'End date' })).toHaveValue('07/03/2026');
      await settings.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
      await expect(page.getByTestId('event-sidebar').first().getByText(`${eventName} 2026`)).toBeVisible();

      // Groups: create one; it shows with its member count.
      await page.getByLabel('Group name').fill('Stage crew');
      await page.getByRole('button', { name: 'Add group' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Group created' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Groups' }).getByText('Stage crew')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Groups' }).getByText('0 members')).toBeVisible();

      // Applications: the switch asks first; cancelling changes nothing, confirming opens.
      await expect(page.getByTestId('applications-state')).toHaveText('Applications are closed.');
      await page.getByRole('switch', { name: 'Applications open' }).click();
      const confirm = page.getByRole('dialog', { name: 'Open applications?' });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByTestId('applications-state')).toHaveText('Applications are closed.');
      await page.getByRole('switch', { name: 'Applications open' }).click();
      await page.getByRole('dialog', { name: 'Open applications?' }).getByRole('button', { name: 'Open' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Applications opened' })).toBeVisible();
      await expect(page.getByTestId('applications-state')).toHaveText(
        'Applications are open: anyone logged in can apply.',
      );

      // The access section lists the creator as the one admin; the audit log recorded the changes.
      await expect(page.getByRole('region', { name: 'Admins (1)' })).toBeVisible();
      // Each entry is a sentence with its actor; the group's name links to where the group lives.
      const log = page.getByRole('list', { name: 'Audit log' });
      await expect(log.getByTestId('audit-entry').filter({ hasText: 'Ada Admin opened applications' })).toHaveCount(1);
      const groupEntry = log.getByTestId('audit-entry').filter({ hasText: 'Ada Admin created the group Stage crew' });
      await expect(groupEntry.getByRole('link', { name: 'Stage crew' })).toBeVisible();
      await expect(
        log.getByTestId('audit-entry').filter({ hasText: "Ada Admin changed the event's settings" }),
      ).not.toHaveCount(0);
    });

    test('a volunteer sees no recruitment section and is refused admin screens and other events', async ({ page }) => {
      await login(page, DEMO.volunteer.email, DEMO.volunteer.password);
      await page.goto('/event/1');
      const menu = page.getByRole('navigation', { name: 'Event menu' });
      await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
      await expect(page.getByTestId('event-role')).toHaveText(/Volunteer/);
      await expect(menu.getByText('Recruitment')).toHaveCount(0);
      await expect(menu.getByRole('link', { name: 'Users' })).toHaveCount(0);
      await expect(menu.getByRole('link', { name: 'Control panel' })).toHaveCount(0);

      for (const path of ['/event/1/users', '/event/1/control-panel']) {
        await page.goto(path);
        await expect(page.getByText('You do not have access to this page.')).toBeVisible();
      }

      // Not a member of the event the admin just created.
      expect(eventId).toBeGreaterThan(0);
      await page.goto(`/event/${eventId}`);
      await expect(page.getByText('You do not have access to this page.')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Event menu' })).toHaveCount(0);
    });

    test('the event area works at phone width: the menu is a drawer', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await login(page, DEMO.admin.email, DEMO.admin.password);
      await page.goto(`/event/${eventId}/control-panel`);
      await expect(page.getByRole('heading', { level: 1, name: 'Control panel' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Audit log' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.getByRole('button', { name: /menu/i }).first().click();
      await page.getByRole('navigation', { name: 'Event menu' }).getByRole('link', { name: 'Home' }).click();
      await expect(page).toHaveURL(new RegExp(`/event/${eventId}$`));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
