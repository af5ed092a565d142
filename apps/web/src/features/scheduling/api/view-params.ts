import { addDays, dayStart, type Period, periodDays, toDayKey } from '../components/period';
import type { TimelineFilters } from './get-timeline';

export type SchedulingView = 'list' | 'timeline' | 'open' | 'hours';
export type TimelineRows = 'location' | 'group';

const ORGANISER_VIEWS: SchedulingView[] = ['list', 'timeline', 'open', 'hours'];
const MEMBER_VIEWS: SchedulingView[] = ['list', 'timeline'];

/**
 * The scheduling screen's view, its timeline period and rows, from the query string
 * (`?view=timeline&span=week&date=…&by=group`). `date` is a day of the event's zone (the viewer's without one);
 * without it the period starts today. The screen and its route loader both read the URL with this.
 */
export function parseSchedulingView(params: URLSearchParams, organiser: boolean, zone?: string, now = new Date()) {
  const allowed = organiser ? ORGANISER_VIEWS : MEMBER_VIEWS;
  const asked = params.get('view') as SchedulingView | null;
  const view: SchedulingView = asked && allowed.includes(asked) ? asked : 'list';
  const date = params.get('date');
  const period: Period = {
    span: params.get('span') === 'day' ? 'day' : 'week',
    start: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? dayStart(date, zone) : dayStart(toDayKey(now, zone), zone),
  };
  const rows: TimelineRows = params.get('by') === 'group' ? 'group' : 'location';
  return { view, allowed, period, rows };
}

/** What the timeline asks for a period: from its first midnight to the midnight after its last day. */
export function timelineFiltersOf(period: Period, zone?: string): TimelineFilters {
  const days = periodDays(period, zone);
  return { from: days[0].toISOString(), to: addDays(days[days.length - 1], 1, zone).toISOString(), groupId: '' };
}
