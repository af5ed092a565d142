import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateShiftChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST /api/event/{id}/shifts/{shiftId}/waitlist → 201 `{ position }`: wait for a place on a full shift. */
export const joinWaitlist = (eventId: number, shiftId: number) =>
  apiClient.post<{ position: number }>(`/event/${eventId}/shifts/${shiftId}/waitlist`, {});

/** DELETE /api/event/{id}/shifts/{shiftId}/waitlist: stop waiting. */
export const leaveWaitlist = (eventId: number, shiftId: number) =>
  apiClient.delete<{ success: true }>(`/event/${eventId}/shifts/${shiftId}/waitlist`);

export function useJoinWaitlist(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['shifts', eventId, 'waitlist', 'join'],
    mutationFn: (shiftId: number) => joinWaitlist(eventId, shiftId),
    onSettled: () => invalidateShiftChange(queryClient, eventId),
  });
}

export function useLeaveWaitlist(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['shifts', eventId, 'waitlist', 'leave'],
    mutationFn: (shiftId: number) => leaveWaitlist(eventId, shiftId),
    onSettled: () => invalidateShiftChange(queryClient, eventId),
  });
}
