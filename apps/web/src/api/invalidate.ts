import type { QueryClient } from '@tanstack/react-query';
import {
  accessKeys,
  applicationKeys,
  applyKeys,
  auditKeys,
  coverKeys,
  eventDayKeys,
  eventKeys,
  feedKeys,
  fileKeys,
  groupKeys,
  invitationKeys,
  mailKeys,
  memberKeys,
  shiftKeys,
  statisticsKeys,
  wishRoundKeys,
} from '../lib/query-keys';

/**
 * What a change shows in, once per kind of change: every mutation of a feature calls one of these, so a screen
 * of another feature that shows the same data is refreshed too (features never import each other). Each
 * changes the audit log: the server writes an entry for every change.
 */

type Keys = readonly (readonly unknown[])[];

const invalidateAll = (queryClient: QueryClient, keys: Keys) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/**
 * The event itself (settings, avatar, applications open, its form): the event layout's copy, its apply page, the
 * home page's list, the audit log; and the applications, whose week column follows the week separation setting.
 */
export function invalidateEventChange(queryClient: QueryClient, eventId: number) {
  return invalidateAll(queryClient, [
    eventKeys.detail(eventId),
    eventKeys.list(),
    applyKeys.page(eventId),
    auditKeys.all(eventId),
    applicationKeys.all(eventId),
    statisticsKeys.all(eventId),
  ]);
}

/**
 * A group created, renamed or deleted: the group lists (control panel, users filter, applications review). A
 * rename or delete also shows wherever a member or an application shows with its group: the users table, the
 * access lists, the applications and the caller's own membership (the event).
 */
export function invalidateGroupChange(
  queryClient: QueryClient,
  eventId: number,
  { affectsMembers }: { affectsMembers: boolean },
) {
  // The statistics show every group with its wanted size.
  const keys: (readonly unknown[])[] = [groupKeys.all(eventId), auditKeys.all(eventId), statisticsKeys.all(eventId)];
  if (affectsMembers) {
    keys.push(
      memberKeys.all(eventId),
      accessKeys.all(eventId),
      applicationKeys.all(eventId),
      eventKeys.detail(eventId),
    );
  }
  return invalidateAll(queryClient, keys);
}

/**
 * A membership added, changed or removed: the users table, the access lists, the group member counts, the
 * audit log; and the caller's own membership (the event) when it was theirs.
 */
export function invalidateMemberChange(
  queryClient: QueryClient,
  eventId: number,
  { isOwnMembership = false }: { isOwnMembership?: boolean } = {},
) {
  const keys: (readonly unknown[])[] = [
    memberKeys.all(eventId),
    accessKeys.all(eventId),
    groupKeys.all(eventId),
    auditKeys.all(eventId),
    statisticsKeys.all(eventId),
  ];
  if (isOwnMembership) keys.push(eventKeys.detail(eventId));
  return invalidateAll(queryClient, keys);
}

/**
 * Applications reviewed (status and/or group, one or in bulk): the lists (rows and summary) and details
 * (history); accepting or un-accepting adds, moves or removes memberships, so also everything a membership
 * change shows in (users table, group member counts, access lists, audit log).
 */
export function invalidateApplicationChange(queryClient: QueryClient, eventId: number) {
  return Promise.all([
    invalidateAll(queryClient, [applicationKeys.lists(eventId), applicationKeys.details(eventId)]),
    invalidateMemberChange(queryClient, eventId),
  ]);
}

/**
 * The caller's own account changed (name, e-mail, avatar): they show with it in every event's users table, access
 * lists, applications (search finds the new name) and audit log.
 */
export function invalidateAccountChange(queryClient: QueryClient) {
  return invalidateAll(queryClient, [memberKeys.root(), accessKeys.root(), applicationKeys.root(), auditKeys.root()]);
}

/** An admin invited someone or cancelled an invitation: the event's invitations and its audit log. */
export function invalidateInvitationChange(queryClient: QueryClient, eventId: number) {
  return invalidateAll(queryClient, [invitationKeys.event(eventId), auditKeys.all(eventId)]);
}

