import type { Group } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { usersKeys } from './keys';

/** GET /api/event/{id}/groups: the event's groups (first 500: the server's page maximum). */
export const getGroups = (eventId: number) =>
  apiClient.get<{ groups: Group[]; total: number }>(`/event/${eventId}/groups`, { query: { pageSize: 500 } });

export const groupsQueryKey = usersKeys.groups;

export const groupsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: groupsQueryKey(eventId), queryFn: () => getGroups(eventId) });

export function useGroups(eventId: number, enabled = true) {
  return useQuery({ ...groupsQueryOptions(eventId), enabled });
}
