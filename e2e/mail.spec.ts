import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO, expect, inviteAndAccept, login, test, uniqueEmail, waitForMail } from './fixtures';

async function csrfToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('csrf'));
  if (!token) throw new Error('no CSRF token in localStorage');
  return token;
}

/** axe-core on the current screen; serious and critical findings fail the test. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(severe.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' ')}`)).toEqual(
    [],
  );
}

/** A fresh event with a group "Crew" of three new members and one member outside it. */
async function createCrewEvent(page: Page) {
  const headers = async () => ({ 'x-csrf-token': await csrfToken(page) });
  const created = await page.request.post('/api/events', {
    data: { name: `Mail e2e ${Date.now()}` },
    headers: await headers(),
  });
  expect(created.status()).toBe(201);
  const { event } = (await created.json()) as { event: { id: number; name: string } };
  const group = await page.request.post(`/api/event/${event.id}/groups`, {
    data: { name: 'Crew' },
    headers: await headers(),
  });
  expect(group.status()).toBe(201);
  const groupId = ((await group.json()) as { group: { id: number } }).group.id;
  const people = [
    { firstname: 'Alma', lastname: 'Crew', email: uniqueEmail('alma'), inGroup: true },
    { firstname: 'Bertil', lastname: 'Crew', email: uniqueEmail('bertil'), inGroup: true },
    { firstname: 'Cecilia', lastname: 'Crew', email: uniqueEmail('cecilia'), inGroup: true },
    { firstname: 'Dag', lastname: 'Outside', email: uniqueEmail('dag'), inGroup: false },
  ];
  for (const person of people) {
    const context = await page.context().browser()?.newContext({ baseURL: process.env.E2E_BASE_URL });
    if (!context) throw new Error('no browser context');
    const registered = await context.request.post('/api/register', {
      data: {
        email: person.email,
        firstname: person.firstname,
        lastname: person.lastname,
        password: 'member-password-1',
      },
    });
    expect(registered.ok()).toBe(true);
    const csrf = ((await registered.json()) as { _csrf: string })._csrf;
    await inviteAndAccept(page, { request: context.request, csrf }, event.id, {
      email: person.email,
      roleLevel: 2,
      groupId: person.inGroup ? groupId : null,
    });
    await context.close();
  }
  return { event, people };
}

test.describe('e-mail to members', () => {
  test('compose to a group, see the count, send, follow every receiver in Sent, file it under a label', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await login(page, DEMO.admin.email, DEMO.admin.password);
    const { event, people } = await createCrewEvent(page);
    const crew = people.filter((person) => person.inGroup);

    // The menu entry; any sub-path the area does not know lands in Sent.
    await page.goto(`/event/${event.id}`);
    await page.getByRole('link', { name: 'E-mail' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}/email/sent$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Sent' })).toBeVisible();
    await expect(page.getByText('No e-mails here yet.')).toBeVisible();
    await page.goto(`/event/${event.id}/email/inbox/1/extra`);
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}/email/sent$`));
    await expectAccessible(page);

    await page.getByRole('link', { name: 'New e-mail' }).click();
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}/email/new$`));
    await expect(page.getByRole('heading', { level: 1, name: 'New e-mail' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('E-mail');
    await page.getByRole('checkbox', { name: 'Crew' }).check();
    await expect(page.getByTestId('receiver-count')).toHaveText('3 people will get this e-mail');
    const previewList = page.getByRole('list', { name: 'Who will get it' });
    for (const person of crew) await expect(previewList).toContainText(person.email);
    await expect(previewList).not.toContainText('Dag Outside');
    const subject = `Crew briefing ${Date.now()}`;
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('Hello {firstname},\n\nsee you at the gate at 8.');

    // The draft survives a reload.
    await page.reload();
    await expect(page.getByLabel('Subject')).toHaveValue(subject);
    await expect(page.getByRole('checkbox', { name: 'Crew' })).toBeChecked();
    await expect(page.getByTestId('receiver-count')).toHaveText('3 people will get this e-mail');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this e-mail?' });
    await expect(confirm).toContainText('It goes to 3 people.');
    await expect(confirm).toContainText('At 60 messages a minute, delivery takes about 3 seconds.');
    await confirm.getByRole('button', { name: 'Send to 3 people' }).click();

    await expect(page).toHaveURL(new RegExp(`/event/${event.id}/email/sent/\\d+$`));
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('Sent e-mail');
    const rows = page.getByTestId('mail-receiver');
    await expect(rows).toHaveCount(3);
    // States update while the page is open, until every receiver has it.
    for (const person of crew) {
      await expect(rows.filter({ hasText: person.email })).toContainText('Sent', { timeout: 30_000 });
    }
    for (const person of crew) {
      const mail = await waitForMail(person.email, 15_000, new RegExp(subject));
      expect(mail).toContain(`Hello ${person.firstname},`);
      expect(mail).toContain('You get it because you are a member of the group Crew.');
    }
    await expectAccessible(page);

    // A custom label, then the e-mail filed under it and found there.
    await page.getByRole('button', { name: 'New label' }).click();
    const labelDialog = page.getByRole('dialog', { name: 'New label' });
    await labelDialog.getByLabel('Label name').fill('Briefings');
    await labelDialog.getByRole('button', { name: 'Create label' }).click();
    await expect(labelDialog).toBeHidden();
    const folders = page.getByRole('navigation', { name: 'Mail folders' });
    const labelLink = folders.getByRole('link', { name: /Briefings/ });
    await expect(labelLink).toContainText('0');
    await page.getByRole('combobox', { name: 'Labels' }).click();
    await page.getByRole('option', { name: 'Briefings' }).click();
    await page.keyboard.press('Escape');
    await expect(labelLink).toContainText('1');
    await labelLink.click();
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}/email/label/\\d+$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Briefings' })).toBeVisible();
    await page.getByRole('link', { name: new RegExp(subject) }).click();
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}/email/label/\\d+/\\d+$`));
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  });

  test('at 375 px the mail sidebar is a drawer that closes on route change', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/event/1/email/sent');
    await expect(page.getByRole('heading', { level: 1, name: 'Sent' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New e-mail' })).toBeHidden();
    await page.getByRole('button', { name: 'Open mail folders' }).click();
    const newMail = page.getByRole('link', { name: 'New e-mail' });
    await expect(newMail).toBeVisible();
    await expectAccessible(page);
    await newMail.click();
    await expect(page).toHaveURL(/\/event\/1\/email\/new$/);
    await expect(newMail).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'New e-mail' })).toBeVisible();
    await expectAccessible(page);
  });

  test('volunteers have no e-mail entry and are refused the area', async ({ page }) => {
    await login(page, DEMO.volunteer.email, DEMO.volunteer.password);
    await page.goto('/event/1');
    await expect(page.getByTestId('event-sidebar').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'E-mail' })).toHaveCount(0);
    await page.goto('/event/1/email/new');
    await expect(page.getByText('You do not have access to this page.')).toBeVisible();
  });
});
