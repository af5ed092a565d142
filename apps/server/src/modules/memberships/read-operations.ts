import type { MembershipsContext } from './operations-context.js';
import type { MemberScope } from './repository.js';

/** Who is a member, read by the other modules (scheduling, event day, cover, feed, push) and the access card. */
export function readOperations(shared: MembershipsContext) {
  const { read } = shared;
  return {
    findMember: (eventId: number, eventUserId: number) => read.findMember(eventId, eventUserId),
    /** The member with their membership row locked on PostgreSQL (caller's transaction): see the repository. */
    lockMember: (eventId: number, eventUserId: number) => read.lockMember(eventId, eventUserId),
    findMemberByUserId: (eventId: number, userId: number) => read.findMemberByUserId(eventId, userId),
    /** Members by name within what the caller may see (the check-in screen's search). */
    searchByName: (eventId: number, scope: MemberScope, term: string, limit: number) =>
      read.searchByName(eventId, scope, term, limit),
    findMembers: (eventId: number, eventUserIds: readonly number[]) => read.findMembers(eventId, eventUserIds),
    /** The ids of a group's volunteers (role 2): whom a request for cover may ask. */
    volunteerIdsOfGroup: (eventId: number, groupId: number) =>
      read.memberIds(eventId, { scope: { kind: 'group', groupId }, roleLevel: 2 }),
    /** The user's memberships (any events): `{ eventId, eventUserId }`. */
    membershipIdsOfUser: async (userId: number) =>
      (await read.membershipsOfUser(userId)).map((row) => ({ eventId: row.event_id, eventUserId: row.id })),

    /** Admins, group leaders and volunteers of the event, a page of each (the control panel's access card). */
    async access(eventId: number, page: number, pageSize: number) {
      const [admins, groupLeaders, volunteers] = await Promise.all([
        read.listAccess(eventId, 0, page, pageSize),
        read.listAccess(eventId, 1, page, pageSize),
        read.listAccess(eventId, 2, page, pageSize),
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
