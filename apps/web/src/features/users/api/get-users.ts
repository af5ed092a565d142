import type { Member, MemberSort } from '@funkis/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { memberKeys } from '../../../lib/query-keys';

/** The filters of the users table; `groupId` is a group id, 'none' (no group) or '' (every group). */
export interface UsersFilters {
  search: string;
  roleLevel: '' | 0 | 1 | 2;
  groupId: '' | 'none' | number;
  sort?: MemberSort;
}

export interface UsersQuery extends UsersFilters {
  page: number;
  pageSize: number;
}

export interface UsersResponse {
  users: Member[];
  total: number;
}

/** The filters as the list and the export take them. */
export const usersFilterParams = ({ search, roleLevel, groupId, sort }: UsersFilters) => ({
  search: search.trim(),
  roleLevel,
  groupId,
  sort,
});

/** GET /api/event/{id}/users: one page of members, filtered and sorted by the server. */
export const getUsers = (eventId: number, query: UsersQuery, signal?: AbortSignal) =>
  apiClient.get<UsersResponse>(`/event/${eventId}/users`, {
    signal,
    query: { ...usersFilterParams(query), page: query.page, pageSize: query.pageSize },
  });

export const usersQueryOptions = (eventId: number, query: UsersQuery) =>
  queryOptions({
    queryKey: memberKeys.list(eventId, query),
    queryFn: ({ signal }) => getUsers(eventId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(eventId: number, query: UsersQuery, enabled = true) {
  return useQuery({ ...usersQueryOptions(eventId, query), enabled });
}
