import type { ShiftAssignment } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateShiftChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';
import { coverKeys } from '../../../lib/query-keys';

/** POST /api/cover-requests/{id}/accept: take the place; 409 when someone else was first. */
export const acceptCoverRequest = (coverRequestId: number) =>
  apiClient.post<{ assignment: ShiftAssignment }>(`/cover-requests/${coverRequestId}/accept`);

export function useAcceptCoverRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['cover', 'accept'],
    mutationFn: ({ coverRequestId }: { coverRequestId: number; eventId: number }) => acceptCoverRequest(coverRequestId),
    // Taken or refused, the list is read again: a request someone else took then shows as taken.
    onSettled: (_data, _error, { eventId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: coverKeys.mine() }),
        invalidateShiftChange(queryClient, eventId),
      ]),
  });
}
