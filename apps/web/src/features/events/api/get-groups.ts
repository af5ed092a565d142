import type { Group } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { eventKeys } from './keys';

/** GET /api/event/{id}/groups → the groups with their member counts. */
export const getGroups = (eventId: number) =>
  apiClient.get<{ groups: Group[]; total: number }>(`/event/${eventId}/groups`);

export const groupsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: eventKeys.groups(eventId), queryFn: () => getGroups(eventId) });

export function useGroups(eventId: number) {
  return useQuery(groupsQueryOptions(eventId));
}
