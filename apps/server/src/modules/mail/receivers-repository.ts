/**
 * Who an e-mail reaches: the receiver filters resolved to people, the people chosen by name, their roles. Reads of
 * members and applications are for choosing receivers only.
 */

import type { ApplicationStatus, MailReceiverFilter } from '@funkis/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/types.js';
import { containsText } from '../../lib/search.js';
import { chunked } from '../../lib/transaction.js';

/** A person an e-mail reaches, with why (the criteria that named them, or chosen by name). */
export interface ResolvedReceiver {
  userId: number;
  email: string;
  firstname: string;
  lastname: string;
  reason: ReceiverReason;
}

export type ReceiverReason =
  | { kind: 'role'; roleLevel: number; groupName?: string }
  | { kind: 'group'; groupName: string }
  | { kind: 'application'; status: ApplicationStatus; groupName?: string }
  | { kind: 'chosen' };

/** Members of the event, optionally only of one group (a leader's scope). */
function members(db: Db, scopeGroupId: number | null) {
  return db
    .selectFrom('event_users as eu')
    .innerJoin('users as u', 'u.id', 'eu.user_id')
    .leftJoin('event_groups as g', 'g.id', 'eu.group_id')
    .select(['u.id as userId', 'u.email', 'u.firstname', 'u.lastname', 'eu.role_level', 'g.name as groupName'])
    .$if(scopeGroupId !== null, (q) => q.where('eu.group_id', '=', scopeGroupId as number));
}

/**
 * Applicants of the event, optionally only one group's: those whose application is in the group and who are not
 * members of another group (or of none) now, as the applications review counts a leader's applicants.
 */
