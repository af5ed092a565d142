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

  it("writes times in the event's zone with a VTIMEZONE that node-ical reads right across a DST change", async () => {
    const adminUser = await createUser(t.db);
    const event = await createEvent(t.db, { adminId: adminUser.id, name: 'Harbour days' });
    const admin = await loginAs(t.app, adminUser);
    const eventUserId = (await admin.get(`/api/event/${event.id}`)).json().eventUser.id as number;
    expect((await admin.post(`/api/event/${event.id}/settings`, { timeZone: 'America/New_York' })).statusCode).toBe(
      200,
    );
    // New York leaves daylight-saving time on Sunday 3 November 2030 (02:00 EDT becomes 01:00 EST).
    const ids: number[] = [];
    for (const [startsAt, endsAt] of [
      ['2030-11-02T09:00:00-04:00', '2030-11-02T13:00:00-04:00'],
      ['2030-11-04T09:00:00-05:00', '2030-11-04T13:00:00-05:00'],
    ]) {
      const created = await admin.post(`/api/event/${event.id}/shifts`, {
        title: 'Pier',
        description: '',
        location: '',
        startsAt,
        endsAt,
        capacity: 1,
        groupId: null,
      });
      ids.push(created.json().shift.id);
      const assigned = await admin.post(`/api/event/${event.id}/shifts/${created.json().shift.id}/assignments`, {
        eventUserId,
      });
      expect(assigned.statusCode).toBe(201);
    }
    const body = (await admin.get(`/api/event/${event.id}/my-shifts.ics`)).body;
    expect(body).toContain('BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n');
    expect(body).toContain('X-WR-TIMEZONE:America/New_York');
    expect(body).toContain('DTSTART;TZID=America/New_York:20301102T090000');
    expect(body).toContain('DTSTART;TZID=America/New_York:20301104T090000');
    expect(body).toMatch(/BEGIN:STANDARD\r\nDTSTART:20301103T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500/);
    const parsed = Object.values(ical.sync.parseICS(body)).filter((item) => item?.type === 'VEVENT') as ical.VEvent[];
    expect(parsed.map((item) => item.start.toISOString())).toEqual([
      '2030-11-02T13:00:00.000Z',
      '2030-11-04T14:00:00.000Z',
    ]);
    expect(parsed.map((item) => item.end?.toISOString())).toEqual([
      '2030-11-02T17:00:00.000Z',
      '2030-11-04T18:00:00.000Z',
    ]);
    expect(parsed.map((item) => item.uid)).toEqual(ids.map((id) => `shift-${id}@funkis.test`));
  });
});

describe(`the secret calendar URL on ${dialect}`, () => {
  it("serves all the user's shifts in all their events without a session, until revoked", async () => {
    const userA = await createUser(t.db);
    const userB = await createUser(t.db);
    const first = await createEvent(t.db, { adminId: userA.id, name: 'First' });
    const second = await createEvent(t.db, { adminId: userB.id, name: 'Second' });
    const a = await loginAs(t.app, userA);
    const b = await loginAs(t.app, userB);
    expect((await a.post(`/api/event/${first.id}/settings`, { timeZone: 'Europe/Stockholm' })).statusCode).toBe(200);
    const aInFirst = (await a.get(`/api/event/${first.id}`)).json().eventUser.id as number;
    const aInSecond = await addMember(t.db, second.id, userA.id, 2, null);
    const shift = async (client: typeof a, eventId: number, title: string, eventUserId: number) => {
      const created = await client.post(`/api/event/${eventId}/shifts`, {
        title,
        description: '',
        location: '',
        startsAt: '2030-03-31T08:00:00+02:00',
        endsAt: '2030-03-31T10:00:00+02:00',
        capacity: 2,
        groupId: null,
      });
      const assigned = await client.post(`/api/event/${eventId}/shifts/${created.json().shift.id}/assignments`, {
        eventUserId,
      });
      expect(assigned.statusCode).toBe(201);
    };
    await shift(a, first.id, 'Bar', aInFirst);
    await shift(b, second.id, 'Gate', aInSecond);

    expect((await a.get('/api/user/calendar-feed')).json().feed).toEqual({ createdAt: null, url: null });
    const made = await a.post('/api/user/calendar-feed');
    expect(made.statusCode, made.body).toBe(201);
    const url = made.json().feed.url as string;
    expect(url).toMatch(/^http:\/\/funkis\.test\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    const listed = (await a.get('/api/user/calendar-feed')).json().feed;
    expect(listed).toEqual({ createdAt: made.json().feed.createdAt, url: null });
    // Only the hash is stored.
    const token = url.split('/').at(-1)?.replace('.ics', '') as string;
    const stored = await t.db.selectFrom('calendar_tokens').selectAll().where('user_id', '=', userA.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(token);

    const path = new URL(url).pathname;
    const anonymous = await t.app.inject({ method: 'GET', url: path });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['content-type']).toMatch(/^text\/calendar/);
    expect(anonymous.headers['cache-control']).toBe('private, no-store');
    const events = Object.values(ical.sync.parseICS(anonymous.body)).filter(
      (item) => item?.type === 'VEVENT',
    ) as ical.VEvent[];
    expect(events.map((item) => item.summary).sort()).toEqual(['Bar (First)', 'Gate (Second)']);
    expect(events.every((item) => item.start.toISOString() === '2030-03-31T06:00:00.000Z')).toBe(true);
    expect(anonymous.body).toContain('DTSTART;TZID=Europe/Stockholm:20300331T080000');

    // Another user's session does not see A's feed state, and B's tokens are B's own.
    expect((await b.get('/api/user/calendar-feed')).json().feed.createdAt).toBeNull();
    expect((await b.delete('/api/user/calendar-feed')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);

    // A new URL replaces the old one; revoking ends it; guessed and malformed tokens are 404.
    const renewed = (await a.post('/api/user/calendar-feed')).json().feed.url as string;
    expect(renewed).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const renewedPath = new URL(renewed).pathname;
    expect((await t.app.inject({ method: 'GET', url: renewedPath })).statusCode).toBe(200);
    expect((await a.delete('/api/user/calendar-feed')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: renewedPath })).statusCode).toBe(404);
    expect((await a.delete('/api/user/calendar-feed')).statusCode).toBe(404);
    for (const guess of ['/api/calendar/abc.ics', `/api/calendar/${'A'.repeat(32)}.ics`, `/api/calendar/${token}`]) {
      expect((await t.app.inject({ method: 'GET', url: guess })).statusCode, guess).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/user/calendar-feed' })).statusCode).toBe(401);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_id', '=', userA.id)
      .where('action', 'like', 'calendar_feed.%')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'calendar_feed.created',
      'calendar_feed.created',
      'calendar_feed.revoked',
    ]);
  });
});
