import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateShiftChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** DELETE /api/event/{id}/shifts/{shiftId}/assignments/{assignmentId}: remove someone, or sign oneself off. */
export const removeAssignment = (eventId: number, shiftId: number, assignmentId: number) =>
  apiClient.delete<{ success: true }>(`/event/${eventId}/shifts/${shiftId}/assignments/${assignmentId}`);

export function useRemoveAssignment(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['shifts', eventId, 'unassign'],
    mutationFn: ({ shiftId, assignmentId }: { shiftId: number; assignmentId: number }) =>
      removeAssignment(eventId, shiftId, assignmentId),
    onSettled: () => invalidateShiftChange(queryClient, eventId),
  });
}
