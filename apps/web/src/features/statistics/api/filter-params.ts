import type { StatisticsQueryInput } from '@funkis/shared';

/** The screen's filters as the URL holds them: lists comma-separated, days as YYYY-MM-DD, '' for "any". */
export interface StatisticsFilterParams {
  status: string[];
  groupId: string[];
  week: string[];
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const listOf = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);

/** The filters from the URL (the applications review's names: status, groupId, week; and from, to). */
export function filterFromSearch(search: URLSearchParams): StatisticsFilterParams {
  const day = (name: string) => {
    const value = search.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    status: listOf(search.get('status')),
    groupId: listOf(search.get('groupId')),
    week: listOf(search.get('week')),
    from: day('from'),
    to: day('to'),
  };
}

/** The URL's query string for the filters (empty ones left out). */
export function searchOf(filter: StatisticsFilterParams): URLSearchParams {
  const search = new URLSearchParams();
  if (filter.status.length > 0) search.set('status', filter.status.join(','));
  if (filter.groupId.length > 0) search.set('groupId', filter.groupId.join(','));
  if (filter.week.length > 0) search.set('week', filter.week.join(','));
  if (filter.from) search.set('from', filter.from);
  if (filter.to) search.set('to', filter.to);
  return search;
}

/** The API's query for the filters. */
export function queryOf(filter: StatisticsFilterParams): Record<keyof StatisticsQueryInput, string> {
  return {
    status: filter.status.join(','),
    groupId: filter.groupId.join(','),
    week: filter.week.join(','),
    from: filter.from,
    to: filter.to,
  };
}
