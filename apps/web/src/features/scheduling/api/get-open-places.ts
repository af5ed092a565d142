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

/** GET /api/event/{id}/scheduling/without-shift: volunteers holding no shift (organisers), by name, paged. */
export const withoutShiftQueryOptions = (eventId: number, page: number) =>
  queryOptions({
    queryKey: shiftKeys.list(eventId, { kind: 'without-shift', page }),
    queryFn: ({ signal }) =>
      apiClient.get<{ users: PlannedPerson[]; total: number }>(`/event/${eventId}/scheduling/without-shift`, {
        signal,
        query: { page, pageSize: PLANNING_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

export function useWithoutShift(eventId: number, page: number) {
  return useQuery(withoutShiftQueryOptions(eventId, page));
}
