import type {
  WishRound,
  WishRoundCreateInput,
  WishRoundOptions,
  WishRoundPreview,
  WishRoundResult,
  WishRoundSummary,
  WishRoundWishes,
  WishRoundWishesInput,
} from '@funkis/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateWishRoundPublished } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';
import { wishRoundKeys } from '../../../lib/query-keys';

/** GET /api/event/{id}/wish-rounds: the rounds the caller may see (organisers: all they run; volunteers: theirs). */
export const getWishRounds = (eventId: number, signal?: AbortSignal) =>
  apiClient.get<{ rounds: WishRoundSummary[] }>(`/event/${eventId}/wish-rounds`, { signal });

export const wishRoundsQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: wishRoundKeys.list(eventId),
    queryFn: ({ signal }) => getWishRounds(eventId, signal),
  });

export const useWishRounds = (eventId: number) => useQuery(wishRoundsQueryOptions(eventId));

/** GET /api/event/{id}/wish-rounds/{roundId}: the round, with my wishes (volunteers) or the last preview (organisers). */
export const getWishRound = (eventId: number, roundId: number, signal?: AbortSignal) =>
  apiClient.get<{ round: WishRound }>(`/event/${eventId}/wish-rounds/${roundId}`, { signal });

export const wishRoundQueryOptions = (eventId: number, roundId: number) =>
  queryOptions({
    queryKey: wishRoundKeys.detail(eventId, roundId),
    queryFn: ({ signal }) => getWishRound(eventId, roundId, signal),
  });

export const useWishRound = (eventId: number, roundId: number) => useQuery(wishRoundQueryOptions(eventId, roundId));

/** GET …/my-result: what I got, and why each wish not met was not (only once the round is published). */
export const getMyWishResult = (eventId: number, roundId: number, signal?: AbortSignal) =>
  apiClient.get<WishRoundResult>(`/event/${eventId}/wish-rounds/${roundId}/my-result`, { signal });

export const useMyWishResult = (eventId: number, roundId: number, enabled: boolean) =>
  useQuery({
    queryKey: wishRoundKeys.result(eventId, roundId),
    queryFn: ({ signal }) => getMyWishResult(eventId, roundId, signal),
    enabled,
  });

/** POST /api/event/{id}/wish-rounds → 201 `{ round }` (admins; a leader for their group). */
export function useCreateWishRound(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['wish-rounds', eventId, 'create'],
    mutationFn: (input: WishRoundCreateInput) =>
      apiClient.post<{ round: WishRound }>(`/event/${eventId}/wish-rounds`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wishRoundKeys.list(eventId) }),
  });
}

/** POST …/wishes: my ranked wishes, the shifts I cannot do, how many I will do and a friend's code (replaces). */
export function useSaveWishes(eventId: number, roundId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['wish-rounds', eventId, roundId, 'wishes'],
    mutationFn: (input: WishRoundWishesInput) =>
      apiClient.post<{ wishes: WishRoundWishes }>(`/event/${eventId}/wish-rounds/${roundId}/wishes`, input),
    onSuccess: ({ wishes }) =>
      queryClient.setQueryData(wishRoundKeys.detail(eventId, roundId), (old: { round: WishRound } | undefined) =>
        old ? { round: { ...old.round, myWishes: wishes } } : old,
      ),
  });
}

/** POST …/allocate: a preview of the allocation (stored on the round, so publishing gives exactly what was shown). */
export function useAllocateWishRound(eventId: number, roundId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['wish-rounds', eventId, roundId, 'allocate'],
    mutationFn: (input: { seed?: number; options?: WishRoundOptions }) =>
      apiClient.post<{ preview: WishRoundPreview }>(`/event/${eventId}/wish-rounds/${roundId}/allocate`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wishRoundKeys.detail(eventId, roundId) }),
  });
}

/** POST …/publish: the preview's places become shifts, and every participant is told. */
export function usePublishWishRound(eventId: number, roundId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['wish-rounds', eventId, roundId, 'publish'],
    mutationFn: () =>
      apiClient.post<{ round: WishRound; skipped: unknown[] }>(`/event/${eventId}/wish-rounds/${roundId}/publish`, {}),
    onSettled: () => invalidateWishRoundPublished(queryClient, eventId),
  });
}
