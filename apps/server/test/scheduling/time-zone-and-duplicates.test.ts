import { catalogue } from '@funkis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { addMember, createEvent, createGroup, createUser, loginAs } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAIL_WORKER: 'off', REMINDER_WORKER: 'off' });
});
afterAll(() => t.close());

async function setup() {
  const adminUser = await createUser(t.db);
  const event = await createEvent(t.db, { adminId: adminUser.id, name: 'Lake festival' });
  const kitchen = await createGroup(t.db, event.id, 'Kitchen');
  const bar = await createGroup(t.db, event.id, 'Bar');
  const leaderUser = await createUser(t.db);
  await addMember(t.db, event.id, leaderUser.id, 1, kitchen.id);
  const volunteerUser = await createUser(t.db, { firstname: 'Vera', lastname: 'Volunteer' });
  const volunteerId = await addMember(t.db, event.id, volunteerUser.id, 2, kitchen.id);
  const admin = await loginAs(t.app, adminUser);
  return {
    eventId: event.id,
    admin,
    kitchen,
    bar,
    leader: await loginAs(t.app, leaderUser),
    volunteer: await loginAs(t.app, volunteerUser),
    volunteerId,
  };
}
type Setup = Awaited<ReturnType<typeof setup>>;

async function createShift(client: TestClient, eventId: number, body: Record<string, unknown>): Promise<number> {
  const response = await client.post(`/api/event/${eventId}/shifts`, {
    title: 'Dishes',
    description: '',
    location: 'Kitchen',
    capacity: 3,
    groupId: null,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().shift.id as number;
}

const setZone = (s: Setup, timeZone: string) => s.admin.post(`/api/event/${s.eventId}/settings`, { timeZone });

describe(`event time zone on ${dialect}`, () => {
  it("defaults to the server's zone, takes IANA names Intl knows, refuses others, audited", async () => {
    const s = await setup();
    const initial = (await s.admin.get(`/api/event/${s.eventId}`)).json().event;
    expect(initial.timeZone).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);

    for (const wrong of ['Mars/Olympus_Mons', 'Europe/stockholm ', '', 'x'.repeat(300), 'Europe/Stock\u0000holm']) {
      const refused = await setZone(s, wrong);
      expect(refused.statusCode, wrong).toBe(400);
      expect(refused.json().errors[0].code).toBe('error.timeZoneUnknown');
    }
    const saved = await setZone(s, 'America/St_Johns');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().event.timeZone).toBe('America/St_Johns');
    expect((await s.admin.get(`/api/event/${s.eventId}`)).json().event.timeZone).toBe('America/St_Johns');

    // Only admins change event settings.
    expect((await s.leader.post(`/api/event/${s.eventId}/settings`, { timeZone: 'UTC' })).statusCode).toBe(403);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('event_id', '=', s.eventId)
      .where('action', '=', 'event.settings_changed')
      .execute();
    expect(audit.map((row) => JSON.parse(row.details).changes.timeZone?.to)).toContain('America/St_Johns');
  });
});

