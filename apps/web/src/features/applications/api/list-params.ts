import type { ApplicationFilterInput, ApplicationSort } from '@funkis/shared';

/** The list's parameters as the table holds them; arrays go to the server comma-separated. */
export interface ApplicationListParams {
  status: string[];
  groupId: string[];
  week: string[];
  search: string;
  page: number;
  pageSize: number;
  sort: ApplicationSort;
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
