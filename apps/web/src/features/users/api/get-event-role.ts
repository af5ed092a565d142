import type { EventDetail } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { usersKeys } from './keys';

/**
 * GET /api/event/{id}: the users screen needs the event's name and the caller's role (admin actions). Kept until
 * the event layout's context can be read instead.
 */
export const getEventDetail = (eventId: number) => apiClient.get<EventDetail>(`/event/${eventId}`);

export const eventDetailQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: usersKeys.detail(eventId), queryFn: () => getEventDetail(eventId), retry: false });

export function useEventDetail(eventId: number) {
  return useQuery(eventDetailQueryOptions(eventId));
}
