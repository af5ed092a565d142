import {
  isAdmin,
  MEMBER_SORT_FIELDS,
  type Member,
  type MemberFilters,
  type MemberSortField,
  type RoleLevel,
  type UpdateMemberInput,
} from '@funkis/shared';
import type { Db, DialectName } from '../../db/types.js';
import { type AuditEntry, writeAudit } from '../../lib/audit.js';
import type { EventMembership } from '../../lib/caller.js';
import { SLICE_ROWS, turnOfTheLoop } from '../../lib/event-loop.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-error.js';
import { lockEvent, lockEvents, withTransaction } from '../../lib/transaction.js';
import { groupsService } from '../groups/service.js';
import { type MemberQuery, type MemberScope, type MembershipRow, membershipsRepository } from './repository.js';

export type { MemberQuery, MemberScope, MembershipRow } from './repository.js';

/**
 * Which members the caller may list: an admin anyone (or the group asked for), a group leader only their own
 * group, and asking for another group is refused rather than silently answered with nothing.
 */
export function memberScopeFor(membership: EventMembership, requested: MemberFilters['groupId']): MemberScope {
  if (isAdmin(membership)) {
    if (requested === undefined) return { kind: 'all' };
    return requested === 'none' ? { kind: 'noGroup' } : { kind: 'group', groupId: requested };
  }
  if (requested !== undefined && requested !== membership.groupId) throw forbidden('error.ownGroupOnly');
  return membership.groupId === null ? { kind: 'nobody' } : { kind: 'group', groupId: membership.groupId };
}

function memberQueryFor(membership: EventMembership, filters: MemberFilters): MemberQuery {
  const sort = filters.sort
    ? {
        field: filters.sort.replace(/^-/, '') as MemberSortField,
        descending: filters.sort.startsWith('-'),
      }
    : undefined;
  if (sort && !(MEMBER_SORT_FIELDS as readonly string[]).includes(sort.field))
    throw fieldError('sort', 'error.invalid');
  return {
    scope: memberScopeFor(membership, filters.groupId),
    search: filters.search || undefined,
    roleLevel: filters.roleLevel,
    sort,
  };
}

/**
 * Memberships (`event_users`): who is a member of which event with which role and group. The one owner of the
 * table: the users table, bulk acceptance in the applications review, event creation and account removal all
 * come here. Every change runs in a transaction (the caller's, when given one) with its audit entries, and
 * every "last admin" decision holds the event's lock on PostgreSQL.
 */
