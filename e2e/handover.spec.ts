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

/** Hand-over (decision 033): one volunteer offers their place, another takes it; then with approval. */
test('a volunteer offers their place on a phone, another takes it, and a leader approves the next one', async ({
  page,
  browser,
}) => {
  const anna = await registerInOwnContext(browser, 'Annika', 'handover');
  const ben = await registerInOwnContext(browser, 'Bengt', 'handover');

  await login(page, DEMO.admin.email, DEMO.admin.password);
  const { event } = await postJson<{ event: { id: number } }>(page, '/api/events', {
    name: `Hand-over e2e ${Date.now()}`,
  });
  const { group } = await postJson<{ group: { id: number } }>(page, `/api/event/${event.id}/groups`, { name: 'Bar' });
  for (const volunteer of [anna, ben]) {
    await inviteAndAccept(page, volunteer.person, event.id, {
      email: volunteer.email,
      roleLevel: 2,
      groupId: group.id,
    });
  }
  const { users } = (await (await page.request.get(`/api/event/${event.id}/users`)).json()) as {
    users: { id: number; email: string }[];
  };
  const ids = Object.fromEntries(users.map((user) => [user.email, user.id]));
  // Sign-off closed long before: offering the place is still possible, that is its point.
  await postJson(page, `/api/event/${event.id}/scheduling-settings`, {
    minRestMinutes: 0,
    selfSignupGroupIds: [group.id],
    signOffClosesHours: 24 * 30,
  });
  const shiftAt = async (title: string, day: string) => {
    const { shift } = await postJson<{ shift: { id: number } }>(
      page,
      `/api/event/${event.id}/shifts`,
      {
        title,
        description: '',
        location: 'Tent',
        startsAt: `${day}T16:00:00.000Z`,
        endsAt: `${day}T20:00:00.000Z`,
        capacity: 1,
        groupId: group.id,
      },
      { status: 201 },
    );
    await postJson(
      page,
      `/api/event/${event.id}/shifts/${shift.id}/assignments`,
      { eventUserId: ids[anna.email] },
      { status: 201 },
    );
    return shift.id;
  };
  await shiftAt('Evening bar', '2031-07-03');

  // Anna, on a phone: her shift's card offers "Offer my place" (sign-off has closed); a small dialog, by keyboard.
  const annaPhone = await anna.context.newPage();
  await annaPhone.setViewportSize({ width: 375, height: 800 });
  await login(annaPhone, anna.email, anna.password);
  await annaPhone.goto(`/event/${event.id}/scheduling`);
  const annaCard = annaPhone.getByTestId('my-shifts').getByRole('region', { name: 'Evening bar' });
  await expect(annaCard.getByRole('button', { name: 'Sign off' })).toHaveCount(0);
  const offerButton = annaCard.getByRole('button', { name: 'Offer my place' });
  await offerButton.focus();
  await annaPhone.keyboard.press('Enter');
  const dialog = annaPhone.getByRole('dialog', { name: 'Offer your place on Evening bar' });
  await expect(dialog).toBeVisible();
  await expectAxeCleanAtWidths(annaPhone, 'offer dialog');
  await annaPhone.setViewportSize({ width: 375, height: 800 });
  await dialog.getByRole('button', { name: 'Offer my place' }).click();
  await expect(annaPhone.getByText('Your place is offered. It stays yours until someone takes it.')).toBeVisible();
  await expect(annaCard.getByTestId('my-offer')).toContainText('Offered until');
  await expect(annaCard.getByRole('button', { name: 'Withdraw offer' })).toBeVisible();
  await expectAxeCleanAtWidths(annaPhone, 'offered place');

  // Ben sees it under "Offered places" and takes it, by keyboard.
  const benPage = await ben.context.newPage();
  await login(benPage, ben.email, ben.password);
  await benPage.goto(`/event/${event.id}/scheduling`);
  const offers = benPage.getByRole('region', { name: 'Offered places' });
  const take = offers.getByRole('button', { name: /Take the place on Evening bar offered by Annika Volunteer/ });
  await expect(take).toBeVisible();
  await expectAxeCleanAtWidths(benPage, 'offered places');
  await take.focus();
  await benPage.keyboard.press('Enter');
  await expect(benPage.getByText('The place is yours now.')).toBeVisible();
  await expect(benPage.getByTestId('my-shifts').getByRole('region', { name: 'Evening bar' })).toBeVisible();
  await expect(offers.getByTestId('offers-empty')).toBeVisible();

  // Anna no longer holds it, and both are told by e-mail (no push device here).
  await annaPhone.reload();
  await expect(annaPhone.getByText('You have no shifts yet.')).toBeVisible();
  expect(await waitForMail(anna.email, 15_000, /took over the place you offered/)).toContain('Evening bar');
  expect(await waitForMail(ben.email, 15_000, /you took over the place Annika Volunteer offered/)).toContain(
    'Evening bar',
  );

  // With a leader's approval required (the rules dialog's switch): Ben's asking waits until the admin approves.
  await page.goto(`/event/${event.id}/scheduling`);
  await page.getByRole('button', { name: 'Rules' }).click();
  const rules = page.getByRole('dialog', { name: 'Scheduling rules' });
  await rules.getByRole('switch', { name: "Hand-overs need a leader's approval" }).check();
  await rules.getByRole('button', { name: 'Save the rules' }).click();
  await expect(rules).toHaveCount(0);
  const second = await shiftAt('Late bar', '2031-07-04');
  // Anna signed in on her phone since she registered: her page has the current CSRF token.
  await postJson(annaPhone, `/api/event/${event.id}/shifts/${second}/offers`, {}, { status: 201 });
  await benPage.reload();
  await offers.getByRole('button', { name: /Take the place on Late bar/ }).click();
  await expect(benPage.getByText("You asked for the place: it is waiting for a leader's approval.")).toBeVisible();
  await expect(offers.getByText('Waiting for approval')).toBeVisible();

  await page.reload();
  const organiserOffers = page.getByRole('region', { name: 'Offered places' });
  const approve = organiserOffers.getByRole('button', {
    name: 'Approve: Bengt Volunteer takes the place of Annika Volunteer on Late bar',
  });
  await expect(approve).toBeVisible();
  await expectAxeCleanAtWidths(page, 'hand-over waiting for approval');
  await approve.click();
  await expect(page.getByText('The hand-over is approved: the place has changed hands.')).toBeVisible();
  await benPage.reload();
  await expect(benPage.getByTestId('my-shifts').getByRole('region', { name: 'Late bar' })).toBeVisible();

  await anna.context.close();
  await ben.context.close();
});
