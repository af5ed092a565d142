import type { FilesListResponse } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { fileKeys } from '../../../lib/query-keys';

const PARAMS = { page: 1, pageSize: 500, sort: 'name' } as const;

/** GET /api/event/{id}/files: the event files the composer may link to (those their role may see). */
export const eventFilesQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: fileKeys.list(eventId, PARAMS),
    queryFn: ({ signal }) =>
      apiClient.get<FilesListResponse>(
        `/event/${eventId}/files?page=${PARAMS.page}&pageSize=${PARAMS.pageSize}&sort=${PARAMS.sort}`,
        { signal },
      ),
  });

export const useEventFiles = (eventId: number) => useQuery(eventFilesQueryOptions(eventId));
