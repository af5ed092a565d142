import type { QueryClient } from '@tanstack/react-query';
import { filterFromSearch } from '../../features/statistics/api/filter-params';
import { statisticsQueryOptions } from '../../features/statistics/api/get-statistics';
import { eventScreenLoader } from './event';

/** /event/{id}/statistics: the one call of the screen, for the filters in the query string. */
export const statisticsLoader = (queryClient: QueryClient, roles: readonly number[]) =>
  eventScreenLoader(queryClient, roles, (client, eventId, search) => [
    client.ensureQueryData(statisticsQueryOptions(eventId, filterFromSearch(search))),
  ]);
