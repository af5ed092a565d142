import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialect } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { attendanceOf, type EventDay, eventDay } from './fixtures.js';

let day: EventDay;
beforeAll(async () => {
  day = await eventDay();
});
afterAll(() => day?.t.close());

const MINUTE = 60_000;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();
const checkIn = (client: TestClient, body: Record<string, unknown>) =>
  client.post(`/api/event/${day.eventId}/check-ins`, body);
const codeOf = (response: { json(): { errors: { code: string }[] } }) => response.json().errors[0]?.code;

describe(`who may check in whom on ${dialect}`, () => {
  it('lets admins check in anyone and leaders their own group, for the event', async () => {
    const byAdmin = await checkIn(day.admin, { eventUserId: day.ids.bo, kind: 'arrive' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json().checkIn).toMatchObject({
      eventUserId: day.ids.bo,
      shiftId: null,
      kind: 'arrive',
      applied: true,
      undone: false,
      person: { firstname: 'Bo', group: { id: day.bar.id, name: 'Bar' } },
    });
    const byLeader = await checkIn(day.kim, { code: await day.codeOf(day.anna), kind: 'arrive' });
    expect(byLeader.statusCode, byLeader.body).toBe(201);
    const person = await day.kim.get(`/api/event/${day.eventId}/check-ins/person?eventUserId=${day.ids.anna}`);
    expect(person.statusCode, person.body).toBe(200);
    expect(person.json().person.onSite).toBe(true);
  });

  it("refuses another group's leader and volunteers with 403", async () => {
    const code = await day.codeOf(day.anna);
    const otherLeader = await checkIn(day.bea, { code, kind: 'arrive' });
    expect(otherLeader.statusCode).toBe(403);
    expect((await checkIn(day.bea, { eventUserId: day.ids.anna, kind: 'leave' })).statusCode).toBe(403);
    expect((await checkIn(day.anna, { code, kind: 'arrive' })).statusCode).toBe(403);
    expect(
      (await day.bea.get(`/api/event/${day.eventId}/check-ins/person?code=${encodeURIComponent(code)}`)).statusCode,
    ).toBe(403);
  });

  it("lets a leader check in for their group's shifts only", async () => {
    const open = await day.shift(null, -10);
    const cook = await day.volunteer(day.kitchen.id);
    await day.place(open, cook);
    const refused = await checkIn(day.kim, { eventUserId: cook, shiftId: open, kind: 'arrive' });
    expect(refused.statusCode).toBe(403);
    const kitchen = await day.shift(day.kitchen.id, -10);
    const other = await day.volunteer(day.kitchen.id);
    await day.place(kitchen, other);
    const accepted = await checkIn(day.kim, { eventUserId: other, shiftId: kitchen, kind: 'arrive' });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });
});

describe(`the shift rules of a check-in on ${dialect}`, () => {
  it('answers 409 for a person without a place on the shift', async () => {
    const shiftId = await day.shift(day.kitchen.id, -5);
    const response = await checkIn(day.admin, { eventUserId: day.ids.anna, shiftId, kind: 'arrive' });
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe('error.checkInNotOnShift');
  });

  it('opens an hour before the start and closes at the end', async () => {
    const later = await day.shift(day.kitchen.id, 200);
    const soon = await day.shift(day.kitchen.id, 30, 60);
    const ended = await day.shift(day.kitchen.id, -180, 60);
    const cook = await day.volunteer(day.kitchen.id);
    for (const shiftId of [later, soon, ended]) await day.place(shiftId, cook);
    for (const shiftId of [later, ended]) {
      const response = await checkIn(day.admin, { eventUserId: cook, shiftId, kind: 'arrive' });
      expect(response.statusCode).toBe(409);
      expect(codeOf(response)).toBe('error.checkInShiftClosed');
      expect(response.json().errors[0].params).toEqual({ minutes: 60 });
    }
    const early = await checkIn(day.admin, { eventUserId: cook, shiftId: soon, kind: 'arrive' });
    expect(early.statusCode, early.body).toBe(201);
    expect(await attendanceOf(day, soon, cook)).toBe('arrived');
    // A scan kept offline from while the ended shift ran is still its arrival.
    const offline = await checkIn(day.admin, {
      eventUserId: cook,
      shiftId: ended,
      kind: 'arrive',
      at: inMinutes(-170),
    });
    expect(offline.statusCode, offline.body).toBe(201);
    expect(await attendanceOf(day, ended, cook)).toBe('arrived');
  });

  it('refuses a scan older than a day (409) or more than two minutes ahead (400)', async () => {
    const old = await checkIn(day.admin, { eventUserId: day.ids.bo, kind: 'arrive', at: inMinutes(-25 * 60) });
    expect(old.statusCode).toBe(409);
    expect(codeOf(old)).toBe('error.checkInTooOld');
    const ahead = await checkIn(day.admin, { eventUserId: day.ids.bo, kind: 'arrive', at: inMinutes(5) });
    expect(ahead.statusCode).toBe(400);
    expect(codeOf(ahead)).toBe('error.checkInInFuture');
    // A phone a minute fast is fine.
    expect((await checkIn(day.admin, { eventUserId: day.ids.bo, kind: 'arrive', at: inMinutes(1) })).statusCode).toBe(
      201,
    );
  });
});

describe(`offline scans on ${dialect}`, () => {
  it('stores a replayed clientId once and answers it with 200', async () => {
    const body = { eventUserId: day.ids.bo, kind: 'leave', clientId: 'scan-replayed-1' };
    const first = await checkIn(day.admin, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await checkIn(day.admin, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().checkIn).toEqual(first.json().checkIn);
    const rows = await day.t.db
      .selectFrom('check_ins')
      .select('id')
      .where('event_id', '=', day.eventId)
      .where('client_id', '=', 'scan-replayed-1')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps an earlier-dated scan arriving after a later decision, without applying it', async () => {
    const shiftId = await day.shift(day.kitchen.id, -60);
    const cook = await day.volunteer(day.kitchen.id);
    await day.place(shiftId, cook);
    const left = await checkIn(day.kim, { eventUserId: cook, shiftId, kind: 'leave', at: inMinutes(-5) });
    expect(left.json().checkIn.applied).toBe(true);
    // The arrival scanned 40 minutes ago on a phone without signal reaches the server now.
    const late = await checkIn(day.kim, { eventUserId: cook, shiftId, kind: 'arrive', at: inMinutes(-40) });
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json().checkIn.applied).toBe(false);
    expect(await attendanceOf(day, shiftId, cook)).toBeNull();
    const board = await day.kim.get(`/api/event/${day.eventId}/board?groupId=${day.kitchen.id}`);
    const person = board
      .json()
      .shifts.find((shift: { id: number }) => shift.id === shiftId)
      .people.find((row: { eventUserId: number }) => row.eventUserId === cook);
    expect(person.state).toBe('left');
  });
});

describe(`undo on ${dialect}`, () => {
  it('restores the attendance; others than the recorder (or an admin) are refused', async () => {
    const shiftId = await day.shift(day.kitchen.id, -15);
    const cook = await day.volunteer(day.kitchen.id);
    await day.place(shiftId, cook);
    const recorded = await checkIn(day.kim, { eventUserId: cook, shiftId, kind: 'arrive' });
    expect(await attendanceOf(day, shiftId, cook)).toBe('arrived');
    // The hours count the arrival, and the audit log tells who did what.
    const arrivedHours = async () =>
      (await day.admin.get(`/api/event/${day.eventId}/scheduling/hours?arrivedOnly=1&pageSize=100`))
        .json()
        .rows.find((row: { eventUserId: number }) => row.eventUserId === cook);
    expect(await arrivedHours()).toMatchObject({ arrived: 1, minutes: 120 });
    const audit = (await day.admin.get(`/api/event/${day.eventId}/audit?pageSize=5`)).json().entries;
    expect(audit.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['check_in.recorded', 'shift.attendance_marked']),
    );
    const url = `/api/event/${day.eventId}/check-ins/${recorded.json().checkIn.id}`;
    expect((await day.bea.delete(url)).statusCode).toBe(403);
    const undone = await day.kim.delete(url);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().checkIn).toMatchObject({ id: recorded.json().checkIn.id, undone: true });
    expect(await attendanceOf(day, shiftId, cook)).toBeNull();
    expect(await arrivedHours()).toMatchObject({ arrived: 0, minutes: 0 });
    // An admin may undo what a leader recorded.
    const again = await checkIn(day.kim, { eventUserId: cook, shiftId, kind: 'arrive' });
    expect((await day.admin.delete(`/api/event/${day.eventId}/check-ins/${again.json().checkIn.id}`)).statusCode).toBe(
      200,
    );
  });

  it('is refused after a minute (409) and for unknown or other events’ check-ins (404)', async () => {
    const recorded = await checkIn(day.kim, { eventUserId: day.ids.anna, kind: 'arrive' });
    const url = `/api/event/${day.eventId}/check-ins/${recorded.json().checkIn.id}`;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const late = await day.kim.delete(url);
      expect(late.statusCode).toBe(409);
      expect(codeOf(late)).toBe('error.undoExpired');
    } finally {
      vi.useRealTimers();
    }
    expect((await day.admin.delete(`/api/event/${day.eventId}/check-ins/2147483647`)).statusCode).toBe(404);
    const other = await day.admin.delete(`/api/event/${day.otherEventId}/check-ins/${recorded.json().checkIn.id}`);
    expect(other.statusCode).toBe(404);
    expect(codeOf(other)).toBe('error.checkInNotFound');
  });
});
