import type { Group } from '@funkis/shared';
import { LIMITS } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../lib/api-client';
import { groupKeys } from '../lib/query-keys';

/**
 * GET /api/event/{id}/groups: the event's groups with their member counts, the server's largest page (the
 * control panel, the users table's filter and dialogs, the applications review's filter and bulk choice).
 */
export const getGroups = (eventId: number, signal?: AbortSignal) =>
  apiClient.get<{ groups: Group[]; total: number }>(`/event/${eventId}/groups`, {
    signal,
    query: { pageSize: LIMITS.PAGE_SIZE_MAXIMUM },
  });

export const groupsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: groupKeys.list(eventId), queryFn: ({ signal }) => getGroups(eventId, signal) });

export function useGroups(eventId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...groupsQueryOptions(eventId), enabled });
}
