import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { addMember, createEvent, createGroup, createUser, loginAs, type TestUser } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Setup {
  eventId: number;
  admin: TestClient;
  kitchen: { id: number; name: string };
  bar: { id: number; name: string };
  leader: TestClient;
  volunteer: { user: TestUser; client: TestClient; eventUserId: number };
  other: { user: TestUser; client: TestClient; eventUserId: number };
  outsider: TestClient;
}

async function setup(): Promise<Setup> {
  const adminUser = await createUser(t.db);
  const event = await createEvent(t.db, { adminId: adminUser.id });
  const kitchen = await createGroup(t.db, event.id, 'Kitchen');
  const bar = await createGroup(t.db, event.id, 'Bar');
  const leaderUser = await createUser(t.db);
  await addMember(t.db, event.id, leaderUser.id, 1, kitchen.id);
  const volunteerUser = await createUser(t.db, { firstname: 'Vera', lastname: 'Volunteer' });
  const volunteerId = await addMember(t.db, event.id, volunteerUser.id, 2, kitchen.id);
  const otherUser = await createUser(t.db, { firstname: 'Otto', lastname: 'Other' });
  const otherId = await addMember(t.db, event.id, otherUser.id, 2, bar.id);
  const outsiderUser = await createUser(t.db);
  return {
    eventId: event.id,
    admin: await loginAs(t.app, adminUser),
    kitchen,
    bar,
    leader: await loginAs(t.app, leaderUser),
    volunteer: { user: volunteerUser, client: await loginAs(t.app, volunteerUser), eventUserId: volunteerId },
    other: { user: otherUser, client: await loginAs(t.app, otherUser), eventUserId: otherId },
    outsider: await loginAs(t.app, outsiderUser),
  };
}

const shiftBody = (groupId: number | null, overrides: Record<string, unknown> = {}) => ({
  title: 'Dishes',
  description: 'Bring gloves',
  location: 'Main kitchen',
  startsAt: '2030-07-03T08:00:00+02:00',
  endsAt: '2030-07-03T12:00:00+02:00',
  capacity: 2,
  groupId,
  ...overrides,
});

