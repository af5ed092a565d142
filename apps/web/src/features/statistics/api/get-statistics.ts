import type { StatisticsResponse } from '@funkis/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { statisticsKeys } from '../../../lib/query-keys';
import { queryOf, type StatisticsFilterParams } from './filter-params';

/** GET /api/event/{id}/statistics (admin): every number of the screen in one call. */
export const getStatistics = (eventId: number, filter: StatisticsFilterParams, signal?: AbortSignal) =>
  apiClient.get<StatisticsResponse>(`/event/${eventId}/statistics`, { signal, query: queryOf(filter) });

export const statisticsQueryOptions = (eventId: number, filter: StatisticsFilterParams) =>
  queryOptions({
    queryKey: statisticsKeys.detail(eventId, filter),
    queryFn: ({ signal }) => getStatistics(eventId, filter, signal),
    placeholderData: keepPreviousData,
  });

export const useStatistics = (eventId: number, filter: StatisticsFilterParams) =>
  useQuery(statisticsQueryOptions(eventId, filter));
