import { z } from 'zod';

/**
 * Time zones of events (decision 014): IANA names as the runtime's Intl knows them, and the
 * conversions between an instant and the wall-clock time of a zone that the server (duplicating a day, the
 * iCalendar feed, mail) and the web (every shift time) share. Pure Intl, no time-zone library.
 */

let known: Set<string> | null = null;

/** The zones Intl supports (`Intl.supportedValuesOf('timeZone')`), plus `UTC`. */
export function supportedTimeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const list = intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [];
  return list.includes('UTC') ? list : [...list, 'UTC'];
}

export function isSupportedTimeZone(zone: string): boolean {
  known ??= new Set(supportedTimeZones());
  return known.has(zone);
}

let runtimeZone: string | null = null;

/**
 * The zone this runtime runs in (the server's default for events that have not chosen one). Worked out once:
 * `new Intl.DateTimeFormat()` costs ~0.1–0.2 ms, and every event a server answers with may need it.
 */
export function runtimeTimeZone(): string {
  if (runtimeZone === null) {
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    runtimeZone = zone && isSupportedTimeZone(zone) ? zone : 'UTC';
  }
  return runtimeZone;
}

export const timeZoneField = z
  .string({ error: 'error.timeZoneUnknown' })
  .max(100, { error: 'error.timeZoneUnknown' })
  .refine(isSupportedTimeZone, { error: 'error.timeZoneUnknown' });

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time of an instant in a zone. */
export function wallTime(instant: Date | number | string, zone: string): WallTime {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormats.set(zone, format);
  }
  const values: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return {
    year: values.year,
    month: values.month,
    day: values.day,
    hour: values.hour === 24 ? 0 : values.hour,
    minute: values.minute,
    second: values.second,
  };
}

/** Minutes the zone is ahead of UTC at an instant (Stockholm in summer: 120). */
export function zoneOffsetMinutes(instant: Date | number | string, zone: string): number {
  const time = new Date(instant).getTime();
  const wall = wallTime(time, zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(time / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall-clock time in a zone names. A time skipped by a daylight-saving change is moved forward
 * by the gap (02:30 on the spring day is 03:30); a time that happens twice is the first of them.
 */
export function zonedToInstant(wall: Omit<WallTime, 'second'> & { second?: number }, zone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second ?? 0);
  const before = zoneOffsetMinutes(asUtc - 86_400_000 / 2, zone);
  const after = zoneOffsetMinutes(asUtc + 86_400_000 / 2, zone);
  const target = asUtc / 60_000;
  const candidates = [asUtc - before * 60_000, asUtc - after * 60_000].filter((instant) => {
    const seen = wallTime(instant, zone);
    const minutes = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second) / 60_000;
    return minutes === target;
  });
  // In a gap (no candidate reads back): the offset before it, which lands after the gap.
  return new Date(candidates.length > 0 ? Math.min(...candidates) : asUtc - before * 60_000);
}

const pad = (value: number, size = 2) => String(value).padStart(size, '0');

/** `YYYY-MM-DD` of an instant in a zone. */
export function zonedDateKey(instant: Date | number | string, zone: string): string {
  const wall = wallTime(instant, zone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** `YYYY-MM-DDTHH:mm` of an instant in a zone: what a datetime-local input shows. */
export function zonedInputValue(instant: Date | number | string, zone: string): string {
  const wall = wallTime(instant, zone);
  return `${zonedDateKey(instant, zone)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** The instant of a `YYYY-MM-DDTHH:mm` (or `YYYY-MM-DD`, midnight) read in a zone. */
export function instantOfZonedInput(value: string, zone: string): Date {
  const [date, time = '00:00'] = value.split('T');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return zonedToInstant({ year, month, day, hour, minute }, zone);
}

/** Whole days from one `YYYY-MM-DD` to another. */
export function daysBetween(from: string, to: string): number {
  const parse = (key: string) => {
    const [year, month, day] = key.split('-').map(Number);
    return Date.UTC(year, month - 1, day);
  };
  return Math.round((parse(to) - parse(from)) / 86_400_000);
}

/** The same wall-clock time `days` days later in the zone (across a daylight-saving change too). */
export function shiftByDays(instant: Date | number | string, days: number, zone: string): Date {
  const wall = wallTime(instant, zone);
  const moved = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  return zonedToInstant(
    {
      year: moved.getUTCFullYear(),
      month: moved.getUTCMonth() + 1,
      day: moved.getUTCDate(),
      hour: wall.hour,
      minute: wall.minute,
      second: wall.second,
    },
    zone,
  );
}

/** `+02:00`, `-03:30`, `+00:00`. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
