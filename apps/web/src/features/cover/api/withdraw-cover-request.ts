import type { CoverRequest } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCoverWithdrawn } from '../../../api/invalidate';
import { apiClient, isApiError } from '../../../lib/api-client';
import { coverKeys } from '../../../lib/query-keys';

/**
 * DELETE /api/event/{id}/cover-requests/{coverRequestId} (organisers): closes a request nobody took, so the volunteers
 * asked can no longer take it; 200 when it was closed already, 409 `error.coverRequestTaken` when someone took it.
 */
export const withdrawCoverRequest = (eventId: number, coverRequestId: number) =>
  apiClient.delete<Record<string, never>>(`/event/${eventId}/cover-requests/${coverRequestId}`);

export function useWithdrawCoverRequest(eventId: number) {
  const queryClient = useQueryClient();
  const settle = (request: CoverRequest, state: CoverRequest['state']) =>
    queryClient.setQueryData<CoverRequest>(coverKeys.asked(eventId, request.shiftId), { ...request, state });
  return useMutation({
    mutationKey: ['cover', eventId, 'withdraw'],
    mutationFn: ({ request }: { request: CoverRequest }) => withdrawCoverRequest(eventId, request.id),
    onSuccess: (_answer, { request }) => settle(request, 'closed'),
    onError: (error, { request }) => {
      if (isApiError(error) && error.hasCode('error.coverRequestTaken')) settle(request, 'taken');
    },
    onSettled: () => invalidateCoverWithdrawn(queryClient, eventId),
  });
}
