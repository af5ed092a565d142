import type { EventDetail } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../lib/api-client';
import { eventKeys } from '../lib/query-keys';

/** GET /api/event/{id} → event, eventUser, eventForm (spec section 7); 403 for non-members. */
export const getEvent = (eventId: number, signal?: AbortSignal) =>
  apiClient.get<EventDetail>(`/event/${eventId}`, { signal });

export const isEventId = (eventId: number) => Number.isInteger(eventId) && eventId > 0;

export const eventQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: eventKeys.detail(eventId),
    queryFn: ({ signal }) => getEvent(eventId, signal),
    // A refused event stays refused: no retries (not even when the layout mounts after its loader failed), the
    // access-denied page shows at once.
    retry: false,
    retryOnMount: false,
  });

/** The event the event layout (and its loader) reads; every screen below gets it from `useEventContext()`. */
export function useEvent(eventId: number) {
  return useQuery({ ...eventQueryOptions(eventId), enabled: isEventId(eventId) });
}
