import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { eventDayKeys } from '../../../lib/query-keys';

/** GET /api/event/{id}/my-code: the text the caller's QR code carries (every member). */
export const getMyCode = (eventId: number, signal?: AbortSignal) =>
  apiClient.get<{ code: string }>(`/event/${eventId}/my-code`, { signal });

export const myCodeQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: eventDayKeys.myCode(eventId),
    queryFn: ({ signal }) => getMyCode(eventId, signal),
    // Kept on the phone with the other answers of the day (lib/offline-data.ts). Tried without signal too, so the
    // screen learns it is offline and says since when its kept code is, instead of waiting paused.
    networkMode: 'always',
    retry: false,
  });

export function useMyCode(eventId: number) {
  return useQuery(myCodeQueryOptions(eventId));
}
