import type { QueryClient } from '@tanstack/react-query';
import { contactsQueryOptions } from '../../api/get-contacts';
import { linksQueryOptions } from '../../features/feed/api/get-links';
import { newestFilesQueryOptions } from '../../features/feed/api/get-newest-files';
import { postsQueryOptions } from '../../features/feed/api/get-posts';
import { eventScreenLoader } from './event';

/**
 * /event/{id}: the feed's first page of posts and its side cards (contacts, newest files, links), started beside
 * the event's request; the route waits for them (small answers, asked in parallel with the event the layout waits
 * for anyway), so the feed renders once, without the layout shift of posts arriving under a rendered page.
 */
export const feedLoader = (queryClient: QueryClient, roles: readonly number[]) =>
  eventScreenLoader(
    queryClient,
    roles,
    (client, eventId) => [
      client.ensureInfiniteQueryData(postsQueryOptions(eventId)),
      client.ensureQueryData(contactsQueryOptions(eventId)),
      client.ensureQueryData(newestFilesQueryOptions(eventId)),
      client.ensureQueryData(linksQueryOptions(eventId)),
    ],
    undefined,
    { waitForData: true },
  );
