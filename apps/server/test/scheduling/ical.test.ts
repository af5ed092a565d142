import ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { addMember, createEvent, createUser, loginAs } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stockholmHour = (date: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', hour: '2-digit', minute: '2-digit' }).format(date);

describe(`my shifts as iCalendar on ${dialect}`, () => {
  it('lists only my shifts, parsed by node-ical with the right times across a daylight-saving change', async () => {
    const adminUser = await createUser(t.db);
    const event = await createEvent(t.db, { adminId: adminUser.id, name: 'Kultur, Festival; 2030' });
    const volunteerUser = await createUser(t.db);
    const eventUserId = await addMember(t.db, event.id, volunteerUser.id, 2, null);
    const admin = await loginAs(t.app, adminUser);
    const volunteer = await loginAs(t.app, volunteerUser);
    const create = async (body: Record<string, unknown>) => {
      const response = await admin.post(`/api/event/${event.id}/shifts`, {
        description: '',
        location: '',
        capacity: 3,
        groupId: null,
        ...body,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().shift.id as number;
    };
    // Europe/Stockholm moves from +01:00 to +02:00 on Sunday 31 March 2030.
    const before = await create({
      title: 'Gate, morning',
      description: 'Line one\nLine two; with a comma, and a backslash \\',
      location: 'North gate',
      startsAt: '2030-03-30T08:00:00+01:00',
      endsAt: '2030-03-30T12:00:00+01:00',
    });
    const after = await create({
      title: 'Gate, morning',
      location: 'North gate',
      startsAt: '2030-03-31T08:00:00+02:00',
      endsAt: '2030-03-31T12:00:00+02:00',
    });
    await create({ title: 'Not mine', startsAt: '2030-04-01T08:00:00Z', endsAt: '2030-04-01T09:00:00Z' });
    for (const shiftId of [before, after]) {
      const assigned = await admin.post(`/api/event/${event.id}/shifts/${shiftId}/assignments`, { eventUserId });
      expect(assigned.statusCode).toBe(201);
    }

    const response = await volunteer.get(`/api/event/${event.id}/my-shifts.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.body).toMatch(/\r\n$/);
    for (const line of response.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const parsed = Object.values(ical.sync.parseICS(response.body)).filter((item) => item?.type === 'VEVENT');
    expect(parsed).toHaveLength(2);
    const [first, second] = parsed as ical.VEvent[];
    expect(first.uid).toBe(`shift-${before}@funkis.test`);
    expect(second.uid).toBe(`shift-${after}@funkis.test`);
    expect(first.start.toISOString()).toBe('2030-03-30T07:00:00.000Z');
    expect(second.start.toISOString()).toBe('2030-03-31T06:00:00.000Z');
    expect(second.end?.toISOString()).toBe('2030-03-31T10:00:00.000Z');
    // The same wall-clock time in Stockholm on both sides of the change.
    expect(stockholmHour(first.start)).toBe('08:00');
    expect(stockholmHour(second.start)).toBe('08:00');
    expect(first.summary).toBe('Gate, morning (Kultur, Festival; 2030)');
    expect(first.location).toBe('North gate');
    expect(first.description).toBe('Line one\nLine two; with a comma, and a backslash \\');

    // The UID stays when the shift changes, so calendars update the entry instead of adding one.
    await admin.post(`/api/event/${event.id}/shifts/${before}`, { title: 'Gate' });
    const again = Object.values(
      ical.sync.parseICS((await volunteer.get(`/api/event/${event.id}/my-shifts.ics`)).body),
    ).filter((item) => item?.type === 'VEVENT') as ical.VEvent[];
    expect(again.map((item) => item.uid)).toEqual([first.uid, second.uid]);
    expect(again[0].summary).toBe('Gate (Kultur, Festival; 2030)');
  });

  it('refuses people outside the event and people not logged in', async () => {
    const event = await createEvent(t.db);
    const outsider = await loginAs(t.app, await createUser(t.db));
    expect((await outsider.get(`/api/event/${event.id}/my-shifts.ics`)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/event/${event.id}/my-shifts.ics` });
    expect(anonymous.statusCode).toBe(401);
    expect((await outsider.get('/api/event/2147483648/my-shifts.ics')).statusCode).toBe(404);
  });
});
