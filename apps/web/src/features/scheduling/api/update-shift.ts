import type { Shift, UpdateShiftInput } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateShiftChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/event/{id}/shifts/{shiftId} (admin; leader for their own group): only the fields that changed. A new
 * time is checked against the assigned people's other shifts and rest (409 naming the conflict); assigned people
 * are told by e-mail of a new time or place.
 */
export const updateShift = (eventId: number, shiftId: number, changes: UpdateShiftInput) =>
  apiClient.post<{ shift: Shift }>(`/event/${eventId}/shifts/${shiftId}`, changes);

export function useUpdateShift(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['shifts', eventId, 'update'],
    mutationFn: ({ shiftId, changes }: { shiftId: number; changes: UpdateShiftInput }) =>
      updateShift(eventId, shiftId, changes),
    onSettled: () => invalidateShiftChange(queryClient, eventId),
  });
}
