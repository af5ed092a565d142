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
