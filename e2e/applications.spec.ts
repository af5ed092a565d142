import { axeOn, expect, login, test, waitForMail } from './fixtures';

/**
 * Applications review on the seeded event 13 (Sports Camp: applications in every status over three groups and
 * a women's/men's week). Other specs may change event 13 too, so counts are compared before and after.
 */
const EVENT = 13;
const DEMO_PASSWORD = 'funkis-demo';

test.describe('applications review', () => {
  test('filter, bulk accept and reject with their confirm dialogs; the accepted applicant sees the event', async ({
    page,
  }) => {
    await login(page, 'admin@funkis.local', DEMO_PASSWORD);
    await page.goto(`/event/${EVENT}/applications`);
    await expect(page).toHaveTitle('Applications | Funkis');
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('Applications');

    const rows = page.getByTestId('application-row');
    const acceptedTotal = page.getByTestId('summary-total-accepted');
    await expect(rows.first()).toBeVisible();
    const acceptedBefore = Number(await acceptedTotal.textContent());

    // Filter by status pending; the week column carries the configured label.
    await page.getByRole('button', { name: 'Pending', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Pending', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(rows.filter({ hasNotText: 'Pending' })).toHaveCount(0);
    await expect(rows.first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Week', exact: true })).toBeVisible();
    await expect(page.getByTestId('summary-total-accepted')).toHaveText('0');

    // Select two rows and accept them.
    const emails = [
      (await rows.nth(0).getByTestId('application-email').textContent()) ?? '',
      (await rows.nth(1).getByTestId('application-email').textContent()) ?? '',
    ];
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await expect(page.getByTestId('bulk-count')).toHaveText('2 selected');
    await page.getByRole('combobox', { name: 'Set status' }).click();
    await page.getByRole('option', { name: 'Accepted' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();

    const updateDialog = page.getByRole('dialog', { name: 'Update applications?' });
    await expect(updateDialog).toBeVisible();
    await expect(updateDialog).toContainText('2 applications will be updated.');
    await updateDialog.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('2 applications updated.')).toBeVisible();
    await expect(updateDialog).toBeHidden();
    for (const email of emails) await expect(rows.filter({ hasText: email })).toHaveCount(0);

    // Without the status filter the summary shows two more accepted.
    await page.getByRole('button', { name: 'Pending', exact: true }).click();
    await expect(acceptedTotal).toHaveText(String(acceptedBefore + 2));

    // Reject one pending application: a different dialog with its own title and text.
    await page.getByRole('button', { name: 'Pending', exact: true }).click();
    await expect(rows.filter({ hasNotText: 'Pending' })).toHaveCount(0);
    const rejectedEmail = (await rows.nth(0).getByTestId('application-email').textContent()) ?? '';
    await rows.nth(0).getByRole('checkbox').check();
    await page.getByRole('combobox', { name: 'Set status' }).click();
    await page.getByRole('option', { name: 'Rejected' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    const rejectDialog = page.getByRole('dialog', { name: 'Reject applications?' });
    await expect(rejectDialog).toBeVisible();
    await expect(rejectDialog).toContainText('You are about to reject 1 application.');
    await expect(page.getByRole('dialog', { name: 'Update applications?' })).toHaveCount(0);
    // The applicant is told by e-mail, with the reject texts edited by the reviewer.
    await rejectDialog.getByRole('checkbox', { name: 'Notify the applicants by e-mail' }).check();
    await expect(rejectDialog.getByRole('textbox', { name: 'Subject' })).toHaveValue('About your application');
    const message = rejectDialog.getByRole('textbox', { name: 'Message' });
    await expect(message).toHaveValue(/Unfortunately we cannot offer you a place this time/);
    await message.fill('Hi {firstname},\n\nThe camp is full this year, sorry.');
    await rejectDialog.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText('1 application updated. 1 applicant will be e-mailed.')).toBeVisible();
    await expect(rows.filter({ hasText: rejectedEmail })).toHaveCount(0);
    const mail = await waitForMail(rejectedEmail, 15_000, /The camp is full this year/);
    expect(mail).toContain('your application');
    expect(mail).toMatch(/sent you this message from the event|skickade dig detta meddelande/);
    expect(mail).not.toContain('{firstname}');

    // The control panel's audit log says the bulk accept in words, one entry, linked to the accepted in the review.
    await page.goto(`/event/${EVENT}/control-panel`);
    const log = page.getByRole('list', { name: 'Audit log' });
    const bulkEntry = log.getByTestId('audit-entry').filter({ hasText: 'Ada Admin accepted 2 applications' });
    await expect(bulkEntry).toHaveCount(1);
    await expect(bulkEntry.getByRole('link', { name: '2 applications' })).toHaveAttribute(
      'href',
      `/event/${EVENT}/applications?status=accepted`,
    );
    await expect(
      log.getByTestId('audit-entry').filter({ hasText: /^Ada Admin rejected the application from / }),
    ).not.toHaveCount(0);
    await expect(log).not.toContainText('application.status_changed');

    // One of the accepted applicants is now a member of event 13.
    await page.context().clearCookies();
    await login(page, emails[0], DEMO_PASSWORD);
    const events = await page.request.get('/api/events');
    const mine = ((await events.json()) as { events: { id: number; roleLevel: number | null }[] }).events.find(
      (event) => event.id === EVENT,
    );
    expect(mine?.roleLevel).toBe(2);
    await page.goto('/');
    await expect(page.locator(`a[href="/event/${EVENT}"]`).first()).toBeVisible();
    expect((await page.request.get(`/api/event/${EVENT}`)).status()).toBe(200);
    await page.goto(`/event/${EVENT}`);
    await expect(page.getByText('Sports Camp').first()).toBeVisible();
    await expect(page.getByText('You do not have access to this page.')).toHaveCount(0);
  });

  test('keyboard: move with j/k, open the drawer with Enter, set a status with a digit', async ({ page }) => {
    await login(page, 'admin@funkis.local', DEMO_PASSWORD);
    await page.goto(`/event/${EVENT}/applications`);
    const rows = page.getByTestId('application-row');
    await expect(rows.first()).toBeVisible();
    await rows.first().focus();
    await page.keyboard.press('j');
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press('k');
    await expect(rows.nth(0)).toBeFocused();
    await page.keyboard.press('Enter');
    const drawer = page.getByTestId('application-drawer');
    await expect(drawer).toContainText('Answers');
    await expect(drawer).toContainText('Which week?');
    await expect(drawer).toContainText('History');
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await rows.nth(0).focus();
    await page.keyboard.press('5');
    const rejectDialog = page.getByRole('dialog', { name: 'Reject applications?' });
    await expect(rejectDialog).toContainText('You are about to reject 1 application.');
    await rejectDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(rejectDialog).toBeHidden();
  });

  test('a group leader sees only their own group and cannot pick another', async ({ page }) => {
    await login(page, 'leader@funkis.local', DEMO_PASSWORD);
    await page.goto(`/event/${EVENT}/applications`);
    const rows = page.getByTestId('application-row');
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasNotText: 'Coaches' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Group' })).toHaveCount(0);
    await rows.nth(0).getByRole('checkbox').check();
    await expect(page.getByRole('combobox', { name: 'Set status' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Set group' })).toHaveCount(0);
  });

  test('filters live in the query string: a reload and a link show the same list', async ({ page }) => {
    await login(page, 'admin@funkis.local', DEMO_PASSWORD);
    await page.goto(`/event/${EVENT}/applications`);
    const rows = page.getByTestId('application-row');
    await expect(rows.first()).toBeVisible();

    await page.getByRole('button', { name: 'Accepted', exact: true }).click();
    await expect(page).toHaveURL(/[?&]status=accepted(&|$)/);
    await page.getByRole('searchbox', { name: 'Search' }).fill('a');
    await expect(page).toHaveURL(/[?&]search=a(&|$)/);
    await expect(rows.filter({ hasNotText: 'Accepted' })).toHaveCount(0);
    const shown = await rows.count();
    expect(shown).toBeGreaterThan(0);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Accepted', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('a');
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasNotText: 'Accepted' })).toHaveCount(0);
    await expect(rows).toHaveCount(shown);

    // The statistics screen links a status and a group like this.
    const groupsAnswer = await page.request.get(`/api/event/${EVENT}/groups`);
    const [group] = ((await groupsAnswer.json()) as { groups: { id: number; name: string }[] }).groups;
    expect(group).toBeDefined();
    await page.goto(`/event/${EVENT}/applications?status=accepted&groupId=${group.id}`);
    await expect(page.getByRole('button', { name: 'Accepted', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('combobox', { name: 'Group' })).toContainText(group.name);
    await expect(page.getByTestId('applications-empty').or(rows.first())).toBeVisible();
    await expect(rows.filter({ hasNotText: 'Accepted' })).toHaveCount(0);
    await expect(rows.filter({ hasNotText: group.name })).toHaveCount(0);
  });

  test('on a slow network, filters chosen one after another while the list loads all stay chosen', async ({ page }) => {
    await login(page, 'admin@funkis.local', DEMO_PASSWORD);
    await page.goto(`/event/${EVENT}/applications`);
    const rows = page.getByTestId('application-row');
    await expect(rows.first()).toBeVisible();

    // Hold every list request until the test lets them go: the network of a phone in a field.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: string[] = [];
    await page.route(`**/api/event/${EVENT}/applications?**`, async (route) => {
      held.push(route.request().url());
      await released;
      await route.continue();
    });

    const accepted = page.getByRole('button', { name: 'Accepted', exact: true });
    const pending = page.getByRole('button', { name: 'Pending', exact: true });
    await accepted.click();
    // The chip answers the click at once, not when the list arrives.
    await expect(accepted).toHaveAttribute('aria-pressed', 'true');
    await pending.click();
    await expect(pending).toHaveAttribute('aria-pressed', 'true');
    await expect(accepted).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('searchbox', { name: 'Search' }).fill('a');
    // The typed search's request carries both chips.
    const statusOf = (url: string) =>
      new URL(url).searchParams
        .getAll('status')
        .flatMap((value) => value.split(','))
        .sort();
    const searched = () => held.find((url) => new URL(url).searchParams.get('search') === 'a');
    await expect.poll(() => searched() !== undefined).toBe(true);
    expect(statusOf(searched() ?? '')).toEqual(['accepted', 'pending']);
    release();

    await expect(page).toHaveURL(/[?&]search=a(&|$)/);
    expect(statusOf(page.url())).toEqual(['accepted', 'pending']);
    await expect(accepted).toHaveAttribute('aria-pressed', 'true');
    await expect(pending).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('applications-empty').or(rows.first())).toBeVisible();
    await expect(rows.filter({ hasNotText: /Accepted|Pending/ })).toHaveCount(0);
  });

  test('the answer columns menu: check items without nested inputs, no axe findings, the choice applies', async ({
    page,
  }) => {
    await login(page, 'admin@funkis.local', DEMO_PASSWORD);
    await page.goto(`/event/${EVENT}/applications`);
    await expect(page.getByTestId('application-row').first()).toBeVisible();
    await page.getByRole('button', { name: 'Columns' }).click();
    const menu = page.getByRole('menu');
    const items = menu.getByRole('menuitemcheckbox');
    await expect(items.first()).toBeVisible();
    await expect(menu.locator('input')).toHaveCount(0);
    const results = await axeOn(page).include('#answer-columns-menu').analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    const first = items.first();
    const before = await first.getAttribute('aria-checked');
    await first.click();
    await expect(first).toHaveAttribute('aria-checked', before === 'true' ? 'false' : 'true');
  });

  test('phone width: applications are cards with their status and group, the next-page arrow in view', async ({
    page,
  }) => {
    await login(page, 'admin@funkis.local', DEMO_PASSWORD);
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto(`/event/${EVENT}/applications?pageSize=25`);
      const card = page.getByTestId('application-card').first();
      await expect(card).toBeVisible();
      await expect(page.getByTestId('application-row')).toHaveCount(0);
      await expect(card.locator('.MuiChip-root')).toBeInViewport();
      await expect(card).toContainText('Group:');
      const next = page.getByRole('button', { name: 'Go to next page' });
      await next.scrollIntoViewIfNeeded();
      await expect(next).toBeInViewport({ ratio: 1 });
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(width);
    }
  });
});
