import type { FilesListResponse } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { fileKeys } from '../../../lib/query-keys';

/** GET /api/event/{id}/files?sort=-createdAt&pageSize=5 → the newest files the member may see (the feed's card). */
export const getNewestFiles = (eventId: number) =>
  apiClient.get<FilesListResponse>(`/event/${eventId}/files`, { query: { sort: '-createdAt', pageSize: 5 } });

export const newestFilesQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: fileKeys.newest(eventId), queryFn: () => getNewestFiles(eventId) });

export function useNewestFiles(eventId: number) {
  return useQuery(newestFilesQueryOptions(eventId));
}
