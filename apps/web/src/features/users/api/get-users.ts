import type { Member, MemberSort } from '@funkis/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { usersKeys } from './keys';

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
export const getUsers = (eventId: number, query: UsersQuery) =>
  apiClient.get<UsersResponse>(`/event/${eventId}/users`, {
    query: { ...usersFilterParams(query), page: query.page, pageSize: query.pageSize },
  });

/** Every page of an event's users table shares this prefix: the member mutations invalidate it. */
export const usersQueryKey = usersKeys.users;

export const usersQueryOptions = (eventId: number, query: UsersQuery) =>
  queryOptions({
    queryKey: [...usersQueryKey(eventId), query],
    queryFn: () => getUsers(eventId, query),
    placeholderData: keepPreviousData,
  });

export function useUsers(eventId: number, query: UsersQuery, enabled = true) {
  return useQuery({ ...usersQueryOptions(eventId, query), enabled });
}
