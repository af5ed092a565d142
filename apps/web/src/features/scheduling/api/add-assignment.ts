import type { ShiftAssignment } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateShiftChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST /api/event/{id}/shifts/{shiftId}/assignments: organisers assign, volunteers sign themselves up. */
export const addAssignment = (eventId: number, shiftId: number, eventUserId: number) =>
  apiClient.post<{ assignment: ShiftAssignment }>(`/event/${eventId}/shifts/${shiftId}/assignments`, {
    eventUserId,
  });

export function useAddAssignment(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['shifts', eventId, 'assign'],
    mutationFn: ({ shiftId, eventUserId }: { shiftId: number; eventUserId: number }) =>
      addAssignment(eventId, shiftId, eventUserId),
    onSettled: () => invalidateShiftChange(queryClient, eventId),
  });
}
