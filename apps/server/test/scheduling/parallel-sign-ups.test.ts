import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient, TestResponse } from '../helpers/client.js';
import { addMember, createEvent, createGroup, createUser, loginAs } from '../helpers/factories.js';

/**
 * Sign-ups lock the shift's row and the member's row, not the event (decision 024): sign-ups for different shifts
 * of one event run side by side, and capacity, overlap and rest stay exact however they interleave.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Volunteer {
  client: TestClient;
  eventUserId: number;
}

async function setup(volunteers: number, minRestMinutes = 0) {
  const adminUser = await createUser(t.db);
  const event = await createEvent(t.db, { adminId: adminUser.id });
  const bar = await createGroup(t.db, event.id, 'Bar');
  const admin = await loginAs(t.app, adminUser);
  const settings = await admin.post(`/api/event/${event.id}/scheduling-settings`, {
    minRestMinutes,
    selfSignupGroupIds: [bar.id],
    signOffClosesHours: 0,
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const people: Volunteer[] = [];
  for (let index = 0; index < volunteers; index++) {
    const user = await createUser(t.db);
    const eventUserId = await addMember(t.db, event.id, user.id, 2, bar.id);
    people.push({ client: await loginAs(t.app, user), eventUserId });
  }
  const createShift = async (capacity: number, startsAt: string, endsAt: string) => {
    const response = await admin.post(`/api/event/${event.id}/shifts`, {
      title: `Bar ${startsAt}`,
      description: '',
      location: 'Main bar',
      startsAt,
      endsAt,
      capacity,
      groupId: bar.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().shift.id as number;
  };
  const signUp = (volunteer: Volunteer, shiftId: number) =>
    volunteer.client.post(`/api/event/${event.id}/shifts/${shiftId}/assignments`, {
      eventUserId: volunteer.eventUserId,
    });
  return { eventId: event.id, admin, people, createShift, signUp };
}

/** Resolves when `condition` holds (polled), or fails after `ms`. */
async function until(condition: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const settledFlag = (promise: Promise<TestResponse>) => {
  const state = { settled: false };
  promise.then(
    () => {
      state.settled = true;
    },
    () => {
      state.settled = true;
    },
  );
  return state;
};

describe.skipIf(dialect !== 'postgres')('sign-ups to different shifts of one event on postgres', () => {
  it('run side by side: one waiting on its shift or member does not hold up a sign-up elsewhere', async () => {
    const s = await setup(3);
    const [first, second, third] = s.people;
    const shiftA = await s.createShift(1, '2031-07-03T08:00:00Z', '2031-07-03T12:00:00Z');
    const shiftB = await s.createShift(5, '2031-07-04T08:00:00Z', '2031-07-04T12:00:00Z');

    // Another transaction holds the first volunteer's membership row (as a group change of theirs would).
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holderPid = 0;
    const holding = t.db.transaction().execute(async (trx) => {
      await sql`select id from event_users where id = ${first.eventUserId} for update`.execute(trx);
      holderPid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0].pid;
      await released;
    });
    await until(async () => holderPid !== 0);
    const blockedBy = async (pid: number) =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where ${pid} = any(pg_blocking_pids(pid))`.execute(t.db)
        ).rows[0].n,
      );

    // The first volunteer's sign-up for A takes A's row, then waits for their membership.
    const firstOnA = s.signUp(first, shiftA);
    const firstState = settledFlag(firstOnA);
    await until(async () => (await blockedBy(holderPid)) === 1);

    // A sign-up for the same shift queues behind it (A's row is what capacity is decided on)…
    const thirdOnA = s.signUp(third, shiftA);
    const thirdState = settledFlag(thirdOnA);
    // …while one for another shift of the same event goes straight through.
    const started = performance.now();
    const secondOnB = await s.signUp(second, shiftB);
    const elapsed = performance.now() - started;
    expect(secondOnB.statusCode, secondOnB.body).toBe(201);
    expect(elapsed).toBeLessThan(2000);
    expect(firstState.settled).toBe(false);
    expect(thirdState.settled).toBe(false);

    release();
    await holding;
    const [firstAnswer, thirdAnswer] = await Promise.all([firstOnA, thirdOnA]);
    expect(firstAnswer.statusCode, firstAnswer.body).toBe(201);
    expect(thirdAnswer.statusCode).toBe(409);
    expect(thirdAnswer.json().errors[0].code).toBe('error.shiftFull');
  });
});

describe.skipIf(dialect !== 'postgres')('a full shift on postgres', () => {
  it('is answered 409 at once, not after queueing on its row lock; a place still free is decided under it', async () => {
    const s = await setup(3);
    const [first, second, third] = s.people;
    const full = await s.createShift(1, '2031-07-05T08:00:00Z', '2031-07-05T12:00:00Z');
    const open = await s.createShift(2, '2031-07-06T08:00:00Z', '2031-07-06T12:00:00Z');
    expect((await s.signUp(first, full)).statusCode).toBe(201);

    // Another transaction holds both shifts' rows (as an organiser's change of them would).
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = false;
    const holding = t.db.transaction().execute(async (trx) => {
      await sql`select id from shifts where id in (${full}, ${open}) for update`.execute(trx);
      locked = true;
      await released;
    });
    await until(async () => locked);

    // The full one: refused without waiting for the lock.
    const refused = s.signUp(second, full);
    const refusedState = settledFlag(refused);
    // The open one: waits for the lock, where the place is decided.
    const waiting = s.signUp(third, open);
    const waitingState = settledFlag(waiting);
    await until(async () => refusedState.settled);
    expect((await refused).statusCode).toBe(409);
    expect((await refused).json().errors[0]).toEqual({ code: 'error.shiftFull', params: { capacity: 1 } });
    expect(waitingState.settled).toBe(false);

    release();
    await holding;
    expect((await waiting).statusCode, (await waiting).body).toBe(201);
  });
});

describe(`a sign-up for a full shift on ${dialect}`, () => {
  it('names the same rule as before: someone else 403, already there, capacity before overlap', async () => {
    const s = await setup(3);
    const [first, second, third] = s.people;
    const full = await s.createShift(1, '2031-07-07T08:00:00Z', '2031-07-07T12:00:00Z');
    const overlapping = await s.createShift(3, '2031-07-07T10:00:00Z', '2031-07-07T14:00:00Z');
    expect((await s.signUp(first, full)).statusCode).toBe(201);
    expect((await s.signUp(second, overlapping)).statusCode).toBe(201);

    // A volunteer places only themselves, full shift or not.
    const forOther = await third.client.post(`/api/event/${s.eventId}/shifts/${full}/assignments`, {
      eventUserId: second.eventUserId,
    });
    expect(forOther.statusCode).toBe(403);
    // The one who holds the place hears that, not that it is full.
    const again = await s.signUp(first, full);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe('error.shiftAlreadyAssigned');
    // Full and overlapping their shift: capacity is named first, as the organiser's assignment names it.
    const both = await s.signUp(second, full);
    expect(both.statusCode).toBe(409);
    expect(both.json().errors[0].code).toBe('error.shiftFull');
    // The same for an organiser's assignment, decided under the locks only.
    const byAdmin = await s.admin.post(`/api/event/${s.eventId}/shifts/${full}/assignments`, {
      eventUserId: second.eventUserId,
    });
    expect(byAdmin.statusCode).toBe(409);
    expect(byAdmin.json().errors[0].code).toBe('error.shiftFull');
    // Room left but overlapping their shift: the overlap.
    const overlap = await s.signUp(first, overlapping);
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().errors[0].code).toBe('error.shiftOverlap');
    const third409 = await s.signUp(third, full);
    expect(third409.json().errors[0]).toEqual({ code: 'error.shiftFull', params: { capacity: 1 } });
  });
});

describe(`sign-ups at once keep capacity, overlap and rest exact on ${dialect}`, () => {
  for (let round = 1; round <= 3; round++) {
    it(`every volunteer tries every shift at the same moment (round ${round})`, async () => {
      // 8 volunteers, 4 shifts of 3 places: A and B overlap, C starts 30 minutes after B ends (rest 60 minutes),
      // D is far away. Each volunteer reaches for all four at once.
      const s = await setup(8, 60);
      const a = await s.createShift(3, '2031-08-01T08:00:00Z', '2031-08-01T12:00:00Z');
      const b = await s.createShift(3, '2031-08-01T10:00:00Z', '2031-08-01T14:00:00Z');
      const c = await s.createShift(3, '2031-08-01T14:30:00Z', '2031-08-01T18:00:00Z');
      const d = await s.createShift(3, '2031-08-03T08:00:00Z', '2031-08-03T12:00:00Z');
      const shifts = [a, b, c, d];
      const answers = await Promise.all(
        s.people.flatMap((volunteer, index) =>
          // Each volunteer in another order, so every pair of locks is taken in both orders somewhere.
          shifts.map((_, slot) => s.signUp(volunteer, shifts[(slot + index) % shifts.length])),
        ),
      );
      for (const answer of answers) expect([201, 409], answer.body).toContain(answer.statusCode);

      const listed = (await s.admin.get(`/api/event/${s.eventId}/shifts`)).json().shifts as {
        id: number;
        capacity: number;
        assignments: { eventUserId: number }[];
      }[];
      const holders = new Map(listed.map((shift) => [shift.id, shift.assignments.map((x) => x.eventUserId)]));
      for (const shift of listed) expect(shift.assignments.length).toBeLessThanOrEqual(shift.capacity);
      for (const volunteer of s.people) {
        const holds = (id: number) => holders.get(id)?.includes(volunteer.eventUserId) ?? false;
        // A and B overlap; B and C are 30 minutes apart, under the 60-minute rest.
        expect(holds(a) && holds(b)).toBe(false);
        expect(holds(b) && holds(c)).toBe(false);
      }
      // Every place that no rule forbade was taken: D (far from everything) and A are full.
      expect(holders.get(d)).toHaveLength(3);
      expect(holders.get(a)).toHaveLength(3);
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(
        [...holders.values()].reduce((sum, list) => sum + list.length, 0),
      );
    });
  }
});
