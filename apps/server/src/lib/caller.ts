import type { RoleLevel } from '@funkis/shared';

/**
 * The caller's membership of the event a request is about: what every "who may do this" policy decides on
 * (`@funkis/shared`'s policies). The auth plugin reads it with the session; operations take it as it is.
 */
export interface EventMembership {
  eventUserId: number;
  eventId: number;
  roleLevel: RoleLevel;
  groupId: number | null;
  /** The group's name when the membership was read with the session (undefined: not read). */
  groupName?: string | null;
}
