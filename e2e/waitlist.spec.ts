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

test('a volunteer joins the waitlist of a full shift on a phone and gets the place when it frees', async ({
  page,
  browser,
}) => {
  const holder = await registerInOwnContext(browser, 'Hedda', 'waitlist');
  const waiter = await registerInOwnContext(browser, 'Wilma', 'waitlist');

  await login(page, DEMO.admin.email, DEMO.admin.password);
  const { event } = await postJson<{ event: { id: number } }>(page, '/api/events', {
    name: `Waitlist e2e ${Date.now()}`,
  });
  const { group } = await postJson<{ group: { id: number } }>(page, `/api/event/${event.id}/groups`, { name: 'Bar' });
  const ids: Record<string, number> = {};
  for (const volunteer of [holder, waiter]) {
    await inviteAndAccept(page, volunteer.person, event.id, {
      email: volunteer.email,
      roleLevel: 2,
      groupId: group.id,
    });
  }
  const { users } = (await (await page.request.get(`/api/event/${event.id}/users`)).json()) as {
    users: { id: number; email: string }[];
  };
  for (const user of users) ids[user.email] = user.id;
  await postJson(page, `/api/event/${event.id}/scheduling-settings`, {
    minRestMinutes: 0,
    selfSignupGroupIds: [group.id],
    signOffClosesHours: 0,
  });
  const { shift } = await postJson<{ shift: { id: number } }>(
    page,
    `/api/event/${event.id}/shifts`,
    {
      title: 'Evening bar',
      description: '',
      location: 'Tent',
      startsAt: '2031-07-03T16:00:00.000Z',
      endsAt: '2031-07-03T20:00:00.000Z',
      capacity: 1,
      groupId: group.id,
    },
    { status: 201 },
  );
  const { assignment } = await postJson<{ assignment: { id: number } }>(
    holder.person,
    `/api/event/${event.id}/shifts/${shift.id}/assignments`,
    { eventUserId: ids[holder.email] },
    { status: 201 },
  );

  // The waiting volunteer, on a phone: the shift is full, so the card offers the waitlist instead of "Sign up".
  const phone = await waiter.context.newPage();
  await phone.setViewportSize({ width: 375, height: 800 });
  await login(phone, waiter.email, 'volunteer-password-1');
  await phone.goto(`/event/${event.id}/scheduling`);
  const card = phone.getByRole('region', { name: 'Evening bar' }).first();
  await expect(card.getByText('1/1 filled')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Sign up' })).toHaveCount(0);
  const join = card.getByRole('button', { name: 'Join the waitlist' });
  await join.focus();
  await phone.keyboard.press('Enter');
  await expect(phone.getByText('You are number 1 on the waitlist.')).toBeVisible();
  await expect(card.getByTestId('waitlist-position')).toContainText('You are number 1 on the waitlist');
  await expect(card.getByRole('button', { name: 'Leave the waitlist' })).toBeVisible();
  await expectAxeCleanAtWidths(phone, 'waitlist');
  await phone.setViewportSize({ width: 375, height: 800 });

  // The organiser sees the line.
  const line = (await (await page.request.get(`/api/event/${event.id}/shifts/${shift.id}/waitlist`)).json()) as {
    waitlist: { eventUserId: number; position: number }[];
  };
  expect(line.waitlist).toEqual([expect.objectContaining({ eventUserId: ids[waiter.email], position: 1 })]);
  // …and on the shift's card, by keyboard: "1 waiting" opens the names.
  await page.goto(`/event/${event.id}/scheduling`);
  const organiserCard = page.getByRole('region', { name: 'Evening bar' }).first();
  const waiting = organiserCard.getByRole('button', { name: '1 waiting' });
  await waiting.focus();
  await page.keyboard.press('Enter');
  await expect(waiting).toHaveAttribute('aria-expanded', 'true');
  await expect(organiserCard.getByRole('list', { name: 'Waitlist of Evening bar' })).toContainText('Wilma Volunteer');
  await expectAxeCleanAtWidths(page, 'organiser waitlist');

  // The holder signs off: the place goes to the first in line, who is told by e-mail (no push device here).
  const signedOff = await holder.context.request.delete(
    `/api/event/${event.id}/shifts/${shift.id}/assignments/${assignment.id}`,
    { headers: { 'x-csrf-token': holder.person.csrf } },
  );
  expect(signedOff.ok(), await signedOff.text()).toBe(true);
  const mail = await waitForMail(waiter.email, 15_000, /a place came free on a shift of Waitlist e2e/);
  expect(mail).toContain('Evening bar');

  await phone.reload();
  const mine = phone.getByRole('region', { name: 'Evening bar' }).first();
  await expect(mine.getByRole('button', { name: 'Sign off' })).toBeVisible();
  await expect(mine.getByTestId('waitlist-position')).toHaveCount(0);

  await holder.context.close();
  await waiter.context.close();
});
