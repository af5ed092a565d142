import type { FileSort, FilesListResponse } from '@funkis/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { fileKeys } from '../../../lib/query-keys';

export const FILES_PAGE_SIZE = 25;

export interface FilesQuery {
  search: string;
  sort: FileSort;
  page: number;
}

/** What the files screen asks for when it opens (newest first, no search): its route loader starts the same. */
export const FIRST_FILES_QUERY: FilesQuery = { search: '', sort: '-createdAt', page: 1 };

/** GET /api/event/{id}/files?search=&sort=&page= → the files the caller's role may see (admins: with usage). */
export const getFiles = (eventId: number, query: FilesQuery) =>
  apiClient.get<FilesListResponse>(`/event/${eventId}/files`, {
    query: { search: query.search, sort: query.sort, page: query.page, pageSize: FILES_PAGE_SIZE },
  });

export const filesQueryOptions = (eventId: number, query: FilesQuery) =>
  queryOptions({ queryKey: fileKeys.list(eventId, query), queryFn: () => getFiles(eventId, query) });

export function useFiles(eventId: number, query: FilesQuery) {
  return useQuery({ ...filesQueryOptions(eventId, query), placeholderData: keepPreviousData });
}

/** Where the bytes are: an attachment, or shown in the browser (images and PDFs). */
export const downloadUrl = (eventId: number, fileId: number, inline = false) =>
  `/api/event/${eventId}/files/${fileId}/download${inline ? '?inline=1' : ''}`;