async function createShift(s: Setup, overrides: Record<string, unknown> = {}): Promise<number> {
  const response = await s.admin.post(`/api/event/${s.eventId}/shifts`, shiftBody(s.kitchen.id, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().shift.id as number;
}

const assign = (client: TestClient, s: Setup, shiftId: number, eventUserId: number) =>
  client.post(`/api/event/${s.eventId}/shifts/${shiftId}/assignments`, { eventUserId });

describe(`shifts on ${dialect}`, () => {
  it('creates, lists, changes and deletes a shift, in UTC, with audit entries', async () => {
    const s = await setup();
    const created = await s.admin.post(`/api/event/${s.eventId}/shifts`, shiftBody(s.kitchen.id));
    expect(created.statusCode).toBe(201);
    const shift = created.json().shift;
    expect(shift).toMatchObject({
      title: 'Dishes',
      location: 'Main kitchen',
      startsAt: '2030-07-03T06:00:00.000Z',
      endsAt: '2030-07-03T10:00:00.000Z',
      capacity: 2,
      group: { id: s.kitchen.id, name: 'Kitchen' },
      assignments: [],
      mine: false,
    });

    const changed = await s.admin.post(`/api/event/${s.eventId}/shifts/${shift.id}`, { title: 'Pots', capacity: 3 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().shift).toMatchObject({ title: 'Pots', capacity: 3, location: 'Main kitchen' });

    const listed = await s.admin.get(`/api/event/${s.eventId}/shifts`);
    expect(listed.json().shifts.map((item: { title: string }) => item.title)).toEqual(['Pots']);

    expect((await s.admin.delete(`/api/event/${s.eventId}/shifts/${shift.id}`)).statusCode).toBe(200);
    expect((await s.admin.get(`/api/event/${s.eventId}/shifts`)).json().shifts).toEqual([]);
    expect((await s.admin.delete(`/api/event/${s.eventId}/shifts/${shift.id}`)).statusCode).toBe(404);

    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `shift:${shift.id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['shift.created', 'shift.updated', 'shift.deleted']);
  });

  it('refuses bad input with 400 at the schema, on both databases alike', async () => {
    const s = await setup();
    const url = `/api/event/${s.eventId}/shifts`;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '\u200B\u200B' }, 'error.blank'],
      [{ title: 'a\u0000b' }, 'error.invalidCharacters'],
      [{ location: 'x'.repeat(201) }, 'error.shiftLocationTooLong'],
      [{ endsAt: '2030-07-03T07:00:00+02:00' }, 'error.shiftEndsBeforeStart'],
      [{ startsAt: 'tomorrow' }, 'error.shiftTimeInvalid'],
      [{ capacity: 0 }, 'error.shiftCapacityInvalid'],
      [{ groupId: 2_147_483_648 }, 'error.idInvalid'],
    ];
    for (const [overrides, code] of cases) {
      const response = await s.admin.post(url, shiftBody(s.kitchen.id, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().errors.map((error: { code: string }) => error.code)).toContain(code);
    }
    expect((await s.admin.post(url, shiftBody(2_147_483_647))).statusCode).toBe(404);
    expect((await s.admin.post(`/api/event/${s.eventId}/shifts/2147483648`, { title: 'x' })).statusCode).toBe(400);
    expect((await s.admin.post(`/api/event/${s.eventId}/shifts/2147483647`, { title: 'x' })).statusCode).toBe(404);
    expect((await s.admin.get(`${url}?from=yesterday`)).statusCode).toBe(400);
  });

  it('lets leaders organise only their own group, volunteers and outsiders not at all, and wants CSRF', async () => {
    const s = await setup();
    const url = `/api/event/${s.eventId}/shifts`;
    expect((await s.leader.post(url, shiftBody(s.kitchen.id))).statusCode).toBe(201);
    const barShift = await createShift(s, { groupId: s.bar.id });
    const leaderRefused = await s.leader.post(url, shiftBody(s.bar.id));
    expect(leaderRefused.statusCode).toBe(403);
    expect(leaderRefused.json().errors[0].code).toBe('error.ownGroupOnly');
    expect((await s.leader.post(url, shiftBody(null))).statusCode).toBe(403);
    expect((await s.leader.post(`${url}/${barShift}`, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await s.leader.delete(`${url}/${barShift}`)).statusCode).toBe(403);
    expect((await s.volunteer.client.post(url, shiftBody(s.kitchen.id))).statusCode).toBe(403);
    expect((await s.outsider.get(url)).statusCode).toBe(403);
    expect((await s.outsider.post(url, shiftBody(s.kitchen.id))).statusCode).toBe(403);
    const noCsrf = await s.admin.request('POST', url, shiftBody(s.kitchen.id), { csrf: null });
    expect(noCsrf.statusCode).toBe(403);
    const noCsrfDelete = await s.admin.request('DELETE', `${url}/${barShift}`, undefined, { csrf: null });
    expect(noCsrfDelete.statusCode).toBe(403);
    expect((await s.admin.get(url)).json().shifts).toHaveLength(2);
  });

  it("shows volunteers their group's shifts, the open ones and their own, and filters", async () => {
    const s = await setup();
    const kitchenShift = await createShift(s);
    await createShift(s, { groupId: s.bar.id, title: 'Bar', location: 'Tent' });
    await createShift(s, {
      groupId: null,
      title: 'Open',
      startsAt: '2030-07-04T08:00:00Z',
      endsAt: '2030-07-04T09:00:00Z',
    });
    const titles = async (client: TestClient, query = '') =>
      (await client.get(`/api/event/${s.eventId}/shifts${query}`))
        .json()
        .shifts.map((shift: { title: string }) => shift.title);
    expect(await titles(s.volunteer.client)).toEqual(['Dishes', 'Open']);
    expect(await titles(s.other.client)).toEqual(['Bar', 'Open']);
    expect(await titles(s.admin)).toEqual(['Dishes', 'Bar', 'Open']);
    expect(await titles(s.admin, `?groupId=${s.bar.id}`)).toEqual(['Bar']);
    expect(await titles(s.admin, '?location=Tent')).toEqual(['Bar']);
    expect(await titles(s.admin, '?from=2030-07-04T00:00:00Z')).toEqual(['Open']);
    expect(await titles(s.admin, '?to=2030-07-04T00:00:00Z')).toEqual(['Dishes', 'Bar']);

    expect((await assign(s.admin, s, kitchenShift, s.volunteer.eventUserId)).statusCode).toBe(201);
    expect((await assign(s.admin, s, kitchenShift, s.other.eventUserId)).statusCode).toBe(409);
    const mine = (await s.volunteer.client.get(`/api/event/${s.eventId}/shifts`)).json().shifts[0];
    expect(mine).toMatchObject({ title: 'Dishes', mine: true });
    expect(mine.assignments).toMatchObject([{ eventUserId: s.volunteer.eventUserId, firstname: 'Vera' }]);
    await createShift(s, {
      capacity: 1,
      title: 'Solo',
      startsAt: '2030-07-05T08:00:00Z',
      endsAt: '2030-07-05T09:00:00Z',
    });
    const soloId = (await s.admin.get(`/api/event/${s.eventId}/shifts?location=Main%20kitchen`))
      .json()
      .shifts.find((shift: { title: string }) => shift.title === 'Solo').id;
    expect((await assign(s.admin, s, soloId, s.volunteer.eventUserId)).statusCode).toBe(201);
    expect(await titles(s.admin, '?free=1')).toEqual(['Dishes', 'Bar', 'Open']);
  });
});

describe(`assignment rules on ${dialect}`, () => {
  it('refuses more people than places, the same person twice, and overlaps', async () => {
    const s = await setup();
    const shiftId = await createShift(s, { capacity: 1, groupId: null });
    const first = await assign(s.admin, s, shiftId, s.volunteer.eventUserId);
    expect(first.statusCode).toBe(201);
    expect(first.json().assignment).toMatchObject({ shiftId, eventUserId: s.volunteer.eventUserId });
    const twice = await assign(s.admin, s, shiftId, s.volunteer.eventUserId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors[0].code).toBe('error.shiftAlreadyAssigned');
    const full = await assign(s.admin, s, shiftId, s.other.eventUserId);
    expect(full.statusCode).toBe(409);
    expect(full.json().errors[0]).toEqual({ code: 'error.shiftFull', params: { capacity: 1 } });
    expect(full.json().errorMessages[0]).toBe('This shift is full: all 1 places are taken.');

    const overlapping = await createShift(s, {
      groupId: null,
      title: 'Later dishes',
      startsAt: '2030-07-03T11:59:00+02:00',
      endsAt: '2030-07-03T14:00:00+02:00',
    });
    const overlap = await assign(s.admin, s, overlapping, s.volunteer.eventUserId);
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().errors[0]).toEqual({ code: 'error.shiftOverlap', params: { title: 'Dishes' } });
    const adjacent = await createShift(s, {
      groupId: null,
      title: 'Right after',
      startsAt: '2030-07-03T12:00:00+02:00',
      endsAt: '2030-07-03T14:00:00+02:00',
    });
    expect((await assign(s.admin, s, adjacent, s.volunteer.eventUserId)).statusCode).toBe(201);
  });

  it('keeps the minimum rest when one is set', async () => {
    const s = await setup();
    const settings = await s.admin.post(`/api/event/${s.eventId}/scheduling-settings`, {
      minRestMinutes: 60,
      selfSignupGroupIds: [],
      signOffClosesHours: 0,
    });
    expect(settings.statusCode).toBe(200);
    const morning = await createShift(s);
    const tooSoon = await createShift(s, {
      title: 'Lunch',
      startsAt: '2030-07-03T12:30:00+02:00',
      endsAt: '2030-07-03T14:00:00+02:00',
    });
    const afterRest = await createShift(s, {
      title: 'Dinner',
      startsAt: '2030-07-03T13:00:00+02:00',
      endsAt: '2030-07-03T15:00:00+02:00',
    });
    expect((await assign(s.admin, s, morning, s.volunteer.eventUserId)).statusCode).toBe(201);
    const refused = await assign(s.admin, s, tooSoon, s.volunteer.eventUserId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0]).toEqual({
      code: 'error.shiftRestTooShort',
      params: { minutes: 60, title: 'Dishes' },
    });
    expect((await assign(s.admin, s, afterRest, s.volunteer.eventUserId)).statusCode).toBe(201);
  });

  it("keeps volunteers in their own group's shifts, and leaders to their group", async () => {
    const s = await setup();
    const kitchenShift = await createShift(s);
    const barShift = await createShift(s, { groupId: s.bar.id });
    const wrongGroup = await assign(s.admin, s, kitchenShift, s.other.eventUserId);
    expect(wrongGroup.statusCode).toBe(409);
    expect(wrongGroup.json().errors[0].code).toBe('error.shiftOtherGroup');
    expect((await assign(s.leader, s, kitchenShift, s.volunteer.eventUserId)).statusCode).toBe(201);
    expect((await assign(s.leader, s, barShift, s.other.eventUserId)).statusCode).toBe(403);
    expect((await assign(s.admin, s, barShift, s.other.eventUserId)).statusCode).toBe(201);
    expect((await assign(s.admin, s, barShift, 2_147_483_647)).statusCode).toBe(404);
    expect((await assign(s.admin, s, barShift, 2_147_483_648)).statusCode).toBe(400);
    const noCsrf = await s.admin.request(
      'POST',
      `/api/event/${s.eventId}/shifts/${kitchenShift}/assignments`,
      { eventUserId: s.other.eventUserId },
      { csrf: null },
    );
    expect(noCsrf.statusCode).toBe(403);
  });

  it('lets volunteers sign themselves up and off only where self sign-up is open, until sign-off closes', async () => {
    const s = await setup();
    const shiftId = await createShift(s);
    const closed = await assign(s.volunteer.client, s, shiftId, s.volunteer.eventUserId);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().errors[0].code).toBe('error.selfSignupClosed');
    await s.admin.post(`/api/event/${s.eventId}/scheduling-settings`, {
      minRestMinutes: 0,
      selfSignupGroupIds: [s.kitchen.id],
      signOffClosesHours: 48,
    });
    expect((await assign(s.volunteer.client, s, shiftId, s.other.eventUserId)).statusCode).toBe(403);
    const signedUp = await assign(s.volunteer.client, s, shiftId, s.volunteer.eventUserId);
    expect(signedUp.statusCode).toBe(201);
    const assignmentId = signedUp.json().assignment.id as number;
    // Someone else's place is not theirs to give back.
    const otherPlace = (
      await assign(
        s.admin,
        s,
        shiftId,
        (
          await s.admin.get(`/api/event/${s.eventId}/users`)
        )
          .json()
          .users.find((u: { roleLevel: number }) => u.roleLevel === 1).id,
      )
    ).json().assignment.id;
    expect(
      (await s.volunteer.client.delete(`/api/event/${s.eventId}/shifts/${shiftId}/assignments/${otherPlace}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await s.other.client.delete(`/api/event/${s.eventId}/shifts/${shiftId}/assignments/${assignmentId}`)).statusCode,
    ).toBe(403);
    const noCsrf = await s.volunteer.client.request(
      'DELETE',
      `/api/event/${s.eventId}/shifts/${shiftId}/assignments/${assignmentId}`,
      undefined,
      { csrf: null },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect(
      (await s.volunteer.client.delete(`/api/event/${s.eventId}/shifts/${shiftId}/assignments/${assignmentId}`))
        .statusCode,
    ).toBe(200);

    // A shift starting within the sign-off window: signing up works, signing off is closed.
    const soon = new Date(Date.now() + 24 * 3_600_000);
    const soonShift = await createShift(s, {
      title: 'Soon',
      startsAt: soon.toISOString(),
      endsAt: new Date(soon.getTime() + 3_600_000).toISOString(),
    });
    const soonPlace = await assign(s.volunteer.client, s, soonShift, s.volunteer.eventUserId);
    expect(soonPlace.statusCode).toBe(201);
    const late = await s.volunteer.client.delete(
      `/api/event/${s.eventId}/shifts/${soonShift}/assignments/${soonPlace.json().assignment.id}`,
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0]).toEqual({ code: 'error.signOffClosed', params: { hours: 48 } });

    const past = await createShift(s, {
      title: 'Past',
      startsAt: '2020-01-01T08:00:00Z',
      endsAt: '2020-01-01T09:00:00Z',
    });
    const started = await assign(s.volunteer.client, s, past, s.volunteer.eventUserId);
    expect(started.statusCode).toBe(409);
    expect(started.json().errors[0].code).toBe('error.shiftStarted');
  });

  it('refuses lowering the places below the people assigned', async () => {
    const s = await setup();
    const shiftId = await createShift(s);
    await assign(s.admin, s, shiftId, s.volunteer.eventUserId);
    const response = await s.admin.post(`/api/event/${s.eventId}/shifts/${shiftId}`, { capacity: 1 });
    expect(response.statusCode).toBe(200);
    const shiftB = await createShift(s, {
      capacity: 2,
      groupId: null,
      startsAt: '2031-01-01T00:00:00Z',
      endsAt: '2031-01-01T01:00:00Z',
    });
    await assign(s.admin, s, shiftB, s.volunteer.eventUserId);
    await assign(s.admin, s, shiftB, s.other.eventUserId);
    const refused = await s.admin.post(`/api/event/${s.eventId}/shifts/${shiftB}`, { capacity: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0]).toMatchObject({
      code: 'error.shiftCapacityBelowAssigned',
      params: { count: 2, capacity: 1 },
    });
  });
});

describe(`the last place taken at the same moment on ${dialect}`, () => {
  for (let round = 1; round <= 5; round++) {
    it(`gives it to one, the other gets 409 (round ${round})`, async () => {
      const s = await setup();
      await s.admin.post(`/api/event/${s.eventId}/scheduling-settings`, {
        minRestMinutes: 0,
        selfSignupGroupIds: [s.kitchen.id, s.bar.id],
        signOffClosesHours: 0,
      });
      const shiftId = await createShift(s, { capacity: 1, groupId: null });
      const answers = await Promise.all([
        assign(s.volunteer.client, s, shiftId, s.volunteer.eventUserId),
        assign(s.other.client, s, shiftId, s.other.eventUserId),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)?.json().errors[0].code).toBe('error.shiftFull');
      const shift = (await s.admin.get(`/api/event/${s.eventId}/shifts`)).json().shifts[0];
      expect(shift.assignments).toHaveLength(1);
    });
  }
});

describe(`repeating creation on ${dialect}`, () => {
  it('makes a whole set in one call, all or none, within the batch limit', async () => {
    const s = await setup();
    const url = `/api/event/${s.eventId}/shifts/batch`;
    const set = [3, 4, 5].flatMap((day) =>
      ['08', '12'].map((hour) =>
        shiftBody(s.kitchen.id, {
          startsAt: `2030-07-0${day}T${hour}:00:00+02:00`,
          endsAt: `2030-07-0${day}T${Number(hour) + 4}:00:00+02:00`,
        }),
      ),
    );
    const made = await s.admin.post(url, { shifts: set });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().shifts.map((shift: { startsAt: string }) => shift.startsAt)).toEqual([
      '2030-07-03T06:00:00.000Z',
      '2030-07-03T10:00:00.000Z',
      '2030-07-04T06:00:00.000Z',
      '2030-07-04T10:00:00.000Z',
      '2030-07-05T06:00:00.000Z',
      '2030-07-05T10:00:00.000Z',
    ]);
    expect((await s.admin.get(`/api/event/${s.eventId}/shifts`)).json().shifts).toHaveLength(6);
    // The log lists the set as one entry (docs/decisions/025), each shift's own entry kept under it.
    const logged = (await s.admin.get(`/api/event/${s.eventId}/audit?pageSize=1`)).json().entries[0];
    expect(logged).toMatchObject({ action: 'shifts.created', count: 6, target: { kind: 'shift', exists: true } });
    expect(logged.details.ids).toEqual(made.json().shifts.map((shift: { id: number }) => shift.id));

    // One bad shift (another group's, for a leader; an unknown group) refuses the whole set.
    expect((await s.leader.post(url, { shifts: [set[0], shiftBody(s.bar.id)] })).statusCode).toBe(403);
    expect((await s.admin.post(url, { shifts: [set[0], shiftBody(2_147_483_647)] })).statusCode).toBe(404);
    const tooMany = await s.admin.post(url, { shifts: Array.from({ length: 101 }, () => set[0]) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0].code).toBe('error.shiftBatchSize');
    expect((await s.admin.post(url, { shifts: [] })).statusCode).toBe(400);
    expect((await s.admin.get(`/api/event/${s.eventId}/shifts`)).json().shifts).toHaveLength(6);
    expect((await s.admin.request('POST', url, { shifts: set }, { csrf: null })).statusCode).toBe(403);
    expect((await s.volunteer.client.post(url, { shifts: set })).statusCode).toBe(403);
  });
});
