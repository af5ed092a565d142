import type { MembershipsContext } from './operations-context.js';
import type { MembershipRow } from './repository.js';
import * as membershipsRepository from './repository.js';

/**
 * The applications review's acceptance effects (`applications/bulk-update.ts`'s membership step): the system acting
 * for the review, inside the review's transaction, whose audit entries tell the story; no caller of their own.
 */
export function acceptanceOperations(shared: MembershipsContext) {
  return {
    /** The memberships of these users in the event, locked on PostgreSQL until the transaction ends. */
    membershipsOfUsers: (eventId: number, userIds: readonly number[]): Promise<MembershipRow[]> =>
      membershipsRepository.membershipsOfUsers(shared.db, eventId, userIds),
    /** Accepted applicants who are not members yet become volunteers in their application's group. */
    addAcceptedVolunteers: (
      eventId: number,
      volunteers: readonly { userId: number; groupId: number | null }[],
      now: string,
    ) => membershipsRepository.insertAcceptedVolunteers(shared.db, eventId, volunteers, now),
    /** Volunteers that acceptance made follow their application's group. */
    moveAcceptedVolunteers: (membershipIds: readonly number[], groupId: number | null, now: string) =>
      membershipsRepository.setAcceptedMembershipsGroup(shared.db, membershipIds, groupId, now),
    /** Un-accepting removes only memberships acceptance made (never an admin's or leader's). */
    removeAcceptedVolunteers: (membershipIds: readonly number[]) =>
      membershipsRepository.deleteAcceptedMemberships(shared.db, membershipIds),
  };
}
