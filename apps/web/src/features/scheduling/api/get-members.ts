import type { Member } from '@funkis/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { memberKeys } from '../../../lib/query-keys';

/** GET /api/event/{id}/users?search=: members an organiser may assign (leaders get their own group's). */
export const getAssignableMembers = (eventId: number, search: string, signal?: AbortSignal) =>
  apiClient.get<{ users: Member[]; total: number }>(`/event/${eventId}/users`, {
    signal,
    query: { search: search.trim(), page: 1, pageSize: 100, sort: 'firstname' },
  });

export const assignableMembersQueryOptions = (eventId: number, search: string) =>
  queryOptions({
    queryKey: memberKeys.list(eventId, { scheduling: true, search }),
    queryFn: ({ signal }) => getAssignableMembers(eventId, search, signal),
    placeholderData: keepPreviousData,
  });

export function useAssignableMembers(eventId: number, search: string, enabled: boolean) {
  return useQuery({ ...assignableMembersQueryOptions(eventId, search), enabled });
}
