import type { CoverRequest } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCoverAsked } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/event/{id}/shifts/{shiftId}/cover-requests (organisers): asks the group's free volunteers, for a free
 * place or for the place of a late person (`replacing`, whose place is freed); answers the open request when the shift
 * already has one. Nothing the organiser's screens show changes until someone accepts.
 */
export const askForCover = (eventId: number, shiftId: number, replacing?: number) =>
  apiClient.post<{ coverRequest: CoverRequest }>(
    `/event/${eventId}/shifts/${shiftId}/cover-requests`,
    replacing === undefined ? {} : { replacing },
  );

export function useAskForCover(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['cover', eventId, 'ask'],
    mutationFn: ({ shiftId, replacing }: { shiftId: number; replacing?: number }) =>
      askForCover(eventId, shiftId, replacing),
    onSuccess: (_answer, { replacing }) => {
      if (replacing !== undefined) void invalidateCoverAsked(queryClient, eventId);
    },
  });
}
