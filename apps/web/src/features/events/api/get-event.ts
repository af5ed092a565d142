import type { EventDetail } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { eventKeys } from './keys';

/** GET /api/event/{id} → event, eventUser, eventForm (spec section 7); 403 for non-members. */
export const getEvent = (eventId: number) => apiClient.get<EventDetail>(`/event/${eventId}`);

export const eventQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: eventKeys.detail(eventId),
    queryFn: () => getEvent(eventId),
    // A refused event stays refused: no retries, the access-denied page shows at once.
    retry: false,
  });

export function useEvent(eventId: number) {
  return useQuery({ ...eventQueryOptions(eventId), enabled: Number.isInteger(eventId) && eventId > 0 });
}
