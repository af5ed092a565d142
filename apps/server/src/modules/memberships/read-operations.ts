import type { MembershipsContext } from './operations-context.js';
import type { MemberScope } from './repository.js';
import * as membershipsRepository from './repository.js';

/** Who is a member, read by the other modules (scheduling, event day, cover, feed, push) and the access card. */
export function readOperations(shared: MembershipsContext) {
  return {
    findMember: (eventId: number, eventUserId: number) =>
      membershipsRepository.findMember(shared.db, eventId, eventUserId),
    /** The member with their membership row locked on PostgreSQL (caller's transaction): see the repository. */
    lockMember: (eventId: number, eventUserId: number) =>
      membershipsRepository.lockMember(shared.db, eventId, eventUserId),
    findMemberByUserId: (eventId: number, userId: number) =>
      membershipsRepository.findMemberByUserId(shared.db, eventId, userId),
    /** Members by name within what the caller may see (the check-in screen's search). */
    searchByName: (eventId: number, scope: MemberScope, term: string, limit: number) =>
      membershipsRepository.searchByName(shared.db, eventId, scope, term, limit),
    findMembers: (eventId: number, eventUserIds: readonly number[]) =>
      membershipsRepository.findMembers(shared.db, eventId, eventUserIds),
    /** The ids of a group's volunteers (role 2): whom a request for cover may ask. */
    volunteerIdsOfGroup: (eventId: number, groupId: number) =>
      membershipsRepository.memberIds(shared.db, eventId, { scope: { kind: 'group', groupId }, roleLevel: 2 }),
    /** The user's memberships (any events): `{ eventId, eventUserId }`. */
    membershipIdsOfUser: async (userId: number) =>
      (await membershipsRepository.membershipsOfUser(shared.db, userId)).map((row) => ({
        eventId: row.event_id,
        eventUserId: row.id,
      })),

    /** Admins, group leaders and volunteers of the event, a page of each (the control panel's access card). */
    async access(eventId: number, page: number, pageSize: number) {
      const [admins, groupLeaders, volunteers] = await Promise.all([
        membershipsRepository.listAccess(shared.db, eventId, 0, page, pageSize),
        membershipsRepository.listAccess(shared.db, eventId, 1, page, pageSize),
        membershipsRepository.listAccess(shared.db, eventId, 2, page, pageSize),
      ]);
      return {
        admins: admins.people,
        groupLeaders: groupLeaders.people,
        volunteers: volunteers.people,
        totals: { admins: admins.total, groupLeaders: groupLeaders.total, volunteers: volunteers.total },
      };
    },
  };
}
