import { formatOffset, zonedDateKey, zoneOffsetMinutes } from '@funkis/shared';

/**
 * "Fri 3 Jul, 08:00–12:00" in the reader's language. With `timeZone` (the event's) the times are that
 * zone's wall-clock times; without it the viewer's own.
 */
export function formatShiftTime(language: string, startsAt: string, endsAt: string, timeZone?: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const day = new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short', timeZone });
  const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', timeZone });
  const sameDay = dayKey(startsAt, timeZone) === dayKey(endsAt, timeZone);
  return sameDay
    ? `${day.format(start)}, ${time.format(start)}–${time.format(end)}`
    : `${day.format(start)}, ${time.format(start)} – ${day.format(end)}, ${time.format(end)}`;
}

/** The calendar day of an instant, `YYYY-MM-DD`, in the zone (the viewer's without one): what lists group by. */
export function dayKey(instant: string, timeZone?: string): string {
  if (timeZone) return zonedDateKey(instant, timeZone);
  const date = new Date(instant);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function formatDay(language: string, key: string): string {
  const [year, month, day] = key.split('-').map(Number);
  return new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** The viewer's own zone. */
export const viewerTimeZone = (): string => new Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * " (UTC+02:00)" after a time when the viewer's zone has another offset than the event's at that instant;
 * '' when they agree (the usual case: people at the event).
 */
export function offsetNote(instant: string, timeZone: string | undefined): string {
  if (!timeZone) return '';
  const offset = zoneOffsetMinutes(instant, timeZone);
  if (offset === zoneOffsetMinutes(instant, viewerTimeZone())) return '';
  return ` (UTC${formatOffset(offset)})`;
}

/** "Fri 3 Jul, 08:00" in the reader's language and the zone (the viewer's without one): a deadline. */
export function formatInstant(language: string, instant: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(new Date(instant));
}
