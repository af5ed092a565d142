import type { Member } from '@funkis/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { memberKeys } from '../../../lib/query-keys';

/** The members panel shows this many at a time: a page of chips, not all 700 (search or page for the rest). */
export const MEMBERS_PAGE_SIZE = 20;

/** GET /api/event/{id}/users?search=: members an organiser may assign (leaders get their own group's), one page. */
export const getAssignableMembers = (eventId: number, search: string, page = 1, signal?: AbortSignal) =>
  apiClient.get<{ users: Member[]; total: number }>(`/event/${eventId}/users`, {
    signal,
    query: { search: search.trim(), page, pageSize: MEMBERS_PAGE_SIZE, sort: 'firstname' },
  });

export const assignableMembersQueryOptions = (eventId: number, search: string, page = 1) =>
  queryOptions({
    queryKey: memberKeys.list(eventId, { scheduling: true, search, page }),
    queryFn: ({ signal }) => getAssignableMembers(eventId, search, page, signal),
    placeholderData: keepPreviousData,
  });

export function useAssignableMembers(eventId: number, search: string, enabled: boolean, page = 1) {
  return useQuery({ ...assignableMembersQueryOptions(eventId, search, page), enabled });
}
