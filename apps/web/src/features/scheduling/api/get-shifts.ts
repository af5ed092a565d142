import type { Shift } from '@funkis/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { shiftKeys } from '../../../lib/query-keys';

/** The list filters as the server takes them ('' for none). */
export interface ShiftFilters {
  from: string;
  to: string;
  groupId: '' | number;
  location: string;
  free: boolean;
}

/** No filter: every shift the caller may see (the list as the screen opens, and "my shifts" always). */
export const NO_SHIFT_FILTERS: ShiftFilters = { from: '', to: '', groupId: '', location: '', free: false };

/** GET /api/event/{id}/shifts: the shifts the caller may see, filtered by the server. */
export const getShifts = (eventId: number, filters: ShiftFilters, signal?: AbortSignal) =>
  apiClient.get<{ shifts: Shift[] }>(`/event/${eventId}/shifts`, {
    signal,
    query: {
      from: filters.from,
      to: filters.to,
      groupId: filters.groupId,
      location: filters.location.trim(),
      free: filters.free ? '1' : '',
    },
  });

export const shiftsQueryOptions = (eventId: number, filters: ShiftFilters) =>
  queryOptions({
    queryKey: shiftKeys.list(eventId, filters),
    queryFn: ({ signal }) => getShifts(eventId, filters, signal),
    placeholderData: keepPreviousData,
  });

export function useShifts(eventId: number, filters: ShiftFilters) {
  return useQuery(shiftsQueryOptions(eventId, filters));
}
