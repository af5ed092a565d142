/** A timeline period: one day or seven, from a local midnight. */
export interface Period {
  span: 'day' | 'week';
  start: Date;
}

/** Local midnight of a `YYYY-MM-DD` day (the viewer's time zone). */
export function dayStart(key: string): Date {
  const [year, month, day] = key.split('-').map(Number);
  return new Date(year, month - 1, day);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

export function periodDays(period: Period): Date[] {
  return Array.from({ length: period.span === 'day' ? 1 : 7 }, (_, index) => addDays(period.start, index));
}

/** `YYYY-MM-DD` of a local date. */
export function toDayKey(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
