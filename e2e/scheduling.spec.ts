import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import ical from 'node-ical';
import { DEMO, expect, inviteAndAccept, login, test, uniqueEmail } from './fixtures';

async function csrfToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('csrf'));
  if (!token) throw new Error('no CSRF token in localStorage');
  return token;
}

async function post(page: Page, request: APIRequestContext, url: string, data: unknown) {
  const response = await request.post(url, { data, headers: { 'x-csrf-token': await csrfToken(page) } });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

async function expectNoSeriousAxeViolations(page: Page) {
  // Two defects of the shell, reported to the lead and excluded here so this check is about the scheduling
  // screen: the top bar's initials avatar (profile-menu.tsx) has too little contrast on its default grey, and the
  // event menu's lists hold ListItemButton divs directly under <ul> (axe "list").
  const results = await new AxeBuilder({ page })
    .exclude('header .MuiAvatar-root')
    .exclude('[data-testid="event-sidebar"] ul')
    .analyze();
  const serious = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => `${node.target} ${node.html.slice(0, 120)}`).join(' ')}`,
    ),
  ).toEqual([]);
}

test.describe('scheduling', () => {
  test('an admin creates a repeating set and assigns by drag; the volunteer sees, signs up and downloads the .ics', async ({
    page,
    browser,
  }) => {
    // The volunteer registers in their own browser context.
    const volunteerEmail = uniqueEmail('shifts');
    const password = 'volunteer-password-1';
    const volunteerContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, acceptDownloads: true });
    const registered = await volunteerContext.request.post('/api/register', {
      data: { email: volunteerEmail, firstname: 'Vilma', lastname: 'Volunteer', password },
    });
    expect(registered.ok()).toBe(true);

    // The admin makes an event with a group, adds the volunteer to it and opens self sign-up for it.
    await login(page, DEMO.admin.email, DEMO.admin.password);
    const { event } = await post(page, page.request, '/api/events', { name: `Shifts e2e ${Date.now()}` });
    const { group } = await post(page, page.request, `/api/event/${event.id}/groups`, { name: 'Gate' });
    const volunteerCsrf = ((await registered.json()) as { _csrf: string })._csrf;
    await inviteAndAccept(page, { request: volunteerContext.request, csrf: volunteerCsrf }, event.id, {
      email: volunteerEmail,
      roleLevel: 2,
      groupId: group.id,
    });
    await post(page, page.request, `/api/event/${event.id}/scheduling-settings`, {
      minRestMinutes: 0,
      selfSignupGroupIds: [group.id],
      signOffClosesHours: 0,
    });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/event/${event.id}/scheduling`);
    await expect(page.getByRole('heading', { level: 1, name: 'Scheduling' })).toBeVisible();

    // A repeating set: three days × two slots, previewed before it is made.
    await page.getByRole('button', { name: 'New shifts' }).click();
    const dialog = page.getByRole('dialog', { name: 'New shifts' });
    await dialog.getByLabel('Title').fill('Gate watch');
    await dialog.getByLabel('Location', { exact: true }).fill('North gate');
    await dialog.getByLabel('Date').fill('2030-07-03');
    await dialog.getByLabel('Repeat every day until').fill('2030-07-05');
    await dialog.getByLabel('Times').fill('08:00-12:00, 12:00-16:00');
    await dialog.getByLabel('Places needed').fill('2');
    await dialog.getByLabel('Group').click();
    await page.getByRole('option', { name: 'Gate' }).click();
    await expect(dialog.getByTestId('shift-preview')).toHaveCount(6);
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Create 6 shifts' }).click();
    await expect(page.getByText('6 shifts created.')).toBeVisible();
    const cards = page.locator('[data-testid^="shift-"]').filter({ hasText: 'Gate watch' });
    await expect(cards).toHaveCount(6);

    // Drag the volunteer onto the first shift.
    const member = page.getByRole('button', { name: 'Drag Vilma Volunteer onto a shift' });
    const firstShift = cards.first();
    // In the middle of the window, so the drag does not reach the edge where the list scrolls by itself.
    await firstShift.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const from = await member.boundingBox();
    const to = await firstShift.boundingBox();
    if (!from || !to) throw new Error('nothing to drag');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2 + 20, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
    await page.mouse.up();
    await expect(page.getByText('Assigned.')).toBeVisible();
    await expect(firstShift.getByText('Vilma Volunteer')).toBeVisible();
    await expect(firstShift.getByText('1/2 filled')).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // The volunteer: the assigned shift under "my shifts", then signs up for a free one.
    const volunteer = await volunteerContext.newPage();
    await volunteer.setViewportSize({ width: 375, height: 800 });
    await login(volunteer, volunteerEmail, password);
    await volunteer.goto(`/event/${event.id}/scheduling`);
    const myShifts = volunteer.getByTestId('my-shifts');
    await expect(myShifts.locator('[data-testid^="shift-"]')).toHaveCount(1);
    await expect(myShifts.getByText('Gate watch')).toBeVisible();
    await expectNoSeriousAxeViolations(volunteer);
    const shiftsSection = volunteer.getByRole('region', { name: 'Shifts of your group' });
    await shiftsSection.getByRole('button', { name: 'Sign up' }).first().click();
    await expect(volunteer.getByText('You signed up for the shift.')).toBeVisible();
    await expect(myShifts.locator('[data-testid^="shift-"]')).toHaveCount(2);

    // The calendar file: both shifts, as a real parser reads it.
    const downloadPromise = volunteer.waitForEvent('download');
    await volunteer.getByRole('link', { name: 'Download calendar file (.ics)' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('my-shifts.ics');
    const text = fs.readFileSync((await download.path()) as string, 'utf8');
    const events = Object.values(ical.sync.parseICS(text)).filter((item) => item?.type === 'VEVENT') as ical.VEvent[];
    expect(events).toHaveLength(2);
    expect(events.every((item) => String(item.summary).startsWith('Gate watch'))).toBe(true);
    await volunteerContext.close();
  });
});
