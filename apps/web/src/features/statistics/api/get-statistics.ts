import type { StatisticsResponse } from '@funkis/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryOf, type StatisticsFilterParams, statisticsKeys } from './keys';

/** GET /api/event/{id}/statistics (admin): every number of the screen in one call. */
export const getStatistics = (eventId: number, filter: StatisticsFilterParams, signal?: AbortSignal) =>
  apiClient.get<StatisticsResponse>(`/event/${eventId}/statistics`, { signal, query: queryOf(filter) });

export const statisticsQueryOptions = (eventId: number, filter: StatisticsFilterParams) =>
  queryOptions({
    queryKey: statisticsKeys.detail(eventId, filter),
    queryFn: ({ signal }) => getStatistics(eventId, filter, signal),
    placeholderData: keepPreviousData,
    // Applications change in other screens (and by other organisers): always fetch again on opening.
    staleTime: 0,
  });

export const useStatistics = (eventId: number, filter: StatisticsFilterParams) =>
  useQuery(statisticsQueryOptions(eventId, filter));
