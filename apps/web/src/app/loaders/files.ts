import type { QueryClient } from '@tanstack/react-query';
import { FIRST_FILES_QUERY, filesQueryOptions } from '../../features/files/api/get-files';
import { eventScreenLoader } from './event';

/** /event/{id}/files: the first page of files as the screen opens (newest first, no search). */
export const filesLoader = (queryClient: QueryClient, roles: readonly number[]) =>
  eventScreenLoader(queryClient, roles, (client, eventId) => [
    client.ensureQueryData(filesQueryOptions(eventId, FIRST_FILES_QUERY)),
  ]);
