import QRCode from 'qrcode';
import {
  DEMO,
  expect,
  expectAxeCleanAtWidths,
  inviteAndAccept,
  login,
  ownAddress,
  postJson,
  test,
  uniqueEmail,
} from './fixtures';

test.describe('the event day', () => {
  // One journey through three screens, offline and back, with axe at two widths in three themes.
  test.describe.configure({ timeout: 180_000 });
  test('a volunteer shows their code; the admin scans a photo of it, checks them in, sees the board, and checks in offline', async ({
    page,
    browser,
  }) => {
    // The volunteer registers in a browser context of their own.
    const volunteerEmail = uniqueEmail('event-day');
    const password = 'volunteer-password-1';
    const volunteerContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const registered = await volunteerContext.request.post('/api/register', {
      headers: ownAddress(),
      data: { email: volunteerEmail, firstname: 'Vilma', lastname: 'Volunteer', password },
    });
    expect(registered.ok()).toBe(true);

    // The admin makes an event with a group and the volunteer in it, and a shift in progress with the volunteer on it.
    await login(page, DEMO.admin.email, DEMO.admin.password);
    const eventName = `Event day e2e ${Date.now()}`;
    const { event } = await postJson<{ event: { id: number } }>(page, '/api/events', { name: eventName });
    const { group } = await postJson<{ group: { id: number } }>(page, `/api/event/${event.id}/groups`, {
      name: 'Gate',
    });
    const volunteerCsrf = ((await registered.json()) as { _csrf: string })._csrf;
    await inviteAndAccept(page, { request: volunteerContext.request, csrf: volunteerCsrf }, event.id, {
      email: volunteerEmail,
      roleLevel: 2,
      groupId: group.id,
    });
    const membership = await (await volunteerContext.request.get(`/api/event/${event.id}`)).json();
    const volunteerId = membership.eventUser.id as number;
    const now = Date.now();
    const { shift } = await postJson<{ shift: { id: number } }>(page, `/api/event/${event.id}/shifts`, {
      title: 'Gate watch',
      description: '',
      location: 'North gate',
      startsAt: new Date(now - 30 * 60_000).toISOString(),
      endsAt: new Date(now + 90 * 60_000).toISOString(),
      capacity: 2,
      groupId: group.id,
    });
    await postJson(page, `/api/event/${event.id}/shifts/${shift.id}/assignments`, {
      eventUserId: volunteerId,
    });

    // The volunteer opens My code: the QR code with their name, the event and what to do with it.
    const volunteer = await volunteerContext.newPage();
    await volunteer.setViewportSize({ width: 375, height: 800 });
    await login(volunteer, volunteerEmail, password);
    await volunteer.goto(`/event/${event.id}/my-code`);
    await expect(volunteer.getByRole('heading', { level: 1, name: 'My code' })).toBeVisible();
    await expect(volunteer.getByRole('img', { name: `QR code of Vilma Volunteer for ${eventName}` })).toBeVisible();
    await expect(volunteer.getByText('Show this code at the info desk or to your group leader.')).toBeVisible();
    await expect(volunteer).toHaveTitle('My code | Funkis');
    await expectAxeCleanAtWidths(volunteer, 'my code');

    // A photo of that code, made from the code the API gives the volunteer.
    const { code } = (await (await volunteerContext.request.get(`/api/event/${event.id}/my-code`)).json()) as {
      code: string;
    };
    const photo = await QRCode.toBuffer(code, { type: 'png', width: 480, margin: 4 });

    // The admin scans it by uploading the photo, sees the person and checks them in for the shift.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/event/${event.id}/check-in`);
    await expect(page.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
    await expect(page).toHaveTitle('Check-in | Funkis');
    await expectAxeCleanAtWidths(page, 'check-in');
    await page.getByLabel('Upload a photo of the code').setInputFiles({
      name: 'code.png',
      mimeType: 'image/png',
      buffer: photo,
    });
    const card = page.getByTestId('person-card');
    await expect(card.getByRole('heading', { name: 'Vilma Volunteer' })).toBeVisible();
    await expect(card.getByText('Gate', { exact: true })).toBeVisible();
    await expect(card.getByText('Not on site')).toBeVisible();
    const shiftRow = card.getByTestId(`card-shift-${shift.id}`);
    await expect(shiftRow).toContainText('Gate watch');
    await expectAxeCleanAtWidths(page, 'check-in with a person');
    await shiftRow.getByRole('button', { name: 'Arrived for this shift' }).click();
    await expect(page.getByTestId('check-in-result')).toContainText('Vilma Volunteer arrived for Gate watch.');
    await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
    await expect(page.getByTestId('check-in-live')).toHaveText('Vilma Volunteer arrived for Gate watch.');

    // The board: the shift at its place, the volunteer as Arrived (word and colour).
    await page.goto(`/event/${event.id}/board`);
    await expect(page.getByRole('heading', { level: 1, name: 'Live board' })).toBeVisible();
    await expect(page).toHaveTitle('Live board | Funkis');
    const boardShift = page.getByTestId(`board-shift-${shift.id}`);
    await expect(boardShift.getByText('Vilma Volunteer · Arrived')).toBeVisible();
    await expect(boardShift.getByText('1/2 places filled')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'North gate' })).toBeVisible();
    await expect(page.getByTestId('board-updated')).toContainText(/Updated \d\d:\d\d:\d\d/);
    await expectAxeCleanAtWidths(page, 'board');
    await page.getByRole('button', { name: 'Full screen' }).click();
    await expect(page.getByRole('button', { name: 'Leave full screen' })).toBeVisible();
    await expect(page.getByText(eventName, { exact: true }).last()).toBeVisible();
    await page.getByRole('button', { name: 'Leave full screen' }).click();
    await expect(page.getByRole('button', { name: 'Full screen' })).toBeVisible();

    // Offline: the admin finds the volunteer by name, loses the connection and records their arrival at the event.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/event/${event.id}/check-in`);
    // By keyboard: type a name, Tab to the person found, Enter, Tab to the card's first button, Enter.
    await page.getByRole('searchbox', { name: 'Name' }).focus();
    await page.keyboard.type('Vilm');
    const found = page.getByRole('button', { name: /Vilma Volunteer/ });
    await expect(found).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(found).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('heading', { name: 'Vilma Volunteer' })).toBeVisible();
    await page.context().setOffline(true);
    await page.keyboard.press('Tab');
    await expect(card.getByRole('button', { name: 'Arrived at the event' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('check-in-queue')).toHaveText(
      'Saved on this phone – will be sent when you are back online (1 waiting)',
    );
    const waiting = await page.evaluate(() => JSON.parse(window.localStorage.getItem('funkis.checkInQueue') ?? '[]'));
    expect(waiting).toHaveLength(1);

    // Back online: the kept check-in is sent once, and the person is on site.
    await page.context().setOffline(false);
    await expect(page.getByTestId('check-in-sent')).toHaveText('1 check-in saved on this phone was sent.');
    await expect(page.getByTestId('check-in-queue')).toHaveCount(0);
    await expect(card.getByText('On site', { exact: true })).toBeVisible();
    const person = await (
      await page.request.get(`/api/event/${event.id}/check-ins/person?eventUserId=${volunteerId}`)
    ).json();
    expect(person.person.onSite).toBe(true);

    // Contrast and the rest of axe in the dark and nature themes too (the states' colours, the QR code's white box).
    for (const theme of ['DARK', 'NATURE']) {
      for (const who of [page, volunteer]) {
        await who.evaluate((value) => window.localStorage.setItem('settings', JSON.stringify({ theme: value })), theme);
      }
      await volunteer.goto(`/event/${event.id}/my-code`);
      await expect(volunteer.getByRole('img', { name: /^QR code of Vilma Volunteer/ })).toBeVisible();
      await expectAxeCleanAtWidths(volunteer, `my code ${theme}`);
      await page.goto(`/event/${event.id}/board`);
      await expect(page.getByTestId(`board-shift-${shift.id}`).getByText('Vilma Volunteer · Arrived')).toBeVisible();
      await expectAxeCleanAtWidths(page, `board ${theme}`);
      await page.goto(`/event/${event.id}/check-in`);
      await page.getByRole('searchbox', { name: 'Name' }).fill('Vilm');
      await page.getByRole('button', { name: /Vilma Volunteer/ }).click();
      await expect(card.getByText('On site', { exact: true })).toBeVisible();
      await expectAxeCleanAtWidths(page, `check-in ${theme}`);
    }

    await volunteerContext.close();
  });
});
