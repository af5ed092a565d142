import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateShiftChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** DELETE /api/event/{id}/shifts/{shiftId} (admin; leader for their own group). */
export const deleteShift = (eventId: number, shiftId: number) =>
  apiClient.delete<{ success: true }>(`/event/${eventId}/shifts/${shiftId}`);

export function useDeleteShift(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['shifts', eventId, 'delete'],
    mutationFn: (shiftId: number) => deleteShift(eventId, shiftId),
    onSettled: () => invalidateShiftChange(queryClient, eventId),
  });
}
