import type { ShiftAssignment } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { shiftKeys } from '../../../lib/query-keys';

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
    onSettled: () => queryClient.invalidateQueries({ queryKey: shiftKeys.lists(eventId) }),
  });
}
