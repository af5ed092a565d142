import type { QueryClient } from '@tanstack/react-query';
import { boardQueryOptions } from '../../features/event-day/api/get-board';
import { myCodeQueryOptions } from '../../features/event-day/api/get-my-code';
import { eventScreenLoader } from './event';

/** /event/{id}/my-code: the member's code as the screen opens (kept on the phone by its query). */
export const myCodeLoader = (queryClient: QueryClient, roles: readonly number[]) =>
  eventScreenLoader(queryClient, roles, (client, eventId) => [client.ensureQueryData(myCodeQueryOptions(eventId))]);

/** /event/{id}/board: the shifts of now and the next two hours. */
export const boardLoader = (queryClient: QueryClient, roles: readonly number[]) =>
  eventScreenLoader(queryClient, roles, (client, eventId) => [client.ensureQueryData(boardQueryOptions(eventId))]);

/** /event/{id}/check-in: nothing to ask before a code is scanned or a name typed; the role gate only. */
export const checkInLoader = (queryClient: QueryClient, roles: readonly number[]) =>
  eventScreenLoader(queryClient, roles, () => []);