export function membershipsService(db: Db, dialect: DialectName) {
  const read = membershipsRepository(db, dialect);
  const groups = groupsService(db, dialect);

  const requireGroup = async (trx: Db, eventId: number, groupId: number) => {
    const group = await groupsService(trx, dialect).find(eventId, groupId);
    if (!group) throw fieldError('groupId', 'error.groupNotFound', undefined, 404);
    return group;
  };

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

    /** The event's creator becomes its first admin (part of the creating transaction). */
    async addCreator(eventId: number, userId: number): Promise<number> {
      return withTransaction(db, async (trx) => {
        const eventUserId = await membershipsRepository(trx, dialect).insertMember(eventId, userId, 0, null);
        await writeAudit(trx, {
          eventId,
          actorId: userId,
          action: 'member.added',
          subject: `event_user:${eventUserId}`,
          details: { userId, roleLevel: 0, groupId: null, reason: 'creator' },
        });
        return eventUserId;
      });
    },

    /** An account joins the event by id (demo data and the other modules' own flows; the users table invites by e-mail). */
    async addUser(
      eventId: number,
      actorId: number | null,
      input: { userId: number; roleLevel: RoleLevel; groupId: number | null },
    ): Promise<Member> {
      return withTransaction(db, async (trx) => {
        const repository = membershipsRepository(trx, dialect);
        await lockEvent(trx, dialect, eventId);
        if (input.groupId !== null) await requireGroup(trx, eventId, input.groupId);
        if (await repository.findMemberByUserId(eventId, input.userId)) throw conflict('error.alreadyMember');
        const eventUserId = await repository.insertMember(eventId, input.userId, input.roleLevel, input.groupId);
        await writeAudit(trx, {
          eventId,
          actorId,
          action: 'member.added',
          subject: `event_user:${eventUserId}`,
          details: { userId: input.userId, roleLevel: input.roleLevel, groupId: input.groupId },
        });
        const member = await repository.findMember(eventId, eventUserId);
        if (!member) throw notFound('error.memberNotFound');
        return member;
      });
    },

    /** Role and group of a member. The event's last admin cannot be demoted. */
    async updateMember(
      eventId: number,
      eventUserId: number,
      actorId: number | null,
      input: UpdateMemberInput,
    ): Promise<Member> {
      return withTransaction(db, async (trx) => {
        const repository = membershipsRepository(trx, dialect);
        await lockEvent(trx, dialect, eventId);
        const member = await repository.findMember(eventId, eventUserId);
        if (!member) throw notFound('error.memberNotFound');
        const groupId = input.groupId === undefined ? (member.group?.id ?? null) : input.groupId;
        const group = groupId === null ? null : await requireGroup(trx, eventId, groupId);
        const roleLevel: RoleLevel = input.roleLevel ?? member.roleLevel;
        if (member.roleLevel === 0 && roleLevel !== 0 && (await repository.countAdmins(eventId)) <= 1) {
          throw conflict('error.lastAdmin');
        }
        const audit: AuditEntry[] = [];
        const who = { userId: member.userId, name: `${member.firstname} ${member.lastname}`, email: member.email };
        const subject = `event_user:${eventUserId}`;
        if (roleLevel !== member.roleLevel) {
          audit.push({
            eventId,
            actorId,
            action: 'member.role_changed',
            subject,
            details: { ...who, from: member.roleLevel, to: roleLevel },
          });
        }
        if (groupId !== (member.group?.id ?? null)) {
          audit.push({
            eventId,
            actorId,
            action: 'member.group_changed',
            subject,
            details: { ...who, from: member.group, to: group ? { id: group.id, name: group.name } : null },
          });
        }
        if (audit.length === 0) return member;
        await repository.updateMember(eventId, eventUserId, { role_level: roleLevel, group_id: groupId });
        await writeAudit(trx, audit);
        const updated = await repository.findMember(eventId, eventUserId);
        if (!updated) throw notFound('error.memberNotFound');
        return updated;
      });
    },

    /**
     * Ends a membership. The event's last admin cannot be removed. `beforeDelete` runs in the same transaction once
     * the removal is allowed (the scheduling module frees the person's places for the shifts' waitlists).
     */
    async removeMember(
      eventId: number,
      eventUserId: number,
      actorId: number | null,
      beforeDelete?: (trx: Db) => Promise<unknown>,
    ): Promise<void> {
      await withTransaction(db, async (trx) => {
        const repository = membershipsRepository(trx, dialect);
        await lockEvent(trx, dialect, eventId);
        const member = await repository.findMember(eventId, eventUserId);
        if (!member) throw notFound('error.memberNotFound');
        if (member.roleLevel === 0 && (await repository.countAdmins(eventId)) <= 1) {
          throw conflict('error.lastAdmin');
        }
        await beforeDelete?.(trx);
        await repository.deleteMember(eventId, eventUserId);
        await writeAudit(trx, {
          eventId,
          actorId,
          action: 'member.removed',
          subject: `event_user:${eventUserId}`,
          details: {
            userId: member.userId,
            name: `${member.firstname} ${member.lastname}`,
            email: member.email,
            roleLevel: member.roleLevel,
            group: member.group,
          },
        });
      });
    },

    /**
     * The users-table query the caller may run. A group filter must name a group of this event (404 otherwise),
     * so an id of another event's group is never answered with an empty page as if it were valid.
     */
    async memberQuery(membership: EventMembership, filters: MemberFilters): Promise<MemberQuery> {
      const query = memberQueryFor(membership, filters);
      if (query.scope.kind === 'group' && !(await groups.find(membership.eventId, query.scope.groupId))) {
        throw notFound('error.groupNotFound');
      }
      return query;
    },

    listMembers: (eventId: number, query: MemberQuery, limit: number, offset: number) =>
      read.listMembers(eventId, query, limit, offset),
    countMembers: (eventId: number, query: MemberQuery) => read.countMembers(eventId, query),

    /** Every row the filters select, read in batches: what an export writes. */
    async allMembers(eventId: number, query: MemberQuery): Promise<Member[]> {
      // The order once (ids only), then the members a slice at a time, the loop turning between the slices: each
      // statement is synchronous on SQLite (lib/event-loop.ts).
      const ids = await read.memberIds(eventId, query);
      const members: Member[] = [];
      for (let start = 0; start < ids.length; start += SLICE_ROWS) {
        if (start > 0) await turnOfTheLoop();
        members.push(...(await read.membersInOrder(eventId, ids.slice(start, start + SLICE_ROWS))));
      }
      return members;
    },

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

    // --- the applications review's acceptance effects: run inside its transaction ---

    /** The memberships of these users in the event, locked on PostgreSQL until the transaction ends. */
    membershipsOfUsers: (eventId: number, userIds: readonly number[]): Promise<MembershipRow[]> =>
      read.membershipsOfUsers(eventId, userIds),
    /** Accepted applicants who are not members yet become volunteers in their application's group. */
    addAcceptedVolunteers: (
      eventId: number,
      volunteers: readonly { userId: number; groupId: number | null }[],
      now: string,
    ) => read.insertAcceptedVolunteers(eventId, volunteers, now),
    /** Volunteers that acceptance made follow their application's group. */
    moveAcceptedVolunteers: (membershipIds: readonly number[], groupId: number | null, now: string) =>
      read.setAcceptedMembershipsGroup(membershipIds, groupId, now),
    /** Un-accepting removes only memberships acceptance made (never an admin's or leader's). */
    removeAcceptedVolunteers: (membershipIds: readonly number[]) => read.deleteAcceptedMemberships(membershipIds),

    // --- account removal (part of the account's removing transaction) ---

    /**
     * Locks every event the user administers (PostgreSQL), then answers the events they alone administer while
     * others are members: two admins removing their accounts at once cannot both pass this check.
     */
    async lockAndFindSoleAdminEvents(userId: number) {
      return withTransaction(db, async (trx) => {
        const repository = membershipsRepository(trx, dialect);
        await lockEvents(trx, dialect, await repository.eventIdsAdministeredBy(userId));
        return repository.eventsWhereSoleAdminWithOthers(userId);
      });
    },

    /** Ends every membership of a user who removes their account, audited in the events that stay. */
    async removeAllOfUser(userId: number): Promise<{ soloEventIds: number[] }> {
      return withTransaction(db, async (trx) => {
        const repository = membershipsRepository(trx, dialect);
        const memberships = await repository.membershipsOfUser(userId);
        const soloEventIds = memberships.filter((m) => !m.has_others).map((m) => m.event_id);
        await writeAudit(
          trx,
          memberships
            .filter((m) => m.has_others)
            .map((m) => ({
              eventId: m.event_id,
              actorId: userId,
              action: 'member.removed',
              subject: `event_user:${m.id}`,
              details: { userId, roleLevel: m.role_level, groupId: m.group_id, reason: 'account_removed' },
            })),
        );
        await repository.deleteMembershipsOfUser(userId);
        return { soloEventIds };
      });
    },
  };
}

export type MembershipsService = ReturnType<typeof membershipsService>;
