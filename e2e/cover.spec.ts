import {
  DEMO,
  expect,
  expectAxeCleanAtWidths,
  inviteAndAccept,
  login,
  postJson,
  registerInOwnContext,
  test,
  waitForMail,
} from './fixtures';

test.describe('asking for cover', () => {
  test.describe.configure({ timeout: 180_000 });
  test('an organiser asks from the board; a volunteer takes the shift from the notice’s link; another sees it taken', async ({
    page,
    browser,
  }) => {
    const frida = await registerInOwnContext(browser, 'Frida', 'cover');
    const sven = await registerInOwnContext(browser, 'Sven', 'cover');

    // The admin makes an event with a group, both volunteers in it, and a shift going on now with nobody on it.
    await login(page, DEMO.admin.email, DEMO.admin.password);
    const { event } = await postJson<{ event: { id: number } }>(page, '/api/events', {
      name: `Cover e2e ${Date.now()}`,
    });
    const { group } = await postJson<{ group: { id: number } }>(page, `/api/event/${event.id}/groups`, {
      name: 'Gate',
    });
    for (const person of [frida, sven]) {
      await inviteAndAccept(page, { request: person.context.request, csrf: person.csrf }, event.id, {
        email: person.email,
        roleLevel: 2,
        groupId: group.id,
      });
    }
    const now = Date.now();
    const { shift } = await postJson<{ shift: { id: number } }>(page, `/api/event/${event.id}/shifts`, {
      title: 'Gate watch',
      description: '',
      location: 'North gate',
      startsAt: new Date(now - 30 * 60_000).toISOString(),
      endsAt: new Date(now + 90 * 60_000).toISOString(),
      capacity: 1,
      groupId: group.id,
    });

    // The board: the empty place, and "Ask for cover" on its card; the toast says how many were asked.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/event/${event.id}/board`);
    const card = page.getByTestId(`board-shift-${shift.id}`);
    await expect(card.getByText('0/1 places filled')).toBeVisible();
    await expectAxeCleanAtWidths(page, 'board with ask for cover');
    await card.getByRole('button', { name: 'Ask for cover: Gate watch' }).click();
    await expect(page.getByText('Asked 2 people to cover Gate watch.')).toBeVisible();

    // Neither volunteer has push on a device: the notice comes by e-mail, with the link to the request.
    const mail = await waitForMail(frida.email, 20_000, /\/cover-requests\/\d+/);
    const link = mail.match(/https?:\/\/[^/\s]+(\/cover-requests\/\d+)/);
    expect(link, mail).not.toBeNull();
    const coverPath = (link as RegExpMatchArray)[1];

    // Frida opens the link on her phone and takes the shift.
    const fridaPage = await frida.context.newPage();
    await fridaPage.setViewportSize({ width: 375, height: 800 });
    await login(fridaPage, frida.email, frida.password);
    await fridaPage.goto(coverPath);
    await expect(fridaPage.getByRole('heading', { level: 1, name: 'Cover requests' })).toBeVisible();
    await expect(fridaPage).toHaveTitle('Cover requests | Funkis');
    const request = fridaPage.getByRole('article', { name: 'Gate watch' });
    await expect(request).toContainText('North gate · Gate');
    await expectAxeCleanAtWidths(fridaPage, 'cover request open');
    await fridaPage.setViewportSize({ width: 375, height: 800 });
    // By keyboard: focus the button and press Enter.
    await request.getByRole('button', { name: 'Take this shift' }).focus();
    await fridaPage.keyboard.press('Enter');
    await expect(fridaPage.getByText('Gate watch is yours.')).toBeVisible();
    await expect(request.getByText('You took it')).toBeVisible();
    await expect(request.getByRole('button', { name: 'Take this shift' })).toHaveCount(0);

    // Sven, asked too, sees it taken, with nothing to press.
    const svenPage = await sven.context.newPage();
    await login(svenPage, sven.email, sven.password);
    // Without the notice's link: the profile menu leads to the requests.
    await svenPage.getByRole('button', { name: 'Open profile menu' }).click();
    await svenPage.getByRole('menuitem', { name: 'Cover requests' }).click();
    await expect(svenPage).toHaveURL(/\/cover-requests$/);
    const seen = svenPage.getByRole('article', { name: 'Gate watch' });
    await expect(seen.getByText('Taken', { exact: true })).toBeVisible();
    await expect(seen.getByRole('button', { name: 'Take this shift' })).toHaveCount(0);
    await expectAxeCleanAtWidths(svenPage, 'cover request taken');

    // The board shows the place filled.
    await page.goto(`/event/${event.id}/board`);
    await expect(card.getByText('1/1 places filled')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Ask for cover: Gate watch' })).toHaveCount(0);

    // Frida took the place half an hour after the start and has not checked in: she is late, and her place can be
    // covered. Asking frees it (she is told) and asks Sven, not her.
    const replace = card.getByRole('button', { name: /^Ask for cover for Frida Volunteer on Gate watch/ });
    await replace.click();
    await expect(page.getByText('Asked 1 person to cover Gate watch.')).toBeVisible();
    await expect(card.getByText('0/1 places filled')).toBeVisible();
    await waitForMail(frida.email, 20_000, /took you off a shift/);

    // The board shows the open request beside the free place; Sven has it open to take.
    await expect(card.getByText('Cover asked · 1 asked')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Ask for cover: Gate watch' })).toHaveCount(0);
    // Read from the server with the board, so it is still there after a reload.
    await page.reload();
    await expect(card.getByText('Cover asked · 1 asked')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Ask for cover: Gate watch' })).toHaveCount(0);
    await svenPage.goto('/cover-requests');
    const second = svenPage.getByRole('article', { name: 'Gate watch' }).nth(1);
    await expect(second.getByRole('button', { name: 'Take this shift' })).toBeVisible();

    // The organiser found someone another way and withdraws the request, after a confirm.
    await card.getByRole('button', { name: 'Withdraw the cover request for Gate watch' }).click();
    const confirm = page.getByRole('dialog', { name: 'Withdraw the cover request for Gate watch?' });
    await expect(confirm).toContainText('The person asked can no longer take the place.');
    await expectAxeCleanAtWidths(page, 'withdraw cover request');
    await page.setViewportSize({ width: 1280, height: 900 });
    await confirm.getByRole('button', { name: 'Withdraw request' }).click();
    await expect(page.getByText('The cover request for Gate watch is withdrawn.')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(card.getByRole('button', { name: 'Ask for cover: Gate watch' })).toBeVisible();

    // Sven can no longer take it: the request shows closed, with nothing to press.
    await svenPage.reload();
    await expect(second.getByText('Closed', { exact: true })).toBeVisible();
    await expect(second.getByRole('button', { name: 'Take this shift' })).toHaveCount(0);
    await expect(svenPage.getByRole('button', { name: 'Take this shift' })).toHaveCount(0);
    await expectAxeCleanAtWidths(svenPage, 'cover request withdrawn');

    // Someone never asked sees the empty state.
    const other = await registerInOwnContext(browser, 'Olle', 'cover');
    const otherPage = await other.context.newPage();
    await login(otherPage, other.email, other.password);
    await otherPage.goto('/cover-requests');
    await expect(otherPage.getByText('Nobody has asked you to cover a shift.')).toBeVisible();
    await expectAxeCleanAtWidths(otherPage, 'cover requests empty');
    for (const person of [frida, sven, other]) await person.context.close();
  });
});
