import type { CreateOfferInput, ShiftAssignment, ShiftOffer } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateShiftChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST /api/event/{id}/shifts/{shiftId}/offers → 201 `{ offer }`: offer one's place until a deadline. */
export const offerPlace = (eventId: number, shiftId: number, input: CreateOfferInput) =>
  apiClient.post<{ offer: ShiftOffer }>(`/event/${eventId}/shifts/${shiftId}/offers`, input);

/** POST /api/event/{id}/offers/{offerId}/take → `{ assignment }`, or 202 `{ offer }` while a leader must approve. */
export const takeOffer = (eventId: number, offerId: number) =>
  apiClient.post<{ assignment: ShiftAssignment } | { offer: ShiftOffer }>(
    `/event/${eventId}/offers/${offerId}/take`,
    {},
  );

/** POST /api/event/{id}/offers/{offerId}/approve → `{ assignment }` (admin; the leader of the shift's group). */
export const approveOffer = (eventId: number, offerId: number) =>
  apiClient.post<{ assignment: ShiftAssignment }>(`/event/${eventId}/offers/${offerId}/approve`, {});

/** POST /api/event/{id}/offers/{offerId}/decline → `{ offer }`, open again. */
export const declineOffer = (eventId: number, offerId: number) =>
  apiClient.post<{ offer: ShiftOffer }>(`/event/${eventId}/offers/${offerId}/decline`, {});

/** DELETE /api/event/{id}/offers/{offerId} → `{ offer }`: the one who offered keeps the place. */
export const withdrawOffer = (eventId: number, offerId: number) =>
  apiClient.delete<{ offer: ShiftOffer }>(`/event/${eventId}/offers/${offerId}`);

/** Every hand-over step changes places or offers: the shift lists (which hold the offers' query) and the log. */
function useOfferMutation<TInput, TResult>(eventId: number, name: string, run: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['shifts', eventId, 'offers', name],
    mutationFn: run,
    onSettled: () => invalidateShiftChange(queryClient, eventId),
  });
}

export const useOfferPlace = (eventId: number) =>
  useOfferMutation(eventId, 'offer', ({ shiftId, until }: { shiftId: number; until?: string }) =>
    offerPlace(eventId, shiftId, until ? { until } : {}),
  );
export const useTakeOffer = (eventId: number) =>
  useOfferMutation(eventId, 'take', (offerId: number) => takeOffer(eventId, offerId));
export const useApproveOffer = (eventId: number) =>
  useOfferMutation(eventId, 'approve', (offerId: number) => approveOffer(eventId, offerId));
export const useDeclineOffer = (eventId: number) =>
  useOfferMutation(eventId, 'decline', (offerId: number) => declineOffer(eventId, offerId));
export const useWithdrawOffer = (eventId: number) =>
  useOfferMutation(eventId, 'withdraw', (offerId: number) => withdrawOffer(eventId, offerId));
