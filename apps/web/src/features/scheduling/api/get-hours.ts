import type { HoursRow } from '@funkis/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { shiftKeys } from '../../../lib/query-keys';

export interface HoursFilters {
  groupId: '' | number;
  arrivedOnly: boolean;
}

/** The hours view as it opens: no filter, the first page of 25 (its route loader starts the same). */
export const NO_HOURS_FILTERS: HoursFilters = { groupId: '', arrivedOnly: false };
export const HOURS_FIRST_PAGE_SIZE = 25;

/** The filters as the server's query string takes them (the list and its export). */
export const hoursParams = (filters: HoursFilters) => ({
  groupId: filters.groupId,
  arrivedOnly: filters.arrivedOnly ? '1' : '',
});

/** GET /api/event/{id}/scheduling/hours: hours per member holding shifts (organisers), by name, paged. */
export const hoursQueryOptions = (eventId: number, filters: HoursFilters, page: number, pageSize: number) =>
  queryOptions({
    queryKey: shiftKeys.list(eventId, { kind: 'hours', ...filters, page, pageSize }),
    queryFn: ({ signal }) =>
      apiClient.get<{ rows: HoursRow[]; total: number }>(`/event/${eventId}/scheduling/hours`, {
        signal,
        query: { ...hoursParams(filters), page, pageSize },
      }),
    placeholderData: keepPreviousData,
  });

export function useHours(eventId: number, filters: HoursFilters, page: number, pageSize: number) {
  return useQuery(hoursQueryOptions(eventId, filters, page, pageSize));
}
