import { isAdmin, MEMBER_SORT_FIELDS, type Member, type MemberFilters, type MemberSortField } from '@funkis/shared';
import type { Caller, EventMembership } from '../../lib/caller.js';
import { SLICE_ROWS, turnOfTheLoop } from '../../lib/event-loop.js';
import { fieldError, forbidden, notFound } from '../../lib/http-error.js';
import { groupsService } from '../groups/service.js';
import type { MembershipsContext } from './operations-context.js';
import type { MemberQuery, MemberScope } from './repository.js';
import * as membershipsRepository from './repository.js';

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

/** The admin's users table and its export: the members the caller may see, filtered, sorted and paged. */
export function listOperations(shared: MembershipsContext) {
  const { context, db } = shared;
  return {
    /**
     * The users-table query the caller may run. A group filter must name a group of this event (404 otherwise),
     * so an id of another event's group is never answered with an empty page as if it were valid.
     */
    async memberQuery(caller: Caller, filters: MemberFilters): Promise<MemberQuery> {
      const query = memberQueryFor(caller, filters);
      if (query.scope.kind === 'group' && !(await groupsService(context).find(caller.eventId, query.scope.groupId))) {
        throw notFound('error.groupNotFound');
      }
      return query;
    },

    listMembers: (eventId: number, query: MemberQuery, limit: number, offset: number) =>
      membershipsRepository.listMembers(db, eventId, query, limit, offset),
    countMembers: (eventId: number, query: MemberQuery) => membershipsRepository.countMembers(db, eventId, query),

    /** Every row the filters select, read in batches: what an export writes. */
    async allMembers(eventId: number, query: MemberQuery): Promise<Member[]> {
      // The order once (ids only), then the members a slice at a time, the loop turning between the slices: each
      // statement is synchronous on SQLite (lib/event-loop.ts).
      const ids = await membershipsRepository.memberIds(db, eventId, query);
      const members: Member[] = [];
      for (let start = 0; start < ids.length; start += SLICE_ROWS) {
        if (start > 0) await turnOfTheLoop();
        members.push(
          ...(await membershipsRepository.membersInOrder(db, eventId, ids.slice(start, start + SLICE_ROWS))),
        );
      }
      return members;
    },
  };
}
