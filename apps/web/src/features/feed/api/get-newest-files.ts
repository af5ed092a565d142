import type { FilesListResponse } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { feedKeys } from './keys';

/** GET /api/event/{id}/files?sort=-createdAt&pageSize=5 → the newest files the member may see (the feed's card). */
export const getNewestFiles = (eventId: number) =>
  apiClient.get<FilesListResponse>(`/event/${eventId}/files`, { query: { sort: '-createdAt', pageSize: 5 } });

export function useNewestFiles(eventId: number) {
  return useQuery(queryOptions({ queryKey: feedKeys.newestFiles(eventId), queryFn: () => getNewestFiles(eventId) }));
}