describe(`duplicating shifts on ${dialect}`, () => {
  it('copies one shift to a new start with its length, texts, group and places, but not its people', async () => {
    const s = await setup();
    const source = await createShift(s.admin, s.eventId, {
      groupId: s.kitchen.id,
      description: 'Bring gloves',
      startsAt: '2030-07-03T08:00:00+02:00',
      endsAt: '2030-07-03T12:30:00+02:00',
    });
    await s.admin.post(`/api/event/${s.eventId}/shifts/${source}/assignments`, { eventUserId: s.volunteerId });
    const copied = await s.admin.post(`/api/event/${s.eventId}/shifts/${source}/duplicate`, {
      startsAt: '2030-07-05T14:00:00+02:00',
    });
    expect(copied.statusCode, copied.body).toBe(201);
    expect(copied.json().shift).toMatchObject({
      title: 'Dishes',
      description: 'Bring gloves',
      location: 'Kitchen',
      capacity: 3,
      group: { id: s.kitchen.id },
      startsAt: '2030-07-05T12:00:00.000Z',
      endsAt: '2030-07-05T16:30:00.000Z',
      assignments: [],
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['subject', 'details'])
      .where('event_id', '=', s.eventId)
      .where('action', '=', 'shift.duplicated')
      .executeTakeFirstOrThrow();
    expect(audit.subject).toBe(`shift:${copied.json().shift.id}`);
    expect(JSON.parse(audit.details).from).toBe(source);

    // Leaders copy their own group's shifts only; volunteers none; unknown shifts are 404; bad input 400.
    const barShift = await createShift(s.admin, s.eventId, {
      groupId: s.bar.id,
      startsAt: '2030-07-03T08:00:00Z',
      endsAt: '2030-07-03T09:00:00Z',
    });
    const body = { startsAt: '2030-07-06T08:00:00Z' };
    expect((await s.leader.post(`/api/event/${s.eventId}/shifts/${source}/duplicate`, body)).statusCode).toBe(201);
    expect((await s.leader.post(`/api/event/${s.eventId}/shifts/${barShift}/duplicate`, body)).statusCode).toBe(403);
    expect((await s.volunteer.post(`/api/event/${s.eventId}/shifts/${source}/duplicate`, body)).statusCode).toBe(403);
    expect((await s.admin.post(`/api/event/${s.eventId}/shifts/2147483647/duplicate`, body)).statusCode).toBe(404);
    expect((await s.admin.post(`/api/event/${s.eventId}/shifts/2147483648/duplicate`, body)).statusCode).toBe(400);
    const bad = await s.admin.post(`/api/event/${s.eventId}/shifts/${source}/duplicate`, { startsAt: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].code).toBe('error.shiftTimeInvalid');
  });

  it("copies a whole day of the event's zone to another day at the same wall-clock times, across a DST change", async () => {
    const s = await setup();
    expect((await setZone(s, 'Europe/Stockholm')).statusCode).toBe(200);
    // Saturday 30 March 2030 is still +01:00 in Stockholm; Monday 1 April is +02:00.
    const early = await createShift(s.admin, s.eventId, {
      title: 'Gate',
      groupId: s.kitchen.id,
      startsAt: '2030-03-30T00:30:00+01:00',
      endsAt: '2030-03-30T06:00:00+01:00',
    });
    const late = await createShift(s.admin, s.eventId, {
      title: 'Night bar',
      groupId: s.bar.id,
      startsAt: '2030-03-30T22:00:00+01:00',
      endsAt: '2030-03-31T04:00:00+02:00',
    });
    // Starts the day before in Stockholm (23:30 on the 29th), though the 30th in UTC+0: not part of the day.
    await createShift(s.admin, s.eventId, {
      title: 'Eve',
      startsAt: '2030-03-29T23:30:00+01:00',
      endsAt: '2030-03-30T00:15:00+01:00',
    });
    await s.admin.post(`/api/event/${s.eventId}/shifts/${early}/assignments`, { eventUserId: s.volunteerId });

    const url = `/api/event/${s.eventId}/shifts/duplicate-day`;
    const preview = await s.admin.post(url, { from: '2030-03-30', to: '2030-04-01', preview: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      created: false,
      shifts: [
        {
          sourceId: early,
          id: null,
          title: 'Gate',
          startsAt: '2030-03-31T22:30:00.000Z',
          endsAt: '2030-04-01T04:00:00.000Z',
        },
        {
          sourceId: late,
          id: null,
          title: 'Night bar',
          startsAt: '2030-04-01T20:00:00.000Z',
          endsAt: '2030-04-02T02:00:00.000Z',
        },
      ],
    });
    const countShifts = async () =>
      Number(
        (
          await t.db
            .selectFrom('shifts')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('event_id', '=', s.eventId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await countShifts()).toBe(3);

    const made = await s.admin.post(url, { from: '2030-03-30', to: '2030-04-01' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().created).toBe(true);
    expect(await countShifts()).toBe(5);
    const ids = made.json().shifts.map((draft: { id: number }) => draft.id);
    const listed = (await s.admin.get(`/api/event/${s.eventId}/shifts?from=2030-03-31T12:00:00Z`)).json().shifts;
    const copies = listed.filter((shift: { id: number }) => ids.includes(shift.id));
    expect(copies.map((shift: { assignments: unknown[] }) => shift.assignments)).toEqual([[], []]);
    const audits = await t.db
      .selectFrom('audit_log')
      .select('subject')
      .where('event_id', '=', s.eventId)
      .where('action', '=', 'shift.duplicated')
      .execute();
    expect(audits.map((row) => row.subject).sort()).toEqual(ids.map((id: number) => `shift:${id}`).sort());

    // A leader copies only their own group's shifts of the day.
    const leaderPreview = await s.leader.post(url, { from: '2030-03-30', to: '2030-04-02', preview: true });
    expect(leaderPreview.json().shifts.map((draft: { sourceId: number }) => draft.sourceId)).toEqual([early]);
    expect((await s.volunteer.post(url, { from: '2030-03-30', to: '2030-04-02', preview: true })).statusCode).toBe(403);
    const empty = await s.admin.post(url, { from: '2030-05-01', to: '2030-05-02' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({ code: 'error.duplicateDayEmpty', params: { date: '2030-05-01' } });
    const same = await s.admin.post(url, { from: '2030-03-30', to: '2030-03-30' });
    expect(same.json().errors[0].code).toBe('error.duplicateSameDay');
    expect((await s.admin.post(url, { from: '2030-02-30', to: '2030-03-01' })).statusCode).toBe(400);
    expect(await countShifts()).toBe(5);
  });
});

describe(`changing a shift's time on ${dialect}`, () => {
  it("re-checks the assigned people's overlaps and rest and names the conflict, in both languages", async () => {
    const s = await setup();
    const morning = await createShift(s.admin, s.eventId, {
      title: 'Morning',
      groupId: s.kitchen.id,
      startsAt: '2030-07-03T08:00:00Z',
      endsAt: '2030-07-03T12:00:00Z',
    });
    const afternoon = await createShift(s.admin, s.eventId, {
      title: 'Afternoon',
      groupId: s.kitchen.id,
      startsAt: '2030-07-03T14:00:00Z',
      endsAt: '2030-07-03T18:00:00Z',
    });
    for (const shiftId of [morning, afternoon]) {
      const added = await s.admin.post(`/api/event/${s.eventId}/shifts/${shiftId}/assignments`, {
        eventUserId: s.volunteerId,
      });
      expect(added.statusCode).toBe(201);
    }
    const overlap = await s.leader.post(`/api/event/${s.eventId}/shifts/${morning}`, {
      endsAt: '2030-07-03T15:00:00Z',
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().errors[0]).toMatchObject({
      code: 'error.shiftChangeOverlap',
      params: { name: 'Vera Volunteer', title: 'Afternoon' },
    });
    expect(overlap.json().errorMessages[0]).toContain('Vera Volunteer');

    const rest = await s.admin.post(`/api/event/${s.eventId}/scheduling-settings`, {
      minRestMinutes: 180,
      selfSignupGroupIds: [],
      signOffClosesHours: 0,
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const tooClose = await s.admin.post(`/api/event/${s.eventId}/shifts/${afternoon}`, {
      startsAt: '2030-07-03T13:00:00Z',
    });
    expect(tooClose.statusCode).toBe(409);
    expect(tooClose.json().errors[0]).toMatchObject({
      code: 'error.shiftChangeRestTooShort',
      params: { name: 'Vera Volunteer', minutes: 180, title: 'Morning' },
    });
    // The web translates by code: both languages name the person and the other shift.
    for (const code of ['error.shiftChangeOverlap', 'error.shiftChangeRestTooShort'] as const) {
      expect(catalogue[code].sv).toContain('{name}');
      expect(catalogue[code].sv).toContain('{title}');
    }

    // Nothing changed; a move that keeps the rest is fine; a shift nobody holds moves freely.
    const stored = (await s.admin.get(`/api/event/${s.eventId}/shifts`)).json().shifts;
    expect(stored.map((shift: { endsAt: string }) => shift.endsAt)).toEqual([
      '2030-07-03T12:00:00.000Z',
      '2030-07-03T18:00:00.000Z',
    ]);
    const fine = await s.admin.post(`/api/event/${s.eventId}/shifts/${afternoon}`, {
      startsAt: '2030-07-03T15:00:00Z',
      endsAt: '2030-07-03T19:00:00Z',
    });
    expect(fine.statusCode, fine.body).toBe(200);
    const free = await createShift(s.admin, s.eventId, {
      startsAt: '2030-07-03T08:00:00Z',
      endsAt: '2030-07-03T09:00:00Z',
    });
    expect(
      (await s.admin.post(`/api/event/${s.eventId}/shifts/${free}`, { endsAt: '2030-07-03T20:00:00Z' })).statusCode,
    ).toBe(200);
    // Volunteers cannot change shifts at all.
    expect(
      (await s.volunteer.post(`/api/event/${s.eventId}/shifts/${morning}`, { title: 'Mine now' })).statusCode,
    ).toBe(403);
  });
});

describe(`a time change and an assignment at the same moment on ${dialect}`, () => {
  for (let round = 1; round <= 3; round++) {
    it(`never leave one person with overlapping shifts (round ${round})`, async () => {
      const s = await setup();
      const morning = await createShift(s.admin, s.eventId, {
        title: 'Morning',
        startsAt: '2030-07-03T08:00:00Z',
        endsAt: '2030-07-03T12:00:00Z',
      });
      const afternoon = await createShift(s.admin, s.eventId, {
        title: 'Afternoon',
        startsAt: '2030-07-03T14:00:00Z',
        endsAt: '2030-07-03T18:00:00Z',
      });
      const first = await s.admin.post(`/api/event/${s.eventId}/shifts/${morning}/assignments`, {
        eventUserId: s.volunteerId,
      });
      expect(first.statusCode).toBe(201);
      // Moving the morning into the afternoon and giving the afternoon to the same person: one of them must lose.
      const [moved, assigned] = await Promise.all([
        s.admin.post(`/api/event/${s.eventId}/shifts/${morning}`, { endsAt: '2030-07-03T15:00:00Z' }),
        s.admin.post(`/api/event/${s.eventId}/shifts/${afternoon}/assignments`, { eventUserId: s.volunteerId }),
      ]);
      // Whichever comes second sees the first: the move (200) and the sign-up refused (409), or the reverse (201).
      expect([
        [200, 409],
        [409, 201],
      ]).toContainEqual([moved.statusCode, assigned.statusCode]);
      const shifts = (await s.admin.get(`/api/event/${s.eventId}/shifts`)).json().shifts as {
        startsAt: string;
        endsAt: string;
        assignments: { eventUserId: number }[];
      }[];
      const held = shifts.filter((shift) => shift.assignments.some((a) => a.eventUserId === s.volunteerId));
      const overlapping = held.some((one, index) =>
        held.some(
          (other, otherIndex) =>
            otherIndex !== index &&
            Date.parse(one.startsAt) < Date.parse(other.endsAt) &&
            Date.parse(other.startsAt) < Date.parse(one.endsAt),
        ),
      );
      expect(overlapping).toBe(false);
    });
  }
});
