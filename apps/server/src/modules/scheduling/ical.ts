import { wallTime, zoneOffsetMinutes } from '@funkis/shared';

/**
 * iCalendar (RFC 5545) output of shifts. A time is written as the wall-clock time of the event's time zone with
 * its TZID, and the calendar carries a VTIMEZONE for each zone used, its observances computed from the runtime's
 * time-zone data for the years the shifts span (so a calendar shows 08:00 in Stockholm on both sides of a
 * daylight-saving change, and knows the zone even when the reader's differs). A wall-clock time that happens twice
 * (the hour repeated when clocks go back) is written in UTC instead: RFC 5545 3.3.5 makes such a local time the
 * first of the two, and readers do not agree even on that, while `…Z` names one instant to every reader
 * (decision 023). UTC stays `…Z`. SEQUENCE and LAST-MODIFIED say which version of a changed shift is newer.
 */
export interface CalendarShift {
  id: number;
  eventId: number;
  eventName: string;
  title: string;
  description: string;
  location: string;
  startsAt: string;
  endsAt: string;
  createdAt: string;
  /** When the shift last changed (its creation when never). */
  updatedAt: string;
  /** How many times it changed: the revision calendars compare (RFC 5545 3.8.7.4). */
  sequence: number;
  /** The event's IANA time zone. */
  timeZone: string;
}

const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** Escapes TEXT values: backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
const text = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** Folds content lines longer than 75 octets (RFC 5545 3.1), never splitting a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const pad = (value: number, size = 2) => String(value).padStart(size, '0');

/** `20300331T080000`: the wall-clock time of an instant in a zone. */
function local(instant: number | string, zone: string): string {
  const wall = wallTime(instant, zone);
  return `${pad(wall.year, 4)}${pad(wall.month)}${pad(wall.day)}T${pad(wall.hour)}${pad(wall.minute)}${pad(wall.second)}`;
}

const offsetText = (minutes: number) => {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
};

const DAY = 86_400_000;

/**
 * Whether the wall-clock time of an instant in a zone also names another instant: the offset a day before or after
 * differs, and moving the instant by the difference lands on a time with that other offset (the same wall time).
 */
export function isAmbiguousLocalTime(instant: number, zone: string): boolean {
  const offset = zoneOffsetMinutes(instant, zone);
  for (const other of [zoneOffsetMinutes(instant - DAY, zone), zoneOffsetMinutes(instant + DAY, zone)]) {
    if (other !== offset && zoneOffsetMinutes(instant + (offset - other) * 60_000, zone) === other) return true;
  }
  return false;
}

/** The instants in [from, to) where the zone's offset changes, to the minute. */
function transitions(zone: string, from: number, to: number): number[] {
  const found: number[] = [];
  let previous = zoneOffsetMinutes(from, zone);
  for (let at = from; at < to; at += 7 * DAY) {
    const next = Math.min(at + 7 * DAY, to);
    if (zoneOffsetMinutes(next, zone) === previous) continue;
    let low = at;
    let high = next;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (zoneOffsetMinutes(middle, zone) === previous) low = middle;
      else high = middle;
    }
    found.push(high);
    previous = zoneOffsetMinutes(next, zone);
  }
  return found;
}

/** A VTIMEZONE with one observance per offset change in the years the shifts span. */
export function vtimezone(zone: string, instants: readonly number[]): string[] {
  const years = instants.map((instant) => new Date(instant).getUTCFullYear());
  const from = Date.UTC(Math.min(...years), 0, 1);
  const to = Date.UTC(Math.max(...years) + 1, 0, 1);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  const observance = (at: number, before: number, after: number, kind: 'STANDARD' | 'DAYLIGHT') =>
    lines.push(
      `BEGIN:${kind}`,
      // The onset in the wall-clock time before it (RFC 5545 3.6.5).
      `DTSTART:${local(at + before * 60_000, 'UTC')}`,
      `TZOFFSETFROM:${offsetText(before)}`,
      `TZOFFSETTO:${offsetText(after)}`,
      `END:${kind}`,
    );
  const first = zoneOffsetMinutes(from, zone);
  observance(from, first, first, 'STANDARD');
  for (const at of transitions(zone, from, to)) {
    const before = zoneOffsetMinutes(at - 60_000, zone);
    const after = zoneOffsetMinutes(at, zone);
    observance(at, before, after, after > before ? 'DAYLIGHT' : 'STANDARD');
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

export function toICalendar(calendarName: string, shifts: CalendarShift[], host: string, now = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Funkis//Shift scheduling//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${text(calendarName)}`,
  ];
  const zones = new Map<string, number[]>();
  for (const shift of shifts) {
    if (shift.timeZone === 'UTC') continue;
    const list = zones.get(shift.timeZone) ?? [];
    list.push(Date.parse(shift.startsAt), Date.parse(shift.endsAt));
    zones.set(shift.timeZone, list);
  }
  if (zones.size === 1) lines.push(`X-WR-TIMEZONE:${[...zones.keys()][0]}`);
  for (const [zone, instants] of zones) lines.push(...vtimezone(zone, instants));
  const time = (name: string, iso: string, zone: string) =>
    zone === 'UTC' || isAmbiguousLocalTime(Date.parse(iso), zone)
      ? `${name}:${stamp(new Date(iso).toISOString())}`
      : `${name};TZID=${zone}:${local(iso, zone)}`;
  for (const shift of shifts) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:shift-${shift.id}@${host}`,
      `DTSTAMP:${stamp(now.toISOString())}`,
      `CREATED:${stamp(shift.createdAt)}`,
      `LAST-MODIFIED:${stamp(shift.updatedAt)}`,
      `SEQUENCE:${shift.sequence}`,
      time('DTSTART', shift.startsAt, shift.timeZone),
      time('DTEND', shift.endsAt, shift.timeZone),
      `SUMMARY:${text(`${shift.title} (${shift.eventName})`)}`,
    );
    if (shift.location) lines.push(`LOCATION:${text(shift.location)}`);
    if (shift.description) lines.push(`DESCRIPTION:${text(shift.description)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
