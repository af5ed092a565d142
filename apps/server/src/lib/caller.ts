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

/**
 * Who calls an operation: their membership of the event and their account. The review (`Reviewer`, which also
 * admits the system itself), the feed (`FeedViewer`) and e-mail (`MailActor`, with the sender's name and address)
 * take this type or one made from it; routes get it with `currentCaller` (plugins/auth.ts).
 */
export interface Caller extends EventMembership {
  userId: number;
}
