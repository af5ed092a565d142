import type { EventLink } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { feedKeys } from '../../../lib/query-keys';

/** GET /api/event/{id}/links → the event's links. */
export const getLinks = (eventId: number) => apiClient.get<{ links: EventLink[] }>(`/event/${eventId}/links`);

export const linksQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: feedKeys.links(eventId), queryFn: () => getLinks(eventId) });

export function useLinks(eventId: number) {
  return useQuery(linksQueryOptions(eventId));
}
