import type { ShiftAssignment } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateShiftChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST …/shifts/{shiftId}/assignments/{assignmentId}/move: one step, the assignment rules checked on the server. */
export function useMoveAssignment(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['shifts', eventId, 'move'],
    mutationFn: ({ shiftId, assignmentId, toShiftId }: { shiftId: number; assignmentId: number; toShiftId: number }) =>
      apiClient.post<{ assignment: ShiftAssignment }>(
        `/event/${eventId}/shifts/${shiftId}/assignments/${assignmentId}/move`,
        { shiftId: toShiftId },
      ),
    onSettled: () => invalidateShiftChange(queryClient, eventId),
  });
}
