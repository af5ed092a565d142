import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { eventQueryOptions, isEventId } from '../api/get-event';
import { groupsQueryOptions } from '../api/get-groups';
import { applicationsQueryOptions } from '../features/applications/api/get-applications';
import { parseApplicationListParams } from '../features/applications/api/list-params';
import { contactsQueryOptions } from '../features/feed/api/get-contacts';
import { linksQueryOptions } from '../features/feed/api/get-links';
import { newestFilesQueryOptions } from '../features/feed/api/get-newest-files';
import { postsQueryOptions } from '../features/feed/api/get-posts';
import { mailLabelsQueryOptions } from '../features/mail/api/get-mail-labels';
import { mailsQueryOptions } from '../features/mail/api/get-mails';
import { filterFromSearch } from '../features/statistics/api/filter-params';
import { statisticsQueryOptions } from '../features/statistics/api/get-statistics';
import { usersQueryOptions } from '../features/users/api/get-users';
import { parseUsersListState, usersQueryOf } from '../features/users/api/list-params';
import { getCsrfToken } from '../lib/api-client';

/**
 * Route loaders (STYLE 17): they put a screen's data into the TanStack Query cache while the screen's chunk
 * loads, under the same keys the screen reads, so nothing waits for a chunk, then the event, then a list. A
 * loader never fails the route: an error stays in the cache and the screen shows it as it always did (the event
 * layout's access-denied page, a list's error). The screens keep their own queries; a loader only starts them.
 */

/** Only when a session may exist (a stored CSRF token, as at start-up): a visitor is sent to login unasked. */
const maySignedIn = () => getCsrfToken() !== null;

const ignore = () => undefined;

/** Admin, group leader, volunteer: every member. */
const ALL_ROLES = [0, 1, 2] as const;

/** /event/{id}/*: the event, the caller's membership and the form, before the layout renders. */
export const eventLayoutLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const eventId = Number(params.eventId);
    if (!isEventId(eventId) || !maySignedIn()) return null;
    await queryClient.ensureQueryData(eventQueryOptions(eventId)).catch(ignore);
    return null;
  };

type StartScreenData = (queryClient: QueryClient, eventId: number, search: URLSearchParams) => Promise<unknown>[];

/**
 * A screen for some role levels: once the event (the layout's request, not asked twice) shows the caller may see
 * it, its first requests start, without waiting for them — the screen shows its own loading state. A screen for
 * every member (the feed) starts them at once, beside the event's request (a non-member's are refused and the
 * layout shows access denied anyway).
 */
const eventScreenLoader =
  (queryClient: QueryClient, roles: readonly number[], start: StartScreenData) =>
  async ({ params, request }: LoaderFunctionArgs) => {
    const eventId = Number(params.eventId);
    if (!isEventId(eventId) || !maySignedIn()) return null;
    // A screen every member may see starts at once, beside the event's request; others wait for the role.
    if (!ALL_ROLES.every((role) => roles.includes(role))) {
      const detail = await queryClient.ensureQueryData(eventQueryOptions(eventId)).catch(ignore);
      if (!detail || !roles.includes(detail.eventUser.role.eventRole.roleLevel)) return null;
    }
    for (const started of start(queryClient, eventId, new URL(request.url).searchParams)) started.catch(ignore);
    return null;
  };

/** /event/{id}: the feed's first page of posts and its side cards (contacts, newest files, links). */
export const feedLoader = (queryClient: QueryClient, roles: readonly number[]) =>
  eventScreenLoader(queryClient, roles, (client, eventId) => [
    client.ensureInfiniteQueryData(postsQueryOptions(eventId)),
    client.ensureQueryData(contactsQueryOptions(eventId)),
    client.ensureQueryData(newestFilesQueryOptions(eventId)),
    client.ensureQueryData(linksQueryOptions(eventId)),
  ]);

/** /event/{id}/users: the first list page the query string asks for and the groups (filter, dialogs). */
export const usersLoader = (queryClient: QueryClient, roles: readonly number[]) =>
  eventScreenLoader(queryClient, roles, (client, eventId, search) => [
    client.ensureQueryData(usersQueryOptions(eventId, usersQueryOf(parseUsersListState(search)))),
    client.ensureQueryData(groupsQueryOptions(eventId)),
  ]);

/** /event/{id}/applications: the first list page the query string asks for and the groups (filter, bulk choice). */
export const applicationsLoader = (queryClient: QueryClient, roles: readonly number[]) =>
  eventScreenLoader(queryClient, roles, (client, eventId, search) => [
    client.ensureQueryData(applicationsQueryOptions(eventId, parseApplicationListParams(search))),
    client.ensureQueryData(groupsQueryOptions(eventId)),
  ]);

/** /event/{id}/statistics: the one call of the screen, for the filters in the query string. */
export const statisticsLoader = (queryClient: QueryClient, roles: readonly number[]) =>
  eventScreenLoader(queryClient, roles, (client, eventId, search) => [
    client.ensureQueryData(statisticsQueryOptions(eventId, filterFromSearch(search))),
  ]);

/** /event/{id}/email/*: the labels of the mail sidebar and the Sent folder, where the area opens. */
export const mailLoader = (queryClient: QueryClient, roles: readonly number[]) =>
  eventScreenLoader(queryClient, roles, (client, eventId) => [
    client.ensureQueryData(mailLabelsQueryOptions(eventId)),
    client.ensureQueryData(mailsQueryOptions(eventId, { systemLabel: 'sent' })),
  ]);
