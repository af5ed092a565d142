import type { StatisticsQueryInput } from '@funkis/shared';

/**
 * Query keys of the statistics screen. Under `['event', id]` so that whatever invalidates an event's data
 * (a group's wanted size, for one) reaches it.
 */
export const statisticsKeys = {
  all: (eventId: number) => ['event', eventId, 'statistics'] as const,
  detail: (eventId: number, filter: StatisticsFilterParams) => ['event', eventId, 'statistics', filter] as const,
};

/** The screen's filters as the URL holds them: lists comma-separated, days as YYYY-MM-DD, '' for "any". */
export interface StatisticsFilterParams {
  status: string[];
  groupId: string[];
  week: string[];
  from: string;
  to: string;
}

export function queryOf(filter: StatisticsFilterParams): Record<keyof StatisticsQueryInput, string> {
  return {
    status: filter.status.join(','),
    groupId: filter.groupId.join(','),
    week: filter.week.join(','),
    from: filter.from,
    to: filter.to,
  };
}
