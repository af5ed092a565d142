import type { ApplicationListResponse } from '@funkis/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { applicationKeys } from '../../../lib/query-keys';
import type { ApplicationListParams } from './list-params';

/** GET /api/event/{id}/applications: one page, its total and the group x status summary of the filter. */
export const getApplications = (eventId: number, params: ApplicationListParams, signal?: AbortSignal) =>
  apiClient.get<ApplicationListResponse>(`/event/${eventId}/applications`, {
    signal,
    query: {
      status: params.status.join(','),
      groupId: params.groupId.join(','),
      week: params.week.join(','),
      search: params.search.trim(),
      page: params.page,
      pageSize: params.pageSize,
      sort: params.sort,
    },
  });

export const applicationsQueryOptions = (eventId: number, params: ApplicationListParams) =>
  queryOptions({
    queryKey: applicationKeys.list(eventId, params),
    queryFn: ({ signal }) => getApplications(eventId, params, signal),
    placeholderData: keepPreviousData,
  });

export const useApplications = (eventId: number, params: ApplicationListParams) =>
  useQuery(applicationsQueryOptions(eventId, params));
