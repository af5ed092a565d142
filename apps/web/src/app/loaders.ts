import type { EventDetail } from '@funkis/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { eventQueryOptions, isEventId } from '../api/get-event';
import { groupsQueryOptions } from '../api/get-groups';
import { applicationsQueryOptions } from '../features/applications/api/get-applications';
import { parseApplicationListParams } from '../features/applications/api/list-params';
import { accessQueryOptions } from '../features/events/api/get-access';
import { AUDIT_FIRST_PAGE_SIZE, auditQueryOptions } from '../features/events/api/get-audit';
import { contactsQueryOptions } from '../features/feed/api/get-contacts';
import { linksQueryOptions } from '../features/feed/api/get-links';
import { newestFilesQueryOptions } from '../features/feed/api/get-newest-files';
import { postsQueryOptions } from '../features/feed/api/get-posts';
import { FIRST_FILES_QUERY, filesQueryOptions } from '../features/files/api/get-files';
import { formQueryOptions } from '../features/form-builder/api/get-form';
import { mailLabelsQueryOptions } from '../features/mail/api/get-mail-labels';
import { mailsQueryOptions } from '../features/mail/api/get-mails';
import { HOURS_FIRST_PAGE_SIZE, hoursQueryOptions, NO_HOURS_FILTERS } from '../features/scheduling/api/get-hours';
import { assignableMembersQueryOptions } from '../features/scheduling/api/get-members';
import { notFullShiftsQueryOptions, withoutShiftQueryOptions } from '../features/scheduling/api/get-open-places';
import { schedulingSettingsQueryOptions } from '../features/scheduling/api/get-settings';
import { NO_SHIFT_FILTERS, shiftsQueryOptions } from '../features/scheduling/api/get-shifts';
import { timelineQueryOptions } from '../features/scheduling/api/get-timeline';
import { parseSchedulingView, timelineFiltersOf } from '../features/scheduling/api/view-params';
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
/** Requests that depend on the caller's role or on the event itself (its time zone). */
type StartWithEvent = (
  queryClient: QueryClient,
  eventId: number,
  search: URLSearchParams,
  detail: EventDetail,
) => Promise<unknown>[];

const startAll = (started: Promise<unknown>[]) => {
  for (const request of started) request.catch(ignore);
};

/**
 * A screen for some role levels: once the event (the layout's request, not asked twice) shows the caller may see
 * it, its first requests start, without waiting for them — the screen shows its own loading state. A screen for
 * every member (the feed) starts them at once, beside the event's request (a non-member's are refused and the
 * layout shows access denied anyway). `withEvent` starts what a screen asks for only by role or by the event's
 * data (an organiser's panel, a timeline in the event's zone), once the event is there; the layout's loader waits
 * for the event anyway, so the route is not held up.
 */
const eventScreenLoader =
  (queryClient: QueryClient, roles: readonly number[], start: StartScreenData, withEvent?: StartWithEvent) =>
  async ({ params, request }: LoaderFunctionArgs) => {
    const eventId = Number(params.eventId);
    if (!isEventId(eventId) || !maySignedIn()) return null;
    const search = new URL(request.url).searchParams;
    // A screen every member may see starts at once, beside the event's request; others wait for the role.
    const forEveryMember = ALL_ROLES.every((role) => roles.includes(role));
    if (forEveryMember) startAll(start(queryClient, eventId, search));
    if (forEveryMember && !withEvent) return null;
    const detail = await queryClient.ensureQueryData(eventQueryOptions(eventId)).catch(ignore);
    if (!detail || !roles.includes(detail.eventUser.role.eventRole.roleLevel)) return null;
    if (!forEveryMember) startAll(start(queryClient, eventId, search));
    if (withEvent) startAll(withEvent(queryClient, eventId, search, detail));
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

/** /event/{id}/files: the first page of files as the screen opens (newest first, no search). */
export const filesLoader = (queryClient: QueryClient, roles: readonly number[]) =>
  eventScreenLoader(queryClient, roles, (client, eventId) => [
    client.ensureQueryData(filesQueryOptions(eventId, FIRST_FILES_QUERY)),
  ]);

/**
 * /event/{id}/scheduling: at once the shift list (unfiltered, which also gives "my shifts"), the scheduling rules
 * and the groups (filter); once the event is there, what depends on the role and the event's zone: an organiser's
 * member panel, and the view the query string opens (the timeline's period from today or `date` in the event's
 * zone, read by the same function as the screen; open places and hours for organisers).
 */
export const schedulingLoader = (queryClient: QueryClient, roles: readonly number[]) =>
  eventScreenLoader(
    queryClient,
    roles,
    (client, eventId) => [
      client.ensureQueryData(shiftsQueryOptions(eventId, NO_SHIFT_FILTERS)),
      client.ensureQueryData(schedulingSettingsQueryOptions(eventId)),
      client.ensureQueryData(groupsQueryOptions(eventId)),
    ],
    (client, eventId, search, detail) => {
      const organiser = detail.eventUser.role.eventRole.roleLevel <= 1;
      const zone = detail.event.timeZone;
      const { view, period } = parseSchedulingView(search, organiser, zone);
      return [
        ...(organiser ? [client.ensureQueryData(assignableMembersQueryOptions(eventId, ''))] : []),
        ...(view === 'timeline'
          ? [client.ensureQueryData(timelineQueryOptions(eventId, timelineFiltersOf(period, zone)))]
          : []),
        ...(view === 'open'
          ? [
              client.ensureQueryData(notFullShiftsQueryOptions(eventId, 1)),
              client.ensureQueryData(withoutShiftQueryOptions(eventId, 1)),
            ]
          : []),
        ...(view === 'hours'
          ? [client.ensureQueryData(hoursQueryOptions(eventId, NO_HOURS_FILTERS, 1, HOURS_FIRST_PAGE_SIZE))]
          : []),
      ];
    },
  );

/** /event/{id}/form: the form as the builder edits it. */
export const formLoader = (queryClient: QueryClient, roles: readonly number[]) =>
  eventScreenLoader(queryClient, roles, (client, eventId) => [client.ensureQueryData(formQueryOptions(eventId))]);

/** /event/{id}/control-panel: the groups, the access lists and the audit log's first page. */
export const controlPanelLoader = (queryClient: QueryClient, roles: readonly number[]) =>
  eventScreenLoader(queryClient, roles, (client, eventId) => [
    client.ensureQueryData(groupsQueryOptions(eventId)),
    client.ensureQueryData(accessQueryOptions(eventId)),
    client.ensureQueryData(auditQueryOptions(eventId, 1, AUDIT_FIRST_PAGE_SIZE)),
  ]);
