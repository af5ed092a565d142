import type { OfferedCoverRequest } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { coverKeys } from '../../../lib/query-keys';

/** GET /api/cover-requests: the requests offered to me in every event, open, taken or closed. */
export const getCoverRequests = (signal?: AbortSignal) =>
  apiClient.get<{ coverRequests: OfferedCoverRequest[] }>('/cover-requests', { signal });

export const coverRequestsQueryOptions = () =>
  queryOptions({
    queryKey: coverKeys.mine(),
    queryFn: ({ signal }) => getCoverRequests(signal),
    staleTime: 0,
  });

/** Asks again every 30 seconds, so a request someone else took shows as taken. */
export const useCoverRequests = () => useQuery({ ...coverRequestsQueryOptions(), refetchInterval: 30_000 });
