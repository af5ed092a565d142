import {
  APPLICATION_SORT_DEFAULT,
  APPLICATION_SORTS,
  APPLICATION_STATUSES,
  type ApplicationFilterInput,
  type ApplicationSort,
  LIMITS,
  NO_GROUP_FILTER,
} from '@funkis/shared';
import { parsePositiveInt, readList, readPositiveInt } from '../../../hooks/use-list-search-params';

/** The list's parameters as the table holds them; arrays go to the server comma-separated. */
export interface ApplicationListParams {
  status: string[];
  groupId: string[];
  week: string[];
  search: string;
  /** 1-based. */
  page: number;
  pageSize: number;
  sort: ApplicationSort;
}

export const APPLICATION_PAGE_SIZES = [10, LIMITS.PAGE_SIZE_DEFAULT, 50, 100] as const;

const isStatus = (value: string) => (APPLICATION_STATUSES as readonly string[]).includes(value);
const isSort = (value: string | null): value is ApplicationSort =>
  value !== null && (APPLICATION_SORTS as readonly string[]).includes(value);
/** A group id, or 'none' for applications without a group. */
export const isGroupFilter = (value: string) => value === NO_GROUP_FILTER || parsePositiveInt(value) !== null;

/**
 * The review's list as the query string gives it (`status`, `groupId`, `week`, `search`, `sort`, `page`,
 * `pageSize`; lists comma-separated or repeated), e.g. `?status=accepted&groupId=3` from the statistics screen.
 * Values that cannot be valid are left out.
 */
export function parseApplicationListParams(search: URLSearchParams): ApplicationListParams {
  const sort = search.get('sort');
  const pageSize = readPositiveInt(search, 'pageSize');
  return {
    status: readList(search, 'status').filter(isStatus),
    groupId: readList(search, 'groupId').filter(isGroupFilter),
    week: readList(search, 'week'),
    search: search.get('search') ?? '',
    page: readPositiveInt(search, 'page') ?? 1,
    pageSize: APPLICATION_PAGE_SIZES.find((size) => size === pageSize) ?? LIMITS.PAGE_SIZE_DEFAULT,
    sort: isSort(sort) ? sort : APPLICATION_SORT_DEFAULT,
  };
}

/** The query string of a list, defaults left out. */
export function applicationListSearch(params: ApplicationListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.status.length > 0) search.set('status', params.status.join(','));
  if (params.groupId.length > 0) search.set('groupId', params.groupId.join(','));
  if (params.week.length > 0) search.set('week', params.week.join(','));
  if (params.search !== '') search.set('search', params.search);
  if (params.sort !== APPLICATION_SORT_DEFAULT) search.set('sort', params.sort);
  if (params.page > 1) search.set('page', String(params.page));
  if (params.pageSize !== LIMITS.PAGE_SIZE_DEFAULT) search.set('pageSize', String(params.pageSize));
  return search;
}

/** The filter part of the list parameters, as the bulk "all matching" update takes it. */
export function filterOf(params: ApplicationListParams): ApplicationFilterInput {
  const filter: ApplicationFilterInput = {};
  if (params.status.length > 0) filter.status = params.status;
  if (params.groupId.length > 0) filter.groupId = params.groupId;
  if (params.week.length > 0) filter.week = params.week;
  if (params.search.trim()) filter.search = params.search.trim();
  return filter;
}
