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

test('a wish round: opened by an organiser, wishes made by three volunteers, allocated, published and seen', async ({
  page,
  browser,
}) => {
  const ada = await registerInOwnContext(browser, 'Ada', 'wishes');
  const bo = await registerInOwnContext(browser, 'Bo', 'wishes');
  const cy = await registerInOwnContext(browser, 'Cy', 'wishes');

  await login(page, DEMO.admin.email, DEMO.admin.password);
  const { event } = await postJson<{ event: { id: number } }>(page, '/api/events', {
    name: `Wishes e2e ${Date.now()}`,
  });
  const { group } = await postJson<{ group: { id: number } }>(page, `/api/event/${event.id}/groups`, { name: 'Crew' });
  for (const volunteer of [ada, bo, cy]) {
    await inviteAndAccept(page, volunteer.person, event.id, {
      email: volunteer.email,
      roleLevel: 2,
      groupId: group.id,
    });
  }
  const shifts: Record<string, number> = {};
  for (const [title, day, capacity] of [
    ['Gate', 3, 1],
    ['Bar', 4, 1],
    ['Kitchen', 5, 2],
  ] as const) {
    const { shift } = await postJson<{ shift: { id: number } }>(
      page,
      `/api/event/${event.id}/shifts`,
      {
        title,
        description: '',
        location: 'Field',
        startsAt: `2031-07-0${day}T10:00:00.000Z`,
        endsAt: `2031-07-0${day}T14:00:00.000Z`,
        capacity,
        groupId: group.id,
      },
      { status: 201 },
    );
    shifts[title] = shift.id;
  }

  // The organiser opens the round from the menu, for the group, with every shift.
  await page.goto(`/event/${event.id}`);
  await page.getByTestId('event-sidebar').getByRole('link', { name: 'Wish rounds' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wish rounds' })).toBeVisible();
  await expect(page.getByTestId('wish-rounds-empty')).toBeVisible();
  await page.getByRole('button', { name: 'New wish round' }).click();
  const dialog = page.getByRole('dialog', { name: 'New wish round' });
  await dialog.getByLabel('Name').fill('Summer round');
  await dialog.getByLabel('For').click();
  await page.getByRole('option', { name: 'Crew' }).click();
  await dialog.getByLabel('Maximum shifts each').fill('2');
  await dialog.getByRole('checkbox', { name: 'All shifts shown' }).check();
  await expect(dialog.getByText('Shifts in the round (3 chosen)')).toBeVisible();
  await expectAxeCleanAtWidths(page, 'new wish round');
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Open round' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Summer round' })).toBeVisible();
  await expect(page.getByTestId('wish-count')).toHaveText('0 people have made wishes.');
  const roundId = Number(new URL(page.url()).pathname.split('/').pop());
  expect(roundId).toBeGreaterThan(0);

  // Ada, on a phone, by keyboard: wishes Gate then Bar, moves Bar first, and will do one shift.
  const phone = await ada.context.newPage();
  await phone.setViewportSize({ width: 375, height: 800 });
  await login(phone, ada.email, 'volunteer-password-1');
  await phone.goto(`/event/${event.id}/wish-rounds`);
  await phone.getByRole('link', { name: /Summer round/ }).click();
  await expect(phone.getByRole('heading', { level: 2, name: 'Your wishes' })).toBeVisible();
  await expect(phone.getByTestId('ranked-empty')).toBeVisible();
  for (const title of ['Gate', 'Bar']) {
    const add = phone.getByRole('button', { name: `Add ${title} to my wishes` });
    await add.focus();
    await phone.keyboard.press('Enter');
  }
  const up = phone.getByRole('button', { name: 'Move Bar up' });
  await up.focus();
  await phone.keyboard.press('Enter');
  await expect(phone.getByTestId('ranked-list').getByRole('listitem')).toHaveText([/Bar/, /Gate/]);
  await phone.getByRole('checkbox', { name: 'I cannot do Kitchen' }).check();
  await phone.getByRole('button', { name: 'Save my wishes' }).click();
  await expect(phone.getByText('Your wishes are saved.')).toBeVisible();
  await expect(phone.getByTestId('my-friend-code')).toHaveText(/^[A-Z0-9]{6,}$/);
  await expectAxeCleanAtWidths(phone, 'wishes');
  await phone.setViewportSize({ width: 375, height: 800 });

  // Bo and Cy wish through the same call the screen makes.
  await postJson(bo.person, `/api/event/${event.id}/wish-rounds/${roundId}/wishes`, {
    ranked: [shifts.Gate],
    cannot: [],
    count: 1,
  });
  await postJson(cy.person, `/api/event/${event.id}/wish-rounds/${roundId}/wishes`, {
    ranked: [shifts.Gate, shifts.Kitchen],
    cannot: [],
    count: 1,
  });

  // The organiser previews with a fixed random number, then publishes.
  await page.reload();
  await expect(page.getByTestId('wish-count')).toHaveText('3 people have made wishes.');
  await page.getByLabel('Random number').fill('42');
  await page.getByRole('button', { name: 'Allocate (preview)' }).click();
  const preview = page.getByTestId('allocation-preview');
  await expect(preview.getByTestId('places-filled')).toHaveText('3 of 4');
  await expect(preview.getByTestId('empty-places')).toHaveText('1');
  // Everyone placed; Ada's and Bo's first wishes met, Cy's second: two of three first wishes.
  await expect(preview.getByTestId('first-wish-share')).toHaveText('67%');
  const shiftRows = preview.getByTestId('preview-shifts').getByRole('listitem');
  await expect(shiftRows.filter({ hasText: 'Bar' })).toContainText('Ada Volunteer');
  await expect(shiftRows.filter({ hasText: 'Gate' })).toContainText('Bo Volunteer');
  await expect(shiftRows.filter({ hasText: 'Kitchen' })).toContainText('Cy Volunteer');
  await expectAxeCleanAtWidths(page, 'allocation preview');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog', { name: 'Publish the allocation?' }).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('round-published')).toBeVisible();

  // Each is told, and Ada sees what she got and why Gate was not hers.
  await waitForMail(ada.email, 15_000, /Summer round/);
  await phone.reload();
  const result = phone.getByTestId('my-result');
  await expect(result.getByTestId('result-assigned')).toHaveText(/Bar/);
  await expect(result.getByTestId('result-unmet')).toContainText('Gate');
  await expect(result.getByTestId('result-unmet')).toContainText('you already got as many shifts as you asked for');
  await expect(result.getByTestId('result-draw')).toContainText('42');
  await expectAxeCleanAtWidths(phone, 'wish result');

  // The places are shifts now: Bar is Ada's own shift, Gate and Kitchen are not.
  const mine = (await (await ada.context.request.get(`/api/event/${event.id}/shifts`)).json()) as {
    shifts: { id: number; mine: boolean }[];
  };
  expect(mine.shifts.filter((shift) => shift.mine).map((shift) => shift.id)).toEqual([shifts.Bar]);

  for (const volunteer of [ada, bo, cy]) await volunteer.context.close();
});
