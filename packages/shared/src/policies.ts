import type { RoleLevel } from './constants.js';

/**
 * Who may do what, named once: the server's operations refuse with these and the web app hides what they would
 * refuse. No zod and no I/O: each answers from the caller's membership and what it asks about.
 */

/** The caller as a member of the event: role and group (null: none, as admins have). */
export interface Caller {
  roleLevel: RoleLevel | number;
  groupId: number | null;
}

/** Admins: the whole event (settings, access, every group). */
export const isAdmin = (caller: Caller): boolean => caller.roleLevel === 0;
const isLeader = (caller: Caller) => caller.roleLevel === 1;
const isVolunteer = (caller: Caller) => caller.roleLevel === 2;

/** Organisers: admins and group leaders (the review, planning, e-mail). */
export const isOrganiser = (caller: Caller): boolean => isAdmin(caller) || isLeader(caller);

/** Make, change, copy and staff a shift: admins every shift; a leader only their own group's (not one without a group). */
export function canOrganiseShift(caller: Caller, shiftGroupId: number | null): boolean {
  if (isAdmin(caller)) return true;
  return isLeader(caller) && shiftGroupId !== null && shiftGroupId === caller.groupId;
}

/**
 * Put a member on a shift or move them: admins anyone; a leader members of their own group only (not another
 * group's leader, not an admin, who belongs to no group). Volunteers place only themselves (`canSelfSignUp`).
 */
export function canPlaceMember(caller: Caller, memberGroupId: number | null): boolean {
  if (isAdmin(caller)) return true;
  return caller.groupId !== null && memberGroupId === caller.groupId;
}

/** Sign up and off by oneself: a volunteer whose group the event's settings open to self sign-up. */
export function canSelfSignUp(caller: Caller, selfSignupGroupIds: readonly number[]): boolean {
  return isVolunteer(caller) && caller.groupId !== null && selfSignupGroupIds.includes(caller.groupId);
}

/**
 * Whose applications the caller reviews (lists, opens, changes in bulk, exports): admins every group's ('all');
 * a leader only their own group's (null: a leader without a group, or anyone else, reviews none).
 */
export function reviewedGroup(caller: Caller): 'all' | number | null {
  if (isAdmin(caller)) return 'all';
  return isLeader(caller) ? caller.groupId : null;
}

/** Review an application of this group (null: one without a group): see `reviewedGroup`. */
export function canReviewApplication(caller: Caller, applicationGroupId: number | null): boolean {
  const scope = reviewedGroup(caller);
  return scope === 'all' || (scope !== null && applicationGroupId === scope);
}

/** E-mail the members of a group: admins any group (and the whole event); a leader only their own group. */
export function canMailGroup(caller: Caller, groupId: number): boolean {
  return isAdmin(caller) || (isLeader(caller) && caller.groupId !== null && groupId === caller.groupId);
}

/** Open a sent e-mail (and its receivers, labels, attachments): admins every one of the event; a leader their own. */
export function canReadMail(caller: Caller, sentByCaller: boolean): boolean {
  return isAdmin(caller) || (isLeader(caller) && sentByCaller);
}

/** Post to a group's members in the feed: admins any group of the event; everyone else only their own group. */
export function canPostToGroup(caller: Caller, groupId: number): boolean {
  return isAdmin(caller) || (caller.groupId !== null && groupId === caller.groupId);
}

/** Delete a post or comment: its author, and admins any. Pinning is for admins (`isAdmin`). */
export const canRemovePost = (caller: Caller, isAuthor: boolean): boolean => isAuthor || isAdmin(caller);

/** Open a file of the event: members whose role the file is shared with (admins always are). */
export const canSeeFile = (caller: Caller, fileRoles: readonly number[]): boolean =>
  fileRoles.includes(caller.roleLevel);

/** Upload, rename, share and delete the event's files, and see its storage use against the quota: admins. */
export const canManageFiles = (caller: Caller): boolean => isAdmin(caller);

/** The caller as the event's detail (`GET /api/event/{id}`, its `eventUser`) describes them, for the web app. */
export const callerOf = (eventUser: {
  role: { eventRole: { roleLevel: RoleLevel }; eventGroup: { id: number } | null };
}): Caller => ({ roleLevel: eventUser.role.eventRole.roleLevel, groupId: eventUser.role.eventGroup?.id ?? null });

/**
 * Check a member in or out (at the event, or for a shift) and print their badge: admins anyone; a leader the
 * members of their own group. For a shift, the shift must also be one the caller organises (`canOrganiseShift`).
 */
export function canCheckIn(caller: Caller, memberGroupId: number | null): boolean {
  if (isAdmin(caller)) return true;
  return isLeader(caller) && caller.groupId !== null && memberGroupId === caller.groupId;
}

/** The live board: admins every shift; a leader their own group's (`canOrganiseShift`). */
export const canSeeBoard = (caller: Caller): boolean => isOrganiser(caller);

/** Ask a shift's volunteers to cover a free place: whoever organises the shift (`canOrganiseShift`). */
export const canAskForCover = (caller: Caller, shiftGroupId: number | null): boolean =>
  canOrganiseShift(caller, shiftGroupId);

/** Make a member's code invalid and give them a new one (a lost or copied badge): admins. */
export const canRevokeCode = (caller: Caller): boolean => isAdmin(caller);