/**
 * The caller accepted or declined an invitation: their invitations and their events (accepting adds one); the
 * event's users table and invitations (an admin of it may be the same person in another tab).
 */
export function invalidateInvitationAnswer(queryClient: QueryClient, eventId: number) {
  return Promise.all([
    invalidateAll(queryClient, [invitationKeys.mine(), eventKeys.list(), invitationKeys.event(eventId)]),
    invalidateMemberChange(queryClient, eventId, { isOwnMembership: true }),
  ]);
}

/** Shifts made, changed, copied or deleted, people put on or taken off them, attendance: the shift lists and the log. */
export function invalidateShiftChange(queryClient: QueryClient, eventId: number) {
  return invalidateAll(queryClient, [shiftKeys.lists(eventId), auditKeys.all(eventId)]);
}

/** A wish round published: its places are shifts now (lists, my shifts), the round and its results, and the log. */
export function invalidateWishRoundPublished(queryClient: QueryClient, eventId: number) {
  return invalidateAll(queryClient, [wishRoundKeys.all(eventId), shiftKeys.lists(eventId), auditKeys.all(eventId)]);
}

/**
 * Cover asked for: the board (it shows the shift's open request) and the log; with a person's place freed for it
 * (asking for cover of someone late), the shift lists too.
 */
export function invalidateCoverAsked(
  queryClient: QueryClient,
  eventId: number,
  { placeFreed }: { placeFreed: boolean },
) {
  return invalidateAll(queryClient, [
    eventDayKeys.boards(eventId),
    auditKeys.all(eventId),
    ...(placeFreed ? [shiftKeys.lists(eventId)] : []),
  ]);
}

/**
 * A cover request withdrawn, or found taken when withdrawing: the requests offered to me (it shows closed), the board
 * and the shift lists (a place someone took meanwhile) and the log.
 */
export function invalidateCoverWithdrawn(queryClient: QueryClient, eventId: number) {
  return invalidateAll(queryClient, [
    coverKeys.mine(),
    eventDayKeys.boards(eventId),
    shiftKeys.lists(eventId),
    auditKeys.all(eventId),
  ]);
}

/**
 * A check-in recorded, sent from the phone's queue or undone: the person's card and the board (event day), the shift
 * lists whose attendance and hours follow check-ins (scheduling), and the log.
 */
export function invalidateCheckInChange(queryClient: QueryClient, eventId: number) {
  return invalidateAll(queryClient, [
    eventDayKeys.people(eventId),
    eventDayKeys.boards(eventId),
    shiftKeys.lists(eventId),
    auditKeys.all(eventId),
  ]);
}

/** A file uploaded, changed or deleted: the event's files (list and usage) and the log. */
export function invalidateFileChange(queryClient: QueryClient, eventId: number) {
  return invalidateAll(queryClient, [fileKeys.all(eventId), auditKeys.all(eventId)]);
}

/**
 * E-mail sent or sent again, labels made or set, the mail settings: what the change shows in (the folders and
 * their counts, the labels, the settings' preview) and the log.
 */
export function invalidateMailChange(
  queryClient: QueryClient,
  eventId: number,
  what: { lists?: boolean; labels?: boolean; preview?: boolean },
) {
  const keys: (readonly unknown[])[] = [auditKeys.all(eventId)];
  if (what.lists) keys.push(mailKeys.lists(eventId));
  if (what.labels) keys.push(mailKeys.labels(eventId));
  if (what.preview) keys.push([...mailKeys.all(eventId), 'preview']);
  return invalidateAll(queryClient, keys);
}

/** A post, comment or link of the feed made, changed, pinned or removed: that part of the feed and the log. */
export function invalidateFeedChange(queryClient: QueryClient, eventId: number, part: 'posts' | 'links') {
  return invalidateAll(queryClient, [
    part === 'posts' ? feedKeys.posts(eventId) : feedKeys.links(eventId),
    auditKeys.all(eventId),
  ]);
}
