import type { EventDetail, EventSummary } from '@funkis/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { eventQueryOptions, isEventId } from '../../api/get-event';
import { getCsrfToken } from '../../lib/api-client';
import { eventKeys } from '../../lib/query-keys';

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

export type StartScreenData = (
  queryClient: QueryClient,
  eventId: number,
  search: URLSearchParams,
) => Promise<unknown>[];
/** Requests that depend on the caller's role or on the event itself (its time zone). */
export type StartWithEvent = (
  queryClient: QueryClient,
  eventId: number,
  search: URLSearchParams,
  detail: EventDetail,
) => Promise<unknown>[];

const startAll = (started: Promise<unknown>[]) => {
  for (const request of started) request.catch(ignore);
};

/** The longest a loader that waits for its screen's data holds the route (a slow or failing server). */
const WAIT_AT_MOST_MS = 2_000;

export interface EventScreenLoaderOptions {
  /**
   * Hold the route until the screen's first requests have answered (at most WAIT_AT_MOST_MS), so the screen
   * renders once with its content instead of a spinner that its content then pushes down (the feed: on a phone
   * the side cards under it moved when the posts came, a layout shift Lighthouse weighs heavily).
   */
  waitForData?: boolean;
}

/**
 * The cache already says the caller is a member of the event: its detail was loaded, or the home page's list
 * (which names the caller's role in each event) was.
 */
function isKnownMember(queryClient: QueryClient, eventId: number): boolean {
  if (queryClient.getQueryData<EventDetail>(eventQueryOptions(eventId).queryKey)?.eventUser) return true;
  const list = queryClient.getQueryData<{ events: EventSummary[] }>(eventKeys.list());
  return list?.events.some((event) => event.id === eventId && event.roleLevel !== null) ?? false;
}

const settledOrLater = async (started: Promise<unknown>[]) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = new Promise((resolve) => {
    timer = setTimeout(resolve, WAIT_AT_MOST_MS);
  });
  await Promise.race([Promise.allSettled(started), later]);
  clearTimeout(timer);
};

/**
 * A screen for some role levels: once the event (the layout's request, not asked twice) shows the caller may see
 * it, its first requests start, without waiting for them — the screen shows its own loading state. A screen for
 * every member (the feed) starts them at once, beside the event's request, when the cache knows the caller is a
 * member (`isKnownMember`); a link opened cold waits for the event, so a non-member's access-denied screen asks
 * for nothing it would be refused. `withEvent` starts what a screen asks for only by role or by the event's
 * data (an organiser's panel, a timeline in the event's zone), once the event is there; the layout's loader waits
 * for the event anyway, so the route is not held up.
 */
export const eventScreenLoader =
  (
    queryClient: QueryClient,
    roles: readonly number[],
    start: StartScreenData,
    withEvent?: StartWithEvent,
    { waitForData = false }: EventScreenLoaderOptions = {},
  ) =>
  async ({ params, request }: LoaderFunctionArgs) => {
    const eventId = Number(params.eventId);
    if (!isEventId(eventId) || !maySignedIn()) return null;
    const search = new URL(request.url).searchParams;
    // A screen every member may see starts at once, beside the event's request, when the caller is known to be a
    // member; otherwise (others, and a link opened by someone who may be no member) it waits for the role, so an
    // access-denied screen fires no data calls.
    const forEveryMember = ALL_ROLES.every((role) => roles.includes(role));
    const startsAtOnce = forEveryMember && isKnownMember(queryClient, eventId);
    const started: Promise<unknown>[] = [];
    const begin = (requests: Promise<unknown>[]) => {
      startAll(requests);
      started.push(...requests);
    };
    if (startsAtOnce) begin(start(queryClient, eventId, search));
    if (!startsAtOnce || withEvent) {
      const detail = await queryClient.ensureQueryData(eventQueryOptions(eventId)).catch(ignore);
      if (!detail || !roles.includes(detail.eventUser.role.eventRole.roleLevel)) return null;
      if (!startsAtOnce) begin(start(queryClient, eventId, search));
      if (withEvent) begin(withEvent(queryClient, eventId, search, detail));
    }
    if (waitForData) await settledOrLater(started);
    return null;
  };
