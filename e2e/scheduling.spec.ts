import fs from 'node:fs';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import ical from 'node-ical';
import {
  DEMO,
  expect,
  expectNoSeriousAxeViolations,
  inviteAndAccept,
  login,
  ownAddress,
  test,
  typeDate,
  uniqueEmail,
} from './fixtures';

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
      headers: ownAddress(),
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
    await typeDate(dialog.getByRole('textbox', { name: 'Date', exact: true }), '2030-07-03');
    await typeDate(dialog.getByRole('textbox', { name: 'Repeat every day until' }), '2030-07-05');
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

    // Edit the shift's place: the dialog names the assigned volunteer, who is told by e-mail.
    await firstShift.getByRole('button', { name: 'Edit the shift Gate watch' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Gate watch' });
    await expect(edit.getByLabel('Title')).toHaveValue('Gate watch');
    await edit.getByLabel('Location', { exact: true }).fill('South gate');
    await expect(edit.getByTestId('edit-told')).toContainText('Vilma Volunteer');
    await expectNoSeriousAxeViolations(page);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The shift was saved.')).toBeVisible();
    await expect(firstShift).toContainText('South gate');

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

  test("an admin copies a day in the event's zone and subscribes by secret URL; the feed works without cookies until revoked", async ({
    page,
  }) => {
    await login(page, DEMO.admin.email, DEMO.admin.password);
    const { event } = await post(page, page.request, '/api/events', { name: `Copy a day e2e ${Date.now()}` });
    // A zone far from the browser's (UTC in the test run), so the screen says whose times it shows.
    await post(page, page.request, `/api/event/${event.id}/settings`, { timeZone: 'Pacific/Auckland' });
    const me = (await (await page.request.get(`/api/event/${event.id}`)).json()).eventUser.id as number;
    const shift = async (title: string, startsAt: string, endsAt: string) =>
      (
        await post(page, page.request, `/api/event/${event.id}/shifts`, {
          title,
          description: '',
          location: 'Wharf',
          startsAt,
          endsAt,
          capacity: 2,
          groupId: null,
        })
      ).shift.id as number;
    // 2 July 2030 in Auckland (+12:00): 09:00–13:00 and 13:00–17:00.
    const morning = await shift('Ferry', '2030-07-02T09:00:00+12:00', '2030-07-02T13:00:00+12:00');
    await shift('Ferry', '2030-07-02T13:00:00+12:00', '2030-07-02T17:00:00+12:00');
    await post(page, page.request, `/api/event/${event.id}/shifts/${morning}/assignments`, { eventUserId: me });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/event/${event.id}/scheduling`);
    await expect(page.getByTestId('zone-note')).toContainText(/Pacific\/Auckland \(UTC\+1[23]:00\)/);
    const cards = page.locator('[data-testid^="shift-"]').filter({ hasText: 'Ferry' });
    await expect(cards.first()).toContainText('09:00');

    // Copy the day: the server's preview first, then the copies.
    await page.getByRole('button', { name: 'Copy a day' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy a day' });
    await typeDate(dialog.getByRole('textbox', { name: 'Copy the shifts of' }), '2030-07-02');
    await typeDate(dialog.getByRole('textbox', { name: 'To the day' }), '2030-07-04');
    await dialog.getByRole('button', { name: 'Show what will be made' }).click();
    await expect(dialog.getByTestId('day-preview')).toHaveCount(2);
    await expect(dialog.getByTestId('day-preview').first()).toContainText('09:00');
    await expect(dialog.getByTestId('day-preview').first()).toContainText('(UTC+12:00)');
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Make 2 shifts' }).click();
    await expect(page.getByText('2 shifts copied.')).toBeVisible();
    await expect(cards).toHaveCount(2 + 2 + 1); // the day, its copy, and the morning under "my shifts"
    const listed = (await (await page.request.get(`/api/event/${event.id}/shifts`)).json()).shifts as {
      startsAt: string;
      assignments: unknown[];
    }[];
    expect(listed.map((item) => item.startsAt)).toEqual([
      '2030-07-01T21:00:00.000Z',
      '2030-07-02T01:00:00.000Z',
      '2030-07-03T21:00:00.000Z',
      '2030-07-04T01:00:00.000Z',
    ]);
    expect(listed.slice(2).every((item) => item.assignments.length === 0)).toBe(true);

    // Subscribe: a secret URL, shown once.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Subscribe in a calendar app' }).click();
    const subscribe = page.getByRole('dialog', { name: 'Subscribe to your shifts' });
    await subscribe.getByRole('button', { name: /Make (my|a new) address/ }).click();
    const url = await subscribe.getByTestId('calendar-url').inputValue();
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/);
    await expectNoSeriousAxeViolations(page);
    await subscribe.getByRole('button', { name: 'Close' }).click();

    // A calendar app: no cookies, no session.
    const calendarApp = await playwrightRequest.newContext();
    const feed = await calendarApp.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
    const body = await feed.text();
    expect(body).toContain('DTSTART;TZID=Pacific/Auckland:20300702T090000');
    const events = Object.values(ical.sync.parseICS(body)).filter((item) => item?.type === 'VEVENT') as ical.VEvent[];
    expect(events.map((item) => item.start.toISOString())).toContain('2030-07-01T21:00:00.000Z');

    // The account page lists it and revokes it; the calendar app then gets 404.
    await page.goto('/account/security');
    await expect(page.getByTestId('calendar-feed-status')).toContainText('active since');
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'End the address' }).click();
    await expect(page.getByText('The calendar address no longer works.')).toBeVisible();
    expect((await calendarApp.get(url)).status()).toBe(404);
    await calendarApp.dispose();
  });

  test('an organiser plans on the timeline: opens a block, moves by keyboard, marks arrived, downloads the hours', async ({
    page,
    browser,
  }) => {
    const volunteerEmail = uniqueEmail('planning');
    const volunteerContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const registered = await volunteerContext.request.post('/api/register', {
      headers: ownAddress(),
      data: { email: volunteerEmail, firstname: 'Tove', lastname: 'Timeline', password: 'volunteer-password-1' },
    });
    expect(registered.ok()).toBe(true);
    const volunteerCsrf = ((await registered.json()) as { _csrf: string })._csrf;

    await login(page, DEMO.admin.email, DEMO.admin.password);
    const { event } = await post(page, page.request, '/api/events', { name: `Planning e2e ${Date.now()}` });
    const { group } = await post(page, page.request, `/api/event/${event.id}/groups`, { name: 'Stage' });
    await inviteAndAccept(page, { request: volunteerContext.request, csrf: volunteerCsrf }, event.id, {
      email: volunteerEmail,
      roleLevel: 2,
      groupId: group.id,
    });
    await volunteerContext.close();
    const members = await page.request.get(`/api/event/${event.id}/users`, { params: { search: volunteerEmail } });
    const [user] = ((await members.json()) as { users: { id: number }[] }).users;
    const shift = async (title: string, location: string, startsAt: string, endsAt: string) =>
      (
        await post(page, page.request, `/api/event/${event.id}/shifts`, {
          title,
          description: '',
          location,
          startsAt,
          endsAt,
          capacity: 2,
          groupId: group.id,
        })
      ).shift.id as number;
    const morning = await shift('Stage build', 'Main stage', '2030-07-03T08:00:00Z', '2030-07-03T10:00:00Z');
    const later = await shift('Stage lights', 'Light tower', '2030-07-03T13:00:00Z', '2030-07-03T15:00:00Z');
    const past = await shift('Teardown', 'Main stage', '2024-06-10T08:00:00Z', '2024-06-10T11:30:00Z');
    for (const shiftId of [morning, past]) {
      await post(page, page.request, `/api/event/${event.id}/shifts/${shiftId}/assignments`, { eventUserId: user.id });
    }

    // The timeline, a week by location, from the URL; the switch shows it selected.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/event/${event.id}/scheduling?view=timeline&span=week&date=2030-07-01&by=location`);
    await expect(page.getByRole('tab', { name: 'Timeline', selected: true })).toBeVisible();
    const block = page.getByTestId(`timeline-shift-${morning}`);
    await expect(block).toContainText('Stage build');
    await expect(block).toContainText('1/2');
    await expect(page.getByTestId(`timeline-shift-${later}`)).toContainText('0/2');
    await expect(page.getByTestId('coverage-table')).toContainText('1/4');
    await expectNoSeriousAxeViolations(page);

    // Keyboard only: focus the block, open it, move the volunteer to the later shift through the "move to" menu.
    await block.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Stage build' });
    await expect(dialog.getByText('Tove Timeline')).toBeVisible();
    await dialog.getByRole('button', { name: 'Move Tove Timeline to another shift' }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: /Stage lights/ })).toBeVisible();
    const target = menu.getByRole('menuitem', { name: /Stage lights/ });
    if (!(await target.evaluate((element) => element === document.activeElement)))
      await page.keyboard.press('ArrowDown');
    await expect(target).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Moved to Stage lights.')).toBeVisible();
    // The moved person's row (and its focused button) left this shift: the dialog's focus trap takes focus back
    // within a moment; Escape closes the dialog from there, as it would for a keyboard user.
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId(`timeline-shift-${later}`)).toContainText('1/2');
    await expect(block).toContainText('0/2');

    // The day list at 375 px, with the times sticking while the shifts scroll.
    await page.setViewportSize({ width: 375, height: 800 });
    const stickyTime = page.getByRole('region', { name: 'Timeline' }).getByRole('heading', { level: 4 }).first();
    await expect(stickyTime).toBeVisible();
    await expect(stickyTime).toHaveCSS('position', 'sticky');
    await expect(page.getByTestId(`timeline-shift-${later}`)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // After the event: the past shift on its day, mark arrived.
    await page.goto(`/event/${event.id}/scheduling?view=timeline&span=day&date=2024-06-10&by=group`);
    await page.getByTestId(`timeline-shift-${past}`).click();
    const pastDialog = page.getByRole('dialog', { name: 'Teardown' });
    await pastDialog
      .getByRole('group', { name: 'Attendance of Tove Timeline' })
      .getByRole('button', { name: 'Arrived' })
      .click();
    await expect(page.getByText('Attendance saved.')).toBeVisible();
    await expect(
      pastDialog.getByRole('group', { name: 'Attendance of Tove Timeline' }).getByRole('button', { name: 'Arrived' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');

    // Open places: both shifts of the stage have room.
    await page.getByRole('tab', { name: 'Open places' }).click();
    await expect(page).toHaveURL(/view=open/);
    await expect(page.getByTestId('not-full-list')).toContainText('Stage build');
    await expect(page.getByText('Every volunteer has a shift.')).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // Hours: 2 h + 3.5 h in all, 3.5 h arrived; the CSV as downloaded.
    await page.getByRole('tab', { name: 'Hours' }).click();
    const table = page.getByTestId('hours-table');
    await expect(table.getByRole('row', { name: /Tove Timeline/ })).toContainText('5.5');
    await page.getByLabel('Count only shifts marked arrived').check();
    await expect(table.getByRole('row', { name: /Tove Timeline/ })).toContainText('3.5');
    await expectNoSeriousAxeViolations(page);
    // The users table's column choice: Email and No-show left out of the table and the export.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Email' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'No-show' }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: 'Email' })).toHaveAttribute('aria-checked', 'false');
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(table.getByRole('columnheader')).toHaveText([
      'First name',
      'Last name',
      'Group',
      'Shifts',
      'Arrived',
      'Hours',
    ]);
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV', exact: true }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`event-${event.id}-hours.csv`);
    const csv = fs.readFileSync((await download.path()) as string, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')[0]).toBe('"First name","Last name","Group","Shifts","Arrived","Hours"');
    expect(csv).toContain('"Tove","Timeline","Stage","2","1","3.5"\r\n');
    expect(csv).not.toContain(volunteerEmail);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoSeriousAxeViolations(page);
  });

  test('two clicks on "Next period" before the next week has loaded move two weeks, each a step of the history', async ({
    page,
  }) => {
    await login(page, DEMO.admin.email, DEMO.admin.password);
    const { event } = await post(page, page.request, '/api/events', { name: `Timeline steps e2e ${Date.now()}` });
    await page.goto(`/event/${event.id}/scheduling?view=timeline&span=week&date=2030-07-01&by=location`);
    // The date field shows the period's first day as the browser's locale writes it (en-US here).
    const starting = page.getByLabel('Starting');
    await expect(starting).toHaveValue('07/01/2030');

    // The weeks after this one answer only when the test lets them, as on a slow network: the screen waits for a
    // new week's shifts before it shows it, and a second click comes while it waits.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const asked: string[] = [];
    await page.route(/\/api\/event\/\d+\/scheduling\/timeline\?/, async (route) => {
      asked.push(new URL(route.request().url()).searchParams.get('from') ?? '');
      await held;
      await route.continue();
    });
    const next = page.getByRole('button', { name: 'Next period' });
    await next.click();
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    await next.click();
    release();
    await expect(page).toHaveURL(/date=2030-07-15/);
    await expect(starting).toHaveValue('07/15/2030');
    // Back steps through the weeks the clicks asked for.
    await page.goBack();
    await expect(page).toHaveURL(/date=2030-07-08/);
    await expect(starting).toHaveValue('07/08/2030');
  });

  test('on a phone a tall form dialog keeps its title and buttons in view while its fields scroll', async ({
    page,
  }) => {
    await login(page, DEMO.admin.email, DEMO.admin.password);
    const { event } = await post(page, page.request, '/api/events', { name: `Tall dialog e2e ${Date.now()}` });
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(`/event/${event.id}/scheduling`);
    await page.getByRole('button', { name: 'New shifts' }).click();
    const dialog = page.getByRole('dialog', { name: 'New shifts' });
    await dialog.getByLabel('Title').fill('Bar');
    await typeDate(dialog.getByRole('textbox', { name: 'Date', exact: true }), '2030-07-01');
    await typeDate(dialog.getByRole('textbox', { name: 'Repeat every day until' }), '2030-07-04');
    await dialog.getByLabel('Times').fill('08:00-10:00, 10:00-12:00, 12:00-14:00');
    // Twelve shifts in the preview: far taller than the phone.
    await expect(dialog.getByTestId('shift-preview')).toHaveCount(12);
    const create = dialog.getByRole('button', { name: 'Create 12 shifts' });
    const title = dialog.getByRole('heading', { name: 'New shifts' });
    await expect(create).toBeInViewport({ ratio: 1 });
    await expect(title).toBeInViewport({ ratio: 1 });
    // The fields scroll between them: the last preview row comes into view, the title and the buttons stay.
    await dialog.getByTestId('shift-preview').last().scrollIntoViewIfNeeded();
    await expect(dialog.getByTestId('shift-preview').last()).toBeInViewport();
    await expect(create).toBeInViewport({ ratio: 1 });
    await expect(title).toBeInViewport({ ratio: 1 });
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});
