import { instantOfZonedInput, zonedDateKey } from '@funkis/shared';

/**
 * A timeline period: one day or seven, from a midnight. With the event's zone a day is the event's
 * local day (its midnight in that zone, across daylight-saving changes too); without one the viewer's.
 */
export interface Period {
  span: 'day' | 'week';
  start: Date;
}

/** Midnight of a `YYYY-MM-DD` day in the zone (the viewer's without one). */
export function dayStart(key: string, zone?: string): Date {
  if (zone) return instantOfZonedInput(key, zone);
  const [year, month, day] = key.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** The midnight `days` days after the day of `date` in the zone (the viewer's without one). */
export function addDays(date: Date, days: number, zone?: string): Date {
  if (!zone) return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
  const [year, month, day] = toDayKey(date, zone).split('-').map(Number);
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return dayStart(moved.toISOString().slice(0, 10), zone);
}

export function periodDays(period: Period, zone?: string): Date[] {
  return Array.from({ length: period.span === 'day' ? 1 : 7 }, (_, index) => addDays(period.start, index, zone));
}

/** `YYYY-MM-DD` of an instant in the zone (the viewer's without one). */
export function toDayKey(date: Date, zone?: string): string {
  if (zone) return zonedDateKey(date, zone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The period `steps` periods later (earlier when negative): a day or a week on, from its first midnight. */
export function stepped(period: Period, steps: number, zone?: string): Period {
  return { ...period, start: addDays(period.start, steps * (period.span === 'day' ? 1 : 7), zone) };
}
