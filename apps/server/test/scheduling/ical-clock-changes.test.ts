import ICAL from 'ical.js';
import ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalendarShift, isAmbiguousLocalTime, toICalendar } from '../../src/modules/scheduling/ical.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { createEvent, createUser, loginAs } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * The instants two independent iCalendar readers get from a calendar: node-ical (which knows IANA zones itself)
 * and ical.js (Mozilla's, which reads the calendar's VTIMEZONE), by UID.
 */
function readBoth(body: string) {
  const byNodeIcal = new Map<string, { start: string; end: string; sequence: number; lastModified: string }>();
  for (const item of Object.values(ical.sync.parseICS(body))) {
    if (item?.type !== 'VEVENT') continue;
    const event = item as ical.VEvent;
    byNodeIcal.set(event.uid, {
      start: event.start.toISOString(),
      end: event.end?.toISOString() ?? '',
      sequence: Number(event.sequence),
      lastModified: event.lastmodified?.toISOString() ?? '',
    });
  }
  const calendar = new ICAL.Component(ICAL.parse(body));
  ICAL.TimezoneService.reset();
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const byIcalJs = new Map<string, { start: string; end: string; sequence: number; lastModified: string }>();
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    const lastModified = component.getFirstPropertyValue('last-modified') as ICAL.Time | null;
    byIcalJs.set(event.uid, {
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      sequence: event.sequence,
      lastModified: lastModified?.toJSDate().toISOString() ?? '',
    });
  }
  return { byNodeIcal, byIcalJs };
}

const MINUTE = 60_000;

/** The instants the offsets of 2026 change, and the offsets either side (minutes east of UTC). */
const CHANGES_2026 = {
  'Europe/Stockholm': ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z'],
  'America/New_York': ['2026-03-08T07:00:00Z', '2026-11-01T06:00:00Z'],
  'Australia/Sydney': ['2026-04-04T16:00:00Z', '2026-10-03T16:00:00Z'],
} as const;

const shift = (id: number, zone: string, startsAt: number, endsAt: number): CalendarShift => ({
  id,
  eventId: 1,
  eventName: 'Clock changes',
  title: `Shift ${id}`,
  description: '',
  location: '',
  startsAt: new Date(startsAt).toISOString(),
  endsAt: new Date(endsAt).toISOString(),
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  sequence: 0,
  timeZone: zone,
});

