import type { ShiftOffer } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { shiftKeys } from '../../../lib/query-keys';

/**
 * GET /api/event/{id}/offers: the offered places the caller may take and their own offers; organisers every offer
 * of theirs, pending ones included (decision 033).
 */
export const offersQueryOptions = (eventId: number) =>
  queryOptions({
    // Under the shift lists' key: every change to shifts and places (a sign-off closes an offer) asks again.
    queryKey: shiftKeys.list(eventId, { kind: 'offers' }),
    queryFn: ({ signal }) => apiClient.get<{ offers: ShiftOffer[] }>(`/event/${eventId}/offers`, { signal }),
  });

export function useOffers(eventId: number) {
  return useQuery(offersQueryOptions(eventId));
}
