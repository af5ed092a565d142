import type { CoverRequest } from '@funkis/shared';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateCoverAsked } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';
import { coverKeys } from '../../../lib/query-keys';

/**
 * POST /api/event/{id}/shifts/{shiftId}/cover-requests (organisers): asks the group's free volunteers, for a free
 * place or for the place of a late person (`replacing`, whose place is freed); answers the open request when the shift
 * already has one. The answer is kept per shift (`coverKeys.asked`), so the board shows the request and can withdraw it.
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
    onSuccess: ({ coverRequest }, { shiftId, replacing }) => {
      queryClient.setQueryData(coverKeys.asked(eventId, shiftId), coverRequest);
      // A freed place changes the shift's people; either way the board reads the request with its shift.
      void invalidateCoverAsked(queryClient, eventId, { placeFreed: replacing !== undefined });
    },
  });
}

/**
 * The request asked for this shift in this session, as asking answered it (then closed or taken once withdrawn);
 * undefined when nobody asked here. Nothing is fetched: asking again answers the open request, if there is one.
 */
export const useAskedCoverRequest = (eventId: number, shiftId: number) =>
  useQuery<CoverRequest>({
    queryKey: coverKeys.asked(eventId, shiftId),
    queryFn: skipToken,
    staleTime: Infinity,
    gcTime: Infinity,
  }).data;
