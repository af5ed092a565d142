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

/** Query keys of the applications feature: a bulk update invalidates `lists` and `details` of one event. */
export const applicationKeys = {
  all: (eventId: string) => ['applications', eventId] as const,
  lists: (eventId: string) => ['applications', eventId, 'list'] as const,
  list: (eventId: string, params: ApplicationListParams) => ['applications', eventId, 'list', params] as const,
  details: (eventId: string) => ['applications', eventId, 'detail'] as const,
  detail: (eventId: string, applicationId: number) => ['applications', eventId, 'detail', applicationId] as const,
  answers: (eventId: string, applicationId: number) => ['applications', eventId, 'answers', applicationId] as const,
};

/** The filter part of the list parameters, as the bulk "all matching" update takes it. */
export function filterOf(params: ApplicationListParams): ApplicationFilterInput {
  const filter: ApplicationFilterInput = {};
  if (params.status.length > 0) filter.status = params.status;
  if (params.groupId.length > 0) filter.groupId = params.groupId;
  if (params.week.length > 0) filter.week = params.week;
  if (params.search.trim()) filter.search = params.search.trim();
  return filter;
}
