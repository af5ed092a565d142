import { MEMBER_SORTS, type MemberSort } from '@funkis/shared';
import { parsePositiveInt, readPositiveInt } from '../../../hooks/use-list-search-params';
import type { UsersQuery } from './get-users';

/** The users table's page sizes; the first is the default. */
export const PAGE_SIZE_OPTIONS = [25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = PAGE_SIZE_OPTIONS[0];

/** The users table's list as the query string keeps it. */
export interface UsersListState {
  search: string;
  roleLevel: '' | 0 | 1 | 2;
  /** A group id, 'none' (members without a group) or '' (every group). */
  groupId: '' | 'none' | number;
  /** The server's sort; grouped, only `group` or `-group` counts. */
  sort?: MemberSort;
  /** Grouped by group (the group column first, sorted by it). */
  grouped: boolean;
  /** 1-based. */
  page: number;
  pageSize: number;
}

const isSort = (value: string | null): value is MemberSort =>
  value !== null && (MEMBER_SORTS as readonly string[]).includes(value);

/** The sort the server is asked for: grouped, by group (either way), whatever column was sorted before. */
export const effectiveSort = ({ sort, grouped }: Pick<UsersListState, 'sort' | 'grouped'>): MemberSort | undefined =>
  grouped ? (sort === '-group' ? '-group' : 'group') : sort;

/**
 * The users table as the query string gives it: `search`, `roleLevel` (0, 1, 2), `groupId` (an id or `none`),
 * `sort` (e.g. `lastname`, `-createdAt`), `grouped=1`, `page`, `pageSize`. Values that cannot be valid are left out.
 */
export function parseUsersListState(search: URLSearchParams): UsersListState {
  const roleLevel = search.get('roleLevel');
  const groupId = search.get('groupId');
  const sort = search.get('sort');
  const pageSize = readPositiveInt(search, 'pageSize');
  return {
    search: search.get('search') ?? '',
    roleLevel: roleLevel === '0' || roleLevel === '1' || roleLevel === '2' ? (Number(roleLevel) as 0 | 1 | 2) : '',
    groupId: groupId === 'none' ? 'none' : (parsePositiveInt(groupId) ?? ''),
    sort: isSort(sort) ? sort : undefined,
    grouped: search.get('grouped') === '1',
    page: readPositiveInt(search, 'page') ?? 1,
    pageSize: PAGE_SIZE_OPTIONS.find((size) => size === pageSize) ?? DEFAULT_PAGE_SIZE,
  };
}

/** The query string of a users table, defaults left out. */
export function usersListSearch(state: UsersListState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.search !== '') search.set('search', state.search);
  if (state.roleLevel !== '') search.set('roleLevel', String(state.roleLevel));
  if (state.groupId !== '') search.set('groupId', String(state.groupId));
  const sort = effectiveSort(state);
  if (sort && !(state.grouped && sort === 'group')) search.set('sort', sort);
  if (state.grouped) search.set('grouped', '1');
  if (state.page > 1) search.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) search.set('pageSize', String(state.pageSize));
  return search;
}

/** The list request of a users table (the page and the route's loader ask for the same cache entry). */
export const usersQueryOf = (state: UsersListState): UsersQuery => ({
  search: state.search,
  roleLevel: state.roleLevel,
  groupId: state.groupId,
  sort: effectiveSort(state),
  page: state.page,
  pageSize: state.pageSize,
});
