import type { Page } from '@playwright/test';
import {
  DEMO,
  expect,
  expectNoSeriousAxeViolations,
  inviteAndAccept,
  login,
  ownAddress,
  settled,
  test,
  uniqueEmail,
  waitForMail,
} from './fixtures';

async function csrfToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('csrf'));
  if (!token) throw new Error('no CSRF token in localStorage');
  return token;
}

/**
 * axe-core on the current screen once nothing moves; serious and critical findings fail the test. A receiver's
 * chip changes its colour with its state through MUI's 300 ms transition: checked during it, axe once measured the
 * "Sent" label against a background between the two colours (CI).
 */
async function expectAccessible(page: Page) {
  await settled(page);
  await expectNoSeriousAxeViolations(page);
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
      headers: ownAddress(),
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
    await expect(page.getByTestId('receiver-count')).toHaveText('Members in Crew: 3 people');
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
    await expect(page.getByTestId('receiver-count')).toHaveText('Members in Crew: 3 people');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this e-mail?' });
    await expect(confirm).toContainText('It goes to 3 people.');
    // 3 receivers at 60 a minute, plus whatever of the event's mail still waits in the queue (the invitations of
    // the set-up may not all be sent yet on a busy machine): the formula itself is tested on the server.
    await expect(confirm).toContainText(/At 60 messages a minute, delivery takes about ([3-9]|1\d) seconds\./);
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

  test("rich text with a file link to a group at the event's own rate, read in Sent, with unread counts", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await login(page, DEMO.admin.email, DEMO.admin.password);
    const { event, people } = await createCrewEvent(page);
    const crew = people.filter((person) => person.inGroup);
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const uploadFile = async (name: string, roles: string) => {
      const response = await page.request.post(`/api/event/${event.id}/files`, {
        multipart: { roles, file: { name, mimeType: 'application/pdf', buffer: pdf } },
        headers: { 'x-csrf-token': await csrfToken(page) },
      });
      expect(response.status()).toBe(201);
      return ((await response.json()) as { file: { id: number } }).file.id;
    };
    const siteMap = await uploadFile('Site map.pdf', '0,1,2');
    await uploadFile('Cash routine.pdf', '0,1');

    // The admin sets this event's sending rate in the mail area.
    await page.goto(`/event/${event.id}/email/sent`);
    await page.getByRole('button', { name: 'Sending rate' }).click();
    const rateDialog = page.getByRole('dialog', { name: 'Sending rate' });
    await expect(rateDialog.getByLabel('Messages a minute')).toHaveValue('60');
    await rateDialog.getByLabel('Messages a minute').fill('120');
    await rateDialog.getByRole('button', { name: 'Save' }).click();
    await expect(rateDialog).toBeHidden();

    await page.getByRole('link', { name: 'New e-mail' }).click();
    await page.getByRole('checkbox', { name: 'Crew' }).check();
    await expect(page.getByTestId('receiver-count')).toHaveText('Members in Crew: 3 people');
    const subject = `Rich briefing ${Date.now()}`;
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel(/Formatting \(bold/).check();
    const editor = page.getByRole('textbox', { name: 'Message' });
    await editor.click();
    await page.keyboard.type('Hello {firstname}, ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('gates open at 8');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('. Map: ');
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Add a link' });
    await linkDialog.getByLabel('Link address').fill('https://example.org/map');
    await linkDialog.getByRole('button', { name: 'Add link' }).click();
    await expect(linkDialog).toBeHidden();
    // Chromium writes <b>; the server stores it as <strong>.
    await expect(editor.locator('b, strong')).toHaveText('gates open at 8');
    await expect(editor.getByRole('link', { name: 'https://example.org/map' })).toBeVisible();

    const files = page.getByRole('combobox', { name: 'Link event files' });
    await files.click();
    await page.getByRole('option', { name: 'Site map.pdf' }).click();
    await files.click();
    await page.getByRole('option', { name: 'Cash routine.pdf' }).click();
    await page.keyboard.press('Escape');
    // Volunteers may not open the leaders' file: the composer is told before sending.
    await expect(page.getByTestId('attachment-warnings')).toContainText(
      '3 receivers cannot open “Cash routine.pdf”: for them the link answers that the file is not found.',
    );
    await expect(page.getByTestId('attachment-warnings')).not.toContainText('Site map.pdf');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this e-mail?' });
    await expect(confirm).toContainText('At 120 messages a minute, delivery takes about 2 seconds.');
    await confirm.getByRole('button', { name: 'Send to 3 people' }).click();

    await expect(page).toHaveURL(new RegExp(`/event/${event.id}/email/sent/\\d+$`));
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    const message = page.getByTestId('mail-message');
    await expect(message.locator('strong')).toHaveText('gates open at 8');
    await expect(message.getByRole('link', { name: 'https://example.org/map' })).toHaveAttribute(
      'href',
      'https://example.org/map',
    );
    await expect(page.getByRole('link', { name: 'Site map.pdf' })).toHaveAttribute(
      'href',
      `/api/event/${event.id}/files/${siteMap}/download`,
    );
    await expect(page.getByRole('link', { name: 'Cash routine.pdf' })).toBeVisible();
    const rows = page.getByTestId('mail-receiver');
    for (const person of crew) {
      await expect(rows.filter({ hasText: person.email })).toContainText('Sent', { timeout: 30_000 });
    }
    // Each receiver's copy has an HTML part and a plain-text part, with their name and the file's address.
    const mail = await waitForMail(crew[0].email, 15_000, new RegExp(subject));
    expect(mail).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail).toMatch(/Content-Type: text\/plain/i);
    expect(mail).toMatch(/Content-Type: text\/html/i);
    expect(mail).toContain(`Hello ${crew[0].firstname}, <strong>gates open at 8</strong>`);
    expect(mail).toContain(`/api/event/${event.id}/files/${siteMap}/download`);
    await expectAccessible(page);

    // An e-mail this admin has not opened yet: Sent counts it unread until it is opened.
    const other = await page.request.post(`/api/event/${event.id}/send-mail`, {
      data: { receivers: { roleLevels: [0] }, subject: `Unread ${subject}`, message: 'Hi' },
      headers: { 'x-csrf-token': await csrfToken(page) },
    });
    expect(other.status()).toBe(201);
    const folders = page.getByRole('navigation', { name: 'Mail folders' });
    await folders.getByRole('link', { name: /Sent/ }).click();
    await expect(folders.getByRole('link', { name: /Sent/ }).getByLabel('1 unread e-mail')).toBeVisible();
    const unreadRow = page.getByRole('link', { name: new RegExp(`Unread: Unread ${subject}`) });
    await expect(unreadRow).toBeVisible();
    await expectAccessible(page);
    await unreadRow.click();
    await expect(page.getByRole('heading', { level: 1, name: `Unread ${subject}` })).toBeVisible();
    await expect(folders.getByTestId('unread-count')).toHaveCount(0);
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
    await page.getByLabel(/Formatting \(bold/).check();
    await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel(/Formatting \(bold/).uncheck();
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
