import type { PlannedPerson, ShiftBlock } from '@funkis/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { shiftKeys } from '../../../lib/query-keys';

export const PLANNING_PAGE_SIZE = 25;

/** GET /api/event/{id}/scheduling/not-full: shifts with places free (organisers), by start, paged. */
export const notFullShiftsQueryOptions = (eventId: number, page: number, pageSize = PLANNING_PAGE_SIZE) =>
  queryOptions({
    queryKey: shiftKeys.list(eventId, { kind: 'not-full', page, pageSize }),
    queryFn: ({ signal }) =>
      apiClient.get<{ shifts: ShiftBlock[]; total: number }>(`/event/${eventId}/scheduling/not-full`, {
        signal,
        query: { page, pageSize },
      }),
    placeholderData: keepPreviousData,
  });

export function useNotFullShifts(eventId: number, page: number, pageSize = PLANNING_PAGE_SIZE) {
  return useQuery(notFullShiftsQueryOptions(eventId, page, pageSize));
}

/** What the "no shift" list is narrowed to: a name or e-mail, and a group ('' for all). */
export interface WithoutShiftFilters {
  search: string;
  groupId: '' | number;
}
export const NO_WITHOUT_SHIFT_FILTERS: WithoutShiftFilters = { search: '', groupId: '' };

/**
 * GET /api/event/{id}/scheduling/without-shift?search=&groupId=: volunteers holding no shift (organisers), by
 * name, paged.
 */
export const withoutShiftQueryOptions = (
  eventId: number,
  page: number,
  filters: WithoutShiftFilters = NO_WITHOUT_SHIFT_FILTERS,
) =>
  queryOptions({
    queryKey: shiftKeys.list(eventId, { kind: 'without-shift', page, ...filters }),
    queryFn: ({ signal }) =>
      apiClient.get<{ users: PlannedPerson[]; total: number }>(`/event/${eventId}/scheduling/without-shift`, {
        signal,
        query: { page, pageSize: PLANNING_PAGE_SIZE, search: filters.search.trim(), groupId: filters.groupId },
      }),
    placeholderData: keepPreviousData,
  });

export function useWithoutShift(
  eventId: number,
  page: number,
  filters: WithoutShiftFilters = NO_WITHOUT_SHIFT_FILTERS,
) {
  return useQuery(withoutShiftQueryOptions(eventId, page, filters));
}
