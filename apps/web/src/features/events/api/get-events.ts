import type { EventSummary } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { eventKeys } from '../../../lib/query-keys';

/** GET /api/events → the user's events (with their role) and events open for application. */
export const getEvents = () => apiClient.get<{ events: EventSummary[]; total: number }>('/events');

export const eventsQueryOptions = () => queryOptions({ queryKey: eventKeys.list(), queryFn: getEvents });

export function useEvents() {
  return useQuery(eventsQueryOptions());
}
