import type { Group } from '@funkis/shared';
import { LIMITS } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /api/event/{id}/groups: the event's groups for the filter and the bulk group choice. */
export const getGroups = (eventId: string, signal?: AbortSignal) =>
  apiClient.get<{ groups: Group[]; total: number }>(`/event/${eventId}/groups`, {
    signal,
    query: { pageSize: LIMITS.PAGE_SIZE_MAXIMUM },
  });

export const groupsQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: ['applications', eventId, 'groups'], queryFn: ({ signal }) => getGroups(eventId, signal) });

export const useGroups = (eventId: string) => useQuery(groupsQueryOptions(eventId));
