import type { DuplicateDayResponse, Shift } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateShiftChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST /api/event/{id}/shifts/{shiftId}/duplicate: a copy at another start, without people. */
export function useDuplicateShift(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['shifts', eventId, 'duplicate'],
    mutationFn: ({ shiftId, startsAt }: { shiftId: number; startsAt: string }) =>
      apiClient.post<{ shift: Shift }>(`/event/${eventId}/shifts/${shiftId}/duplicate`, { startsAt }),
    onSuccess: () => invalidateShiftChange(queryClient, eventId),
  });
}

/**
 * POST /api/event/{id}/shifts/duplicate-day: a day's shifts to another day at the same times in the event's
 * zone. With `preview` it answers what it would make and makes nothing.
 */
export const duplicateDay = (eventId: number, input: { from: string; to: string; preview?: boolean }) =>
  apiClient.post<DuplicateDayResponse>(`/event/${eventId}/shifts/duplicate-day`, input);

export function useDuplicateDay(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['shifts', eventId, 'duplicate-day'],
    mutationFn: (input: { from: string; to: string; preview?: boolean }) => duplicateDay(eventId, input),
    onSuccess: (result) => {
      if (result.created) void invalidateShiftChange(queryClient, eventId);
    },
  });
}