function applicants(db: Db, scopeGroupId: number | null) {
  return db
    .selectFrom('applications as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['u.id as userId', 'u.email', 'u.firstname', 'u.lastname', 'a.status'])
    .$if(scopeGroupId !== null, (q) =>
      q
        .where('a.group_id', '=', scopeGroupId as number)
        .where(
          sql<boolean>`not exists (select 1 from event_users eu where eu.event_id = a.event_id and eu.user_id = a.user_id and (eu.group_id is null or eu.group_id <> ${scopeGroupId}))`,
        ),
    );
}

export async function eventName(db: Db, eventId: number): Promise<string> {
  const row = await db.selectFrom('events').select('name').where('id', '=', eventId).executeTakeFirst();
  return row?.name ?? '';
}

/**
 * Everyone the filter names, each once, ordered by name. Criteria of different kinds narrow each other (and),
 * the choices within one kind widen it (or): `{ groupIds: [Bar], applicationStatuses: [accepted] }` is the
 * accepted applicants of Bar. With a status the group is the application's (as the review shows it), without
 * one the membership's. People chosen by name are added to that (`userIds`). `scopeGroupId` limits the result
 * to one group's members and applicants. `unknownUserIds` are chosen ids that name nobody in the scope.
 */
export async function resolveReceivers(
  db: Db,
  eventId: number,
  filter: MailReceiverFilter,
  scopeGroupId: number | null,
): Promise<{ receivers: ResolvedReceiver[]; unknownUserIds: number[] }> {
  const found = new Map<number, ResolvedReceiver>();
  const add = (row: { userId: number; email: string; firstname: string; lastname: string }, reason: ReceiverReason) => {
    if (!found.has(row.userId)) found.set(row.userId, { ...row, reason });
  };
  const roleLevels = filter.roleLevels?.length ? filter.roleLevels : null;
  const groupIds = filter.groupIds?.length ? filter.groupIds : null;
  const statuses = filter.applicationStatuses?.length ? filter.applicationStatuses : null;
  const inGroup = groupIds !== null;
  if (statuses) {
    const rows = await db
      .selectFrom('applications as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .leftJoin('event_groups as g', 'g.id', 'a.group_id')
      .$if(roleLevels !== null, (q) =>
        q
          .innerJoin('event_users as eu', (join) =>
            join.onRef('eu.user_id', '=', 'a.user_id').onRef('eu.event_id', '=', 'a.event_id'),
          )
          .where('eu.role_level', 'in', roleLevels as number[]),
      )
      .select(['u.id as userId', 'u.email', 'u.firstname', 'u.lastname', 'a.status', 'g.name as groupName'])
      .where('a.event_id', '=', eventId)
      .where('a.status', 'in', statuses)
      .$if(groupIds !== null, (q) => q.where('a.group_id', 'in', groupIds as number[]))
      // A leader's applicants, as `applicants` scopes them: in the group, and not members of another one now.
      .$if(scopeGroupId !== null, (q) =>
        q
          .where('a.group_id', '=', scopeGroupId as number)
          .where(
            sql<boolean>`not exists (select 1 from event_users m where m.event_id = a.event_id and m.user_id = a.user_id and (m.group_id is null or m.group_id <> ${scopeGroupId}))`,
          ),
      )
      .execute();
    for (const row of rows) {
      add(row, {
        kind: 'application',
        status: row.status as ApplicationStatus,
        ...(inGroup ? { groupName: row.groupName ?? '' } : {}),
      });
    }
  } else if (roleLevels || groupIds) {
    const rows = await members(db, scopeGroupId)
      .where('eu.event_id', '=', eventId)
      .$if(roleLevels !== null, (q) => q.where('eu.role_level', 'in', roleLevels as number[]))
      .$if(groupIds !== null, (q) => q.where('eu.group_id', 'in', groupIds as number[]))
      .execute();
    for (const row of rows) {
      if (roleLevels) {
        add(row, {
          kind: 'role',
          roleLevel: row.role_level,
          ...(inGroup ? { groupName: row.groupName ?? '' } : {}),
        });
      } else add(row, { kind: 'group', groupName: row.groupName ?? '' });
    }
  }
  const unknownUserIds: number[] = [];
  if (filter.userIds?.length) {
    const wanted = [...new Set(filter.userIds)];
    const known = new Set<number>();
    for (const ids of chunked(wanted)) {
      const rows = [
        ...(await members(db, scopeGroupId).where('eu.event_id', '=', eventId).where('u.id', 'in', ids).execute()),
        ...(await applicants(db, scopeGroupId).where('a.event_id', '=', eventId).where('u.id', 'in', ids).execute()),
      ];
      for (const row of rows) {
        known.add(row.userId);
        add(row, { kind: 'chosen' });
      }
    }
    unknownUserIds.push(...wanted.filter((id) => !known.has(id)));
  }
  const receivers = [...found.values()].sort(
    (a, b) => a.firstname.localeCompare(b.firstname) || a.lastname.localeCompare(b.lastname) || a.userId - b.userId,
  );
  return { receivers, unknownUserIds };
}

/** Members and applicants whose name or e-mail contains `search`, for choosing people one by one. */
export async function findCandidates(db: Db, eventId: number, search: string, scopeGroupId: number | null, limit = 20) {
  // The lists' one search: non-ASCII capitals folded on SQLite too ("åsa" finds "Åsa").
  const matches = containsText(db, sql`u.firstname || ' ' || u.lastname || ' ' || u.email`, search);
  const memberRows = await members(db, scopeGroupId)
    .where('eu.event_id', '=', eventId)
    .where(matches)
    .orderBy('u.firstname')
    .orderBy('u.lastname')
    .limit(limit)
    .execute();
  const applicantRows = await applicants(db, scopeGroupId)
    .where('a.event_id', '=', eventId)
    .where(matches)
    .orderBy('u.firstname')
    .orderBy('u.lastname')
    .limit(limit)
    .execute();
  const byUser = new Map<
    number,
    {
      userId: number;
      name: string;
      email: string;
      roleLevel: number | null;
      applicationStatus: ApplicationStatus | null;
    }
  >();
  for (const row of memberRows) {
    byUser.set(row.userId, {
      userId: row.userId,
      name: `${row.firstname} ${row.lastname}`,
      email: row.email,
      roleLevel: row.role_level,
      applicationStatus: null,
    });
  }
  for (const row of applicantRows) {
    const existing = byUser.get(row.userId);
    if (existing) existing.applicationStatus = row.status as ApplicationStatus;
    else
      byUser.set(row.userId, {
        userId: row.userId,
        name: `${row.firstname} ${row.lastname}`,
        email: row.email,
        roleLevel: null,
        applicationStatus: row.status as ApplicationStatus,
      });
  }
  return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name)).slice(0, limit);
}

/** The role each of the users has in the event; applicants who are not members have none. */
export async function roleLevelsOf(db: Db, eventId: number, userIds: number[]): Promise<Map<number, number>> {
  const levels = new Map<number, number>();
  for (const chunk of chunked(userIds)) {
    const rows = await db
      .selectFrom('event_users')
      .select(['user_id', 'role_level'])
      .where('event_id', '=', eventId)
      .where('user_id', 'in', chunk)
      .execute();
    for (const row of rows) levels.set(row.user_id, row.role_level);
  }
  return levels;
}
