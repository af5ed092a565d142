import { addDays, dayStart, type Period, periodDays, toDayKey } from '../components/period';
import type { TimelineFilters } from './get-timeline';

export type SchedulingView = 'list' | 'timeline' | 'open' | 'hours';
export type TimelineRows = 'location' | 'group';

const ORGANISER_VIEWS: SchedulingView[] = ['list', 'timeline', 'open', 'hours'];
const MEMBER_VIEWS: SchedulingView[] = ['list', 'timeline'];

/**
 * The day the timeline opens on when the URL names none: the first day with a shift that has not ended yet, else
 * the first day with a shift at all, else the event's start, else today (`undefined`). An empty week starting today
 * while the event's shifts are next month looked like a schedule with nothing in it.
 */
export function defaultTimelineDay(
  shifts: readonly { startsAt: string; endsAt: string }[] | undefined,
  eventStartsAt: string | null | undefined,
  zone?: string,
  now = new Date(),
): string | undefined {
  if (shifts && shifts.length > 0) {
    let first: string | undefined;
    let upcoming: string | undefined;
    for (const shift of shifts) {
      if (first === undefined || shift.startsAt < first) first = shift.startsAt;
      if (Date.parse(shift.endsAt) > now.getTime() && (upcoming === undefined || shift.startsAt < upcoming)) {
        upcoming = shift.startsAt;
      }
    }
    const chosen = upcoming ?? first;
    if (chosen) return toDayKey(new Date(chosen), zone);
  }
  if (eventStartsAt && !Number.isNaN(Date.parse(eventStartsAt))) return toDayKey(new Date(eventStartsAt), zone);
  return undefined;
}

/**
 * The scheduling screen's view, its timeline period and rows, from the query string
 * (`?view=timeline&span=week&date=…&by=group`). `date` is a day of the event's zone (the viewer's without one);
 * without it the period starts on `fallbackDay` (`defaultTimelineDay`), else today. The screen and its route
 * loader both read the URL with this.
 */
export function parseSchedulingView(
  params: URLSearchParams,
  organiser: boolean,
  zone?: string,
  now = new Date(),
  fallbackDay?: string,
) {
  const allowed = organiser ? ORGANISER_VIEWS : MEMBER_VIEWS;
  const asked = params.get('view') as SchedulingView | null;
  const view: SchedulingView = asked && allowed.includes(asked) ? asked : 'list';
  const date = params.get('date');
  const period: Period = {
    span: params.get('span') === 'day' ? 'day' : 'week',
    start:
      date && /^\d{4}-\d{2}-\d{2}$/.test(date)
        ? dayStart(date, zone)
        : dayStart(fallbackDay ?? toDayKey(now, zone), zone),
  };
  const rows: TimelineRows = params.get('by') === 'group' ? 'group' : 'location';
  return { view, allowed, period, rows };
}

/** What the timeline asks for a period: from its first midnight to the midnight after its last day. */
export function timelineFiltersOf(period: Period, zone?: string): TimelineFilters {
  const days = periodDays(period, zone);
  return { from: days[0].toISOString(), to: addDays(days[days.length - 1], 1, zone).toISOString(), groupId: '' };
}
