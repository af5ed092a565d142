import type { EventDetail } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * GET /api/event/{id}: the event (week separation), the caller's role and the form's fields. Used until the event
 * layout's context provides them.
 */
export const getEvent = (eventId: string, signal?: AbortSignal) =>
  apiClient.get<EventDetail>(`/event/${eventId}`, { signal });

export const eventQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: ['applications', eventId, 'event'], queryFn: ({ signal }) => getEvent(eventId, signal) });

export const useEvent = (eventId: string) => useQuery(eventQueryOptions(eventId));
