import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { addMember, createEvent, createGroup, createUser, loginAs } from '../helpers/factories.js';
import { startSmtpServer, textOf } from '../helpers/smtp.js';

/**
 * Waitlists: a volunteer who finds a shift full waits in its line; a freed place (sign-off, removal, more places,
 * a move away) goes to the first whom the rules allow, who is told; exact under concurrency on PostgreSQL.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_WORKER: 'off', MAIL_RATE_PER_MINUTE: '60000' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

interface Volunteer {
  client: TestClient;
  eventUserId: number;
  email: string;
  firstname: string;
}

const codesOf = (body: string) => ((JSON.parse(body).errors ?? []) as { code: string }[]).map((error) => error.code);

async function setup(volunteers: number) {
  const adminUser = await createUser(t.db);
  const event = await createEvent(t.db, { adminId: adminUser.id, name: 'Harbour fair' });
  const bar = await createGroup(t.db, event.id, 'Bar');
  const kitchen = await createGroup(t.db, event.id, 'Kitchen');
  const admin = await loginAs(t.app, adminUser);
  const settings = await admin.post(`/api/event/${event.id}/scheduling-settings`, {
    minRestMinutes: 60,
    selfSignupGroupIds: [bar.id, kitchen.id],
    signOffClosesHours: 0,
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const people: Volunteer[] = [];
  for (let index = 0; index < volunteers; index++) {
    const user = await createUser(t.db, { firstname: `Vol${index}` });
    const eventUserId = await addMember(t.db, event.id, user.id, 2, bar.id);
    people.push({ client: await loginAs(t.app, user), eventUserId, email: user.email, firstname: user.firstname });
  }
  const createShift = async (capacity: number, startsAt: string, endsAt: string, groupId = bar.id) => {
    const response = await admin.post(`/api/event/${event.id}/shifts`, {
      title: `Bar ${startsAt.slice(5, 16)}`,
      description: '',
      location: 'Main bar',
      startsAt,
      endsAt,
      capacity,
      groupId,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().shift.id as number;
  };
  const base = `/api/event/${event.id}/shifts`;
  const signUp = async (volunteer: Volunteer, shiftId: number) => {
    const answer = await volunteer.client.post(`${base}/${shiftId}/assignments`, {
      eventUserId: volunteer.eventUserId,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().assignment.id as number;
  };
  const join = (volunteer: Volunteer, shiftId: number) => volunteer.client.post(`${base}/${shiftId}/waitlist`, {});
  const shiftOf = async (client: TestClient, shiftId: number) => {
    const answer = await client.get(`/api/event/${event.id}/shifts`);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().shifts as { id: number; assignments: { eventUserId: number }[]; waitlist: unknown }[]).find(
      (shift) => shift.id === shiftId,
    );
  };
  const selfSignupGroupIds = [bar.id, kitchen.id];
  return { eventId: event.id, admin, people, kitchen, selfSignupGroupIds, base, createShift, signUp, join, shiftOf };
}

describe(`waitlists on ${dialect}`, () => {
  it('lines people up on a full shift only, shows each their position and the organisers the line', async () => {
    const s = await setup(4);
    const [a, b, c, d] = s.people;
    const shift = await s.createShift(1, '2031-07-03T08:00:00Z', '2031-07-03T12:00:00Z');

    // A free place: sign up instead.
    const early = await s.join(b, shift);
    expect(early.statusCode).toBe(409);
    expect(codesOf(early.body)).toEqual(['error.waitlistPlaceFree']);

    await s.signUp(a, shift);
    // The one holding the place cannot wait for it too.
    expect(codesOf((await s.join(a, shift)).body)).toEqual(['error.shiftAlreadyAssigned']);
    const first = await s.join(b, shift);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().position).toBe(1);
    expect((await s.join(c, shift)).json().position).toBe(2);
    const again = await s.join(b, shift);
    expect(again.statusCode).toBe(409);
    expect(codesOf(again.body)).toEqual(['error.waitlistAlreadyOn']);

    expect((await s.shiftOf(c.client, shift))?.waitlist).toEqual({ size: 2, myPosition: 2 });
    expect((await s.shiftOf(d.client, shift))?.waitlist).toEqual({ size: 2, myPosition: null });
    const line = await s.admin.get(`${s.base}/${shift}/waitlist`);
    expect(line.statusCode, line.body).toBe(200);
    expect(
      line
        .json()
        .waitlist.map((entry: { eventUserId: number; position: number }) => [entry.eventUserId, entry.position]),
    ).toEqual([
      [b.eventUserId, 1],
      [c.eventUserId, 2],
    ]);
    // Volunteers do not see the names in the line.
    expect((await d.client.get(`${s.base}/${shift}/waitlist`)).statusCode).toBe(403);

    // Leaving moves the next one up.
    const left = await b.client.request('DELETE', `${s.base}/${shift}/waitlist`, {});
    expect(left.statusCode, left.body).toBe(200);
    expect((await s.shiftOf(c.client, shift))?.waitlist).toEqual({ size: 1, myPosition: 1 });
    const notOn = await b.client.request('DELETE', `${s.base}/${shift}/waitlist`, {});
    expect(notOn.statusCode).toBe(404);
    expect(codesOf(notOn.body)).toEqual(['error.waitlistNotOn']);
  });

  it('refuses the wrong people and bad ids', async () => {
    const s = await setup(2);
    const [a, b] = s.people;
    const shift = await s.createShift(1, '2031-07-05T08:00:00Z', '2031-07-05T12:00:00Z');
    const kitchenShift = await s.createShift(1, '2031-07-06T08:00:00Z', '2031-07-06T12:00:00Z', s.kitchen.id);
    await s.signUp(a, shift);
    // Organisers place people themselves; the line is for volunteers.
    expect((await s.admin.post(`${s.base}/${shift}/waitlist`, {})).statusCode).toBe(403);
    expect((await s.admin.request('DELETE', `${s.base}/${shift}/waitlist`, {})).statusCode).toBe(403);
    // Someone outside the event sees neither the line nor a way into it.
    const stranger = await loginAs(t.app, await createUser(t.db));
    expect((await stranger.post(`${s.base}/${shift}/waitlist`, {})).statusCode).toBe(403);
    expect((await stranger.get(`${s.base}/${shift}/waitlist`)).statusCode).toBe(403);
    // Another group's shift.
    const cook = await createUser(t.db);
    const cookId = await addMember(t.db, s.eventId, cook.id, 2, s.kitchen.id);
    const kitchenFull = await s.admin.post(`${s.base}/${kitchenShift}/assignments`, { eventUserId: cookId });
    expect(kitchenFull.statusCode).toBe(201);
    expect(codesOf((await s.join(b, kitchenShift)).body)).toEqual(['error.shiftOtherGroup']);
    // No CSRF token.
    const withoutToken = await b.client.request('POST', `${s.base}/${shift}/waitlist`, {}, { csrf: null });
    expect(withoutToken.statusCode).toBe(403);
    // Ids through the one id schema on both databases.
    expect((await b.client.post(`${s.base}/abc/waitlist`, {})).statusCode).toBe(400);
    expect((await b.client.post(`${s.base}/99999999999999999999/waitlist`, {})).statusCode).toBe(400);
    expect((await b.client.post(`${s.base}/2147483647/waitlist`, {})).statusCode).toBe(404);
  });

  it('gives a freed place to the first the rules allow, tells them, and skips one who now clashes', async () => {
    const s = await setup(4);
    const [a, b, c, d] = s.people;
    const shift = await s.createShift(1, '2031-07-07T08:00:00Z', '2031-07-07T12:00:00Z');
    const other = await s.createShift(5, '2031-07-07T11:00:00Z', '2031-07-07T14:00:00Z');
    const placeOfA = await s.signUp(a, shift);
    expect((await s.join(b, shift)).statusCode).toBe(201);
    expect((await s.join(c, shift)).statusCode).toBe(201);
    // b takes an overlapping shift meanwhile: when the place frees, b is passed over and keeps waiting.
    await s.signUp(b, other);

    const signedOff = await a.client.request('DELETE', `${s.base}/${shift}/assignments/${placeOfA}`, {});
    expect(signedOff.statusCode, signedOff.body).toBe(200);
    const after = await s.shiftOf(d.client, shift);
    expect(after?.assignments.map((person) => person.eventUserId)).toEqual([c.eventUserId]);
    expect(after?.waitlist).toEqual({ size: 1, myPosition: null });
    expect((await s.shiftOf(b.client, shift))?.waitlist).toEqual({ size: 1, myPosition: 1 });

    await t.app.mail.worker.drain();
    const toC = smtp.messages.filter((mail) => mail.to.includes(c.email));
    expect(toC).toHaveLength(1);
    const text = textOf(toC[0].raw);
    expect(text).toContain(`Hello ${c.firstname},`);
    expect(text).toContain('a place came free on a shift of Harbour fair you were waiting for, and it is now yours:');
    expect(smtp.messages.filter((mail) => mail.to.includes(b.email))).toEqual([]);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('event_id', '=', s.eventId)
      .where('action', '=', 'shift.waitlist_placed')
      .execute();
    expect(audit).toEqual([{ action: 'shift.waitlist_placed', actor_id: null }]);
  });

  it('lets a place given from the line be given back after sign-off closed, but not a place chosen', async () => {
    const s = await setup(3);
    const [a, b, c] = s.people;
    // The shifts start in a day; sign-off closes 48 hours before the start (set once the places are taken).
    const tomorrow = (hour: number) => new Date(Date.now() + (24 + hour) * 3_600_000).toISOString();
    const shift = await s.createShift(1, tomorrow(0), tomorrow(2));
    const other = await s.createShift(1, tomorrow(4), tomorrow(6));
    const placeOfA = await s.signUp(a, shift);
    const placeOfC = await s.signUp(c, other);
    expect((await s.join(b, shift)).statusCode).toBe(201);
    const closed = await s.admin.post(`/api/event/${s.eventId}/scheduling-settings`, {
      minRestMinutes: 0,
      selfSignupGroupIds: s.selfSignupGroupIds,
      signOffClosesHours: 48,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    // The organiser takes a off: the place goes to b, marked as given from the line.
    expect((await s.admin.request('DELETE', `${s.base}/${shift}/assignments/${placeOfA}`, {})).statusCode).toBe(200);
    const given = (await s.shiftOf(b.client, shift)) as unknown as {
      assignments: { id: number; eventUserId: number; fromWaitlist: boolean }[];
    };
    expect(given.assignments).toEqual([expect.objectContaining({ eventUserId: b.eventUserId, fromWaitlist: true })]);
    // b may give it back; c, who chose their place, may not within 48 hours.
    const back = await b.client.request('DELETE', `${s.base}/${shift}/assignments/${given.assignments[0].id}`, {});
    expect(back.statusCode, back.body).toBe(200);
    const refused = await c.client.request('DELETE', `${s.base}/${other}/assignments/${placeOfC}`, {});
    expect(refused.statusCode).toBe(409);
    expect(codesOf(refused.body)).toEqual(['error.signOffClosed']);
  });

  it('gives the places of a member an admin removes to the lines, not the places of shifts under way', async () => {
    const s = await setup(3);
    const [a, b, c] = s.people;
    const soon = await s.createShift(1, '2031-07-10T08:00:00Z', '2031-07-10T12:00:00Z');
    const later = await s.createShift(1, '2031-07-11T08:00:00Z', '2031-07-11T12:00:00Z');
    await s.signUp(a, soon);
    await s.signUp(a, later);
    expect((await s.join(b, soon)).statusCode).toBe(201);
    expect((await s.join(c, later)).statusCode).toBe(201);
    // b is waiting for a place too, on `later`, behind c: only one place frees there.
    expect((await s.join(b, later)).statusCode).toBe(201);

    const removed = await s.admin.request('DELETE', `/api/event/${s.eventId}/users/${a.eventUserId}`, {});
    expect(removed.statusCode, removed.body).toBe(200);
    const onSoon = await s.shiftOf(b.client, soon);
    expect(onSoon?.assignments.map((person) => person.eventUserId)).toEqual([b.eventUserId]);
    const onLater = await s.shiftOf(b.client, later);
    expect(onLater?.assignments.map((person) => person.eventUserId)).toEqual([c.eventUserId]);
    expect(onLater?.waitlist).toEqual({ size: 1, myPosition: 1 });

    await t.app.mail.worker.drain();
    for (const person of [b, c]) {
      const mails = smtp.messages.filter((mail) => mail.to.includes(person.email));
      expect(mails.map((mail) => textOf(mail.raw))).toEqual([
        expect.stringContaining('a place came free on a shift of Harbour fair you were waiting for'),
      ]);
    }
    const placed = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('event_id', '=', s.eventId)
      .where('action', 'in', ['shift.waitlist_placed', 'member.removed'])
      .orderBy('id')
      .execute();
    expect(placed.map((row) => row.action)).toEqual([
      'shift.waitlist_placed',
      'shift.waitlist_placed',
      'member.removed',
    ]);
  });

  it('keeps the places when the removal is refused (the last admin)', async () => {
    const s = await setup(1);
    const [b] = s.people;
    const members = await s.admin.get(`/api/event/${s.eventId}/users`);
    const adminRow = (members.json().users as { id: number; roleLevel: number }[]).find((row) => row.roleLevel === 0);
    if (!adminRow) throw new Error('the event has no admin');
    const shift = await s.createShift(1, '2031-07-12T08:00:00Z', '2031-07-12T12:00:00Z');
    const adminPlaced = await s.admin.post(`${s.base}/${shift}/assignments`, { eventUserId: adminRow.id });
    expect(adminPlaced.statusCode, adminPlaced.body).toBe(201);
    expect((await s.join(b, shift)).statusCode).toBe(201);
    const refused = await s.admin.request('DELETE', `/api/event/${s.eventId}/users/${adminRow.id}`, {});
    expect(refused.statusCode).toBe(409);
    expect(codesOf(refused.body)).toEqual(['error.lastAdmin']);
    const after = await s.shiftOf(b.client, shift);
    expect(after?.assignments.map((person) => person.eventUserId)).toEqual([adminRow.id]);
    expect(after?.waitlist).toEqual({ size: 1, myPosition: 1 });
  });

  it('gives new places to the line when an organiser raises the capacity', async () => {
    const s = await setup(4);
    const [a, b, c, d] = s.people;
    const shift = await s.createShift(1, '2031-07-09T08:00:00Z', '2031-07-09T12:00:00Z');
    await s.signUp(a, shift);
    for (const volunteer of [b, c, d]) expect((await s.join(volunteer, shift)).statusCode).toBe(201);
    const raised = await s.admin.post(`${s.base}/${shift}`, { capacity: 3 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().shift.assignments.map((person: { eventUserId: number }) => person.eventUserId)).toEqual([
      a.eventUserId,
      b.eventUserId,
      c.eventUserId,
    ]);
    expect((await s.shiftOf(d.client, shift))?.waitlist).toEqual({ size: 1, myPosition: 1 });
  });
});

describe.skipIf(dialect !== 'postgres')('waitlist promotion under concurrency on postgres', () => {
  it('two places freed at once and a sign-up racing them: every place is given once, capacity holds', async () => {
    const s = await setup(8);
    const [a, b, ...waiting] = s.people;
    const shift = await s.createShift(2, '2031-07-11T08:00:00Z', '2031-07-11T12:00:00Z');
    const placeOfA = await s.signUp(a, shift);
    const placeOfB = await s.signUp(b, shift);
    const line = waiting.slice(0, 5);
    const racer = waiting[5];
    for (const volunteer of line) expect((await s.join(volunteer, shift)).statusCode).toBe(201);

    const answers = await Promise.all([
      a.client.request('DELETE', `${s.base}/${shift}/assignments/${placeOfA}`, {}),
      b.client.request('DELETE', `${s.base}/${shift}/assignments/${placeOfB}`, {}),
      racer.client.post(`${s.base}/${shift}/assignments`, { eventUserId: racer.eventUserId }),
    ]);
    expect(answers[0].statusCode, answers[0].body).toBe(200);
    expect(answers[1].statusCode, answers[1].body).toBe(200);
    const holders = (await s.shiftOf(s.admin, shift))?.assignments.map((person) => person.eventUserId) ?? [];
    expect(holders).toHaveLength(2);
    expect(new Set(holders).size).toBe(2);
    // Whoever came first in the line got the places that the racer did not take, in order.
    const racerWon = answers[2].statusCode === 201;
    const expected = racerWon ? [racer.eventUserId, line[0].eventUserId] : [line[0].eventUserId, line[1].eventUserId];
    expect([...holders].sort()).toEqual([...expected].sort());
    const remaining = await s.admin.get(`${s.base}/${shift}/waitlist`);
    expect(remaining.json().waitlist).toHaveLength(racerWon ? 4 : 3);
  });
});