describe('iCalendar times across the clock changes of 2026', () => {
  for (const [zone, changes] of Object.entries(CHANGES_2026)) {
    it(`${zone}: both readers get every start and end as stored, every quarter hour from 3 h before to 3 h after each change`, () => {
      const shifts: CalendarShift[] = [];
      for (const [index, change] of changes.entries()) {
        const at = Date.parse(change);
        // The change is where the offset differs a minute before and at it.
        expect(isAmbiguousLocalTime(at - 30 * MINUTE, zone) || isAmbiguousLocalTime(at + 30 * MINUTE, zone)).toBe(
          index === (zone === 'Australia/Sydney' ? 0 : 1),
        );
        for (let start = at - 180 * MINUTE; start <= at + 180 * MINUTE; start += 15 * MINUTE) {
          for (const minutes of [45, 120]) shifts.push(shift(shifts.length + 1, zone, start, start + minutes * MINUTE));
        }
      }
      const body = toICalendar('Clock changes', shifts, 'funkis.test', new Date('2026-01-02T00:00:00Z'));
      const { byNodeIcal, byIcalJs } = readBoth(body);
      const wrong: string[] = [];
      for (const expected of shifts) {
        const uid = `shift-${expected.id}@funkis.test`;
        for (const [reader, read] of [
          ['node-ical', byNodeIcal.get(uid)],
          ['ical.js', byIcalJs.get(uid)],
        ] as const) {
          if (read?.start !== expected.startsAt || read?.end !== expected.endsAt) {
            wrong.push(`${reader}: ${expected.startsAt}–${expected.endsAt} read as ${read?.start}–${read?.end}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('writes a time of the repeated hour in UTC and every other one in the zone', () => {
    const stockholm = toICalendar(
      'x',
      [shift(1, 'Europe/Stockholm', Date.parse('2026-10-25T00:30:00Z'), Date.parse('2026-10-25T01:15:00Z'))],
      'funkis.test',
    );
    // 02:30 and 02:15 happen twice in Stockholm that night: both are written as the instants they are.
    expect(stockholm).toContain('\r\nDTSTART:20261025T003000Z\r\n');
    expect(stockholm).toContain('\r\nDTEND:20261025T011500Z\r\n');
    const morning = toICalendar(
      'x',
      [shift(1, 'Europe/Stockholm', Date.parse('2026-10-25T06:00:00Z'), Date.parse('2026-10-25T10:00:00Z'))],
      'funkis.test',
    );
    expect(morning).toContain('\r\nDTSTART;TZID=Europe/Stockholm:20261025T070000\r\n');
    expect(isAmbiguousLocalTime(Date.parse('2026-10-25T00:59:00Z'), 'Europe/Stockholm')).toBe(true);
    expect(isAmbiguousLocalTime(Date.parse('2026-10-25T01:59:00Z'), 'Europe/Stockholm')).toBe(true);
    expect(isAmbiguousLocalTime(Date.parse('2026-10-25T02:00:00Z'), 'Europe/Stockholm')).toBe(false);
    expect(isAmbiguousLocalTime(Date.parse('2026-10-24T23:59:00Z'), 'Europe/Stockholm')).toBe(false);
    // The spring change skips an hour: no time is written twice, so none is ambiguous.
    expect(isAmbiguousLocalTime(Date.parse('2026-03-29T00:59:00Z'), 'Europe/Stockholm')).toBe(false);
    expect(isAmbiguousLocalTime(Date.parse('2026-03-29T01:00:00Z'), 'Europe/Stockholm')).toBe(false);
  });
});

describe(`the calendar feeds across clock changes, on ${dialect}`, () => {
  it("gives both readers the stored instants of the issue's cases, and a new SEQUENCE and LAST-MODIFIED after a change", async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const cases = [
      // 02:30–02:15 on the night Stockholm goes back: both in the repeated hour, the second after the first.
      { zone: 'Europe/Stockholm', startsAt: '2026-10-25T00:30:00.000Z', endsAt: '2026-10-25T01:15:00.000Z' },
      { zone: 'Europe/Stockholm', startsAt: '2026-03-29T00:30:00.000Z', endsAt: '2026-03-29T01:30:00.000Z' },
      // Two hours across New York's change: 01:00 EDT (the first 01:00) to 02:00 EST.
      { zone: 'America/New_York', startsAt: '2026-11-01T05:00:00.000Z', endsAt: '2026-11-01T07:00:00.000Z' },
      { zone: 'America/New_York', startsAt: '2026-03-08T06:00:00.000Z', endsAt: '2026-03-08T08:00:00.000Z' },
      // Sydney goes back in April (03:00 AEDT becomes 02:00 AEST) and forward in October.
      { zone: 'Australia/Sydney', startsAt: '2026-04-04T15:00:00.000Z', endsAt: '2026-04-04T17:00:00.000Z' },
      { zone: 'Australia/Sydney', startsAt: '2026-10-03T15:30:00.000Z', endsAt: '2026-10-03T16:30:00.000Z' },
    ];
    const events = new Map<string, { id: number; eventUserId: number }>();
    const made: { id: number; eventId: number; startsAt: string; endsAt: string }[] = [];
    for (const given of cases) {
      let event = events.get(given.zone);
      if (!event) {
        const created = await createEvent(t.db, { adminId: user.id, name: given.zone });
        expect((await client.post(`/api/event/${created.id}/settings`, { timeZone: given.zone })).statusCode).toBe(200);
        const eventUserId = (await client.get(`/api/event/${created.id}`)).json().eventUser.id as number;
        event = { id: created.id, eventUserId };
        events.set(given.zone, event);
      }
      const shift = await client.post(`/api/event/${event.id}/shifts`, {
        title: 'Night watch',
        description: '',
        location: '',
        startsAt: given.startsAt,
        endsAt: given.endsAt,
        capacity: 1,
        groupId: null,
      });
      expect(shift.statusCode, shift.body).toBe(201);
      const id = shift.json().shift.id as number;
      const assigned = await client.post(`/api/event/${event.id}/shifts/${id}/assignments`, {
        eventUserId: event.eventUserId,
      });
      expect(assigned.statusCode, assigned.body).toBe(201);
      made.push({ id, eventId: event.id, startsAt: given.startsAt, endsAt: given.endsAt });
    }
    const feed = await client.post('/api/user/calendar-feed');
    expect(feed.statusCode).toBe(201);
    const secretPath = new URL(feed.json().feed.url).pathname;

    const bodies = [
      ...[...events.values()].map(async (event) => (await client.get(`/api/event/${event.id}/my-shifts.ics`)).body),
      t.app.inject({ method: 'GET', url: secretPath }).then((answer) => answer.body),
    ];
    for (const body of await Promise.all(bodies)) {
      const { byNodeIcal, byIcalJs } = readBoth(body);
      for (const reader of [byNodeIcal, byIcalJs]) {
        for (const shift of made) {
          const read = reader.get(`shift-${shift.id}@funkis.test`);
          if (!read) continue;
          expect(read.start).toBe(shift.startsAt);
          expect(read.end).toBe(shift.endsAt);
          expect(read.sequence).toBe(0);
        }
      }
      expect(byNodeIcal.size).toBe(byIcalJs.size);
    }
    expect(readBoth((await t.app.inject({ method: 'GET', url: secretPath })).body).byIcalJs.size).toBe(made.length);

    // A change of the shift: the same UID with a higher SEQUENCE and a later LAST-MODIFIED, to both readers.
    const [first] = made;
    if (!first) throw new Error('no shift');
    const before = readBoth((await t.app.inject({ method: 'GET', url: secretPath })).body);
    const changed = await client.post(`/api/event/${first.eventId}/shifts/${first.id}`, { location: 'North gate' });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = readBoth((await t.app.inject({ method: 'GET', url: secretPath })).body);
    for (const [was, now] of [
      [before.byNodeIcal, after.byNodeIcal],
      [before.byIcalJs, after.byIcalJs],
    ] as const) {
      const uid = `shift-${first.id}@funkis.test`;
      const row = await t.db
        .selectFrom('shifts')
        .select(['created_at', 'updated_at'])
        .where('id', '=', first.id)
        .executeTakeFirstOrThrow();
      expect(was.get(uid)?.lastModified.slice(0, 19)).toBe(row.created_at.slice(0, 19));
      expect(now.get(uid)?.lastModified.slice(0, 19)).toBe(row.updated_at?.slice(0, 19));
      expect(now.get(uid)?.sequence).toBe(1);
      expect(now.get(uid)?.start).toBe(first.startsAt);
    }
    const again = await client.post(`/api/event/${first.eventId}/shifts/${first.id}`, { title: 'Watch' });
    expect(again.statusCode).toBe(200);
    const third = readBoth((await t.app.inject({ method: 'GET', url: secretPath })).body);
    expect(third.byIcalJs.get(`shift-${first.id}@funkis.test`)?.sequence).toBe(2);
    expect(third.byNodeIcal.get(`shift-${first.id}@funkis.test`)?.sequence).toBe(2);
  });
});
