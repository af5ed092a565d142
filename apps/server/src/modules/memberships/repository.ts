/**
 * All SQL of memberships (`event_users`): the only place that writes the table. Pass a transaction as `db` to
 * take part in it.
 */

import type { AccessPerson, Member, MemberSortField, RoleLevel } from '@funkis/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Db } from '../../db/types.js';
import { userAvatarUrl } from '../../lib/avatar-urls.js';
import { containsText } from '../../lib/search.js';
import { nowIso } from '../../lib/time.js';
import { dialectStatements, pgIntArray } from '../../lib/transaction.js';

/** Which members a query may see: everyone, one group, the members without a group, or nobody. */
export type MemberScope =
  | { kind: 'all' }
  | { kind: 'group'; groupId: number }
  | { kind: 'noGroup' }
  | { kind: 'nobody' };

export interface MemberQuery {
  scope: MemberScope;
  search?: string;
  roleLevel?: number;
  sort?: { field: MemberSortField; descending: boolean };
}

interface MemberRow {
  id: number;
  user_id: number;
  role_level: number;
  group_id: number | null;
  group_name: string | null;
  created_at: string;
  firstname: string;
  lastname: string;
  email: string;
  avatar: string | null;
}

/** A membership as the bulk effects of the applications review see it. */
export interface MembershipRow {
  id: number;
  user_id: number;
  role_level: number;
  group_id: number | null;
  via_application: number;
}

export function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    userId: row.user_id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    roleLevel: row.role_level as RoleLevel,
    group: row.group_id !== null && row.group_name !== null ? { id: row.group_id, name: row.group_name } : null,
    avatar: userAvatarUrl(row.user_id, row.avatar),
    createdAt: row.created_at,
  };
}

const toAccessPerson = (row: MemberRow): AccessPerson => ({
  id: row.id,
  userId: row.user_id,
  firstname: row.firstname,
  lastname: row.lastname,
  email: row.email,
  group: row.group_id !== null && row.group_name !== null ? { id: row.group_id, name: row.group_name } : null,
});

function membersFrom(db: Db, eventId: number) {
  return db
    .selectFrom('event_users')
    .innerJoin('users', 'users.id', 'event_users.user_id')
    .leftJoin('event_groups as g', 'g.id', 'event_users.group_id')
    .where('event_users.event_id', '=', eventId);
}

const memberColumns = [
  'event_users.id',
  'event_users.user_id',
  'event_users.role_level',
  'event_users.group_id',
  'event_users.created_at',
  'g.name as group_name',
  'users.firstname',
  'users.lastname',
  'users.email',
  'users.avatar',
] as const;

function filteredMembers(db: Db, eventId: number, query: MemberQuery) {
  let builder = membersFrom(db, eventId);
  const { scope } = query;
  if (scope.kind === 'nobody') builder = builder.where(sql<SqlBool>`1 = 0`);
  if (scope.kind === 'group') builder = builder.where('event_users.group_id', '=', scope.groupId);
  if (scope.kind === 'noGroup') builder = builder.where('event_users.group_id', 'is', null);
  if (query.roleLevel !== undefined) builder = builder.where('event_users.role_level', '=', query.roleLevel);
  const term = query.search;
  if (term) {
    const like = (expression: Expression<unknown>) => containsText(db, expression, term);
    builder = builder.where((eb) =>
      eb.or([
        like(eb.ref('users.firstname')),
        like(eb.ref('users.lastname')),
        like(eb.ref('users.email')),
        like(sql`${eb.ref('users.firstname')} || ' ' || ${eb.ref('users.lastname')}`),
        like(eb.ref('g.name')),
      ]),
    );
  }
  return builder;
}

/** The members the query finds in the table's order: the asked sort, ties by name, then id. */
function orderedMembers(db: Db, eventId: number, query: MemberQuery) {
  let builder = filteredMembers(db, eventId, query);
  const direction = query.sort?.descending ? 'desc' : 'asc';
  const lower = (column: 'users.firstname' | 'users.lastname' | 'users.email' | 'g.name') =>
    sql`lower(${sql.ref(column)})`;
  switch (query.sort?.field) {
    case 'firstname':
      builder = builder.orderBy(lower('users.firstname'), direction);
      break;
    case 'email':
      builder = builder.orderBy(lower('users.email'), direction);
      break;
    case 'roleLevel':
      builder = builder.orderBy('event_users.role_level', direction);
      break;
    case 'group':
      // Members without a group last, whichever the direction, on both databases.
      builder = builder
        .orderBy(sql`case when ${sql.ref('g.name')} is null then 1 else 0 end`)
        .orderBy(lower('g.name'), direction);
      break;
    case 'createdAt':
      builder = builder.orderBy('event_users.created_at', direction);
      break;
    default:
      builder = builder.orderBy(lower('users.lastname'), direction);
  }
  return builder.orderBy(lower('users.lastname')).orderBy(lower('users.firstname')).orderBy('event_users.id');
}

export async function countMembers(db: Db, eventId: number, query: MemberQuery): Promise<number> {
  const row = await filteredMembers(db, eventId, query)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findMember(db: Db, eventId: number, eventUserId: number): Promise<Member | undefined> {
  const row = await membersFrom(db, eventId)
    .select(memberColumns)
    .where('event_users.id', '=', eventUserId)
    .executeTakeFirst();
  return row ? toMember(row) : undefined;
}

/**
 * One member, and on PostgreSQL their membership row locked until the transaction ends (`FOR NO KEY UPDATE`:
 * a role or group change and a removal wait, foreign-key checks of other rows do not). Scheduling takes it
 * so the member's assignments change one decision at a time (decision 024).
 */
export async function lockMember(db: Db, eventId: number, eventUserId: number): Promise<Member | undefined> {
  const dialect = dialectOf(db);
  const row = await membersFrom(db, eventId)
    .select(memberColumns)
    .where('event_users.id', '=', eventUserId)
    .$if(dialect === 'postgres', (query) => query.forNoKeyUpdate('event_users'))
    .executeTakeFirst();
  return row ? toMember(row) : undefined;
}

/** Several members of the event by membership id (ids of other events name nobody). */
export async function findMembers(db: Db, eventId: number, eventUserIds: readonly number[]): Promise<Member[]> {
  const { idBatches, inIds } = dialectStatements(db);
  const members: Member[] = [];
  for (const ids of idBatches([...new Set(eventUserIds)])) {
    const rows = await membersFrom(db, eventId).select(memberColumns).where(inIds('event_users.id', ids)).execute();
    members.push(...rows.map(toMember));
  }
  return members;
}

/** Members in scope whose first or last name (or both, "Ada Lovelace") contains the term, by name. */
export async function searchByName(
  db: Db,
  eventId: number,
  scope: MemberScope,
  term: string,
  limit: number,
): Promise<Member[]> {
  const rows = await filteredMembers(db, eventId, { scope })
    .where((eb) => {
      const like = (expression: Expression<unknown>) => containsText(db, expression, term);
      return eb.or([
        like(eb.ref('users.firstname')),
        like(eb.ref('users.lastname')),
        like(sql`${eb.ref('users.firstname')} || ' ' || ${eb.ref('users.lastname')}`),
      ]);
    })
    .select(memberColumns)
    .orderBy(sql`lower(${sql.ref('users.lastname')})`)
    .orderBy(sql`lower(${sql.ref('users.firstname')})`)
    .orderBy('event_users.id')
    .limit(limit)
    .execute();
  return rows.map(toMember);
}

export async function findMemberByUserId(db: Db, eventId: number, userId: number): Promise<Member | undefined> {
  const row = await membersFrom(db, eventId)
    .select(memberColumns)
    .where('event_users.user_id', '=', userId)
    .executeTakeFirst();
  return row ? toMember(row) : undefined;
}

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'firstname', 'lastname', 'email_confirmed_at'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function insertMember(
  db: Db,
  eventId: number,
  userId: number,
  roleLevel: RoleLevel,
  groupId: number | null,
  viaApplication = false,
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('event_users')
    .values({
      event_id: eventId,
      user_id: userId,
      role_level: roleLevel,
      group_id: groupId,
      via_application: viaApplication ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function updateMember(
  db: Db,
  eventId: number,
  eventUserId: number,
  values: { role_level?: number; group_id?: number | null },
) {
  return db
    .updateTable('event_users')
    .set({ ...values, updated_at: nowIso() })
    .where('event_id', '=', eventId)
    .where('id', '=', eventUserId)
    .execute();
}

export function deleteMember(db: Db, eventId: number, eventUserId: number) {
  return db.deleteFrom('event_users').where('event_id', '=', eventId).where('id', '=', eventUserId).execute();
}

export async function countAdmins(db: Db, eventId: number): Promise<number> {
  const row = await db
    .selectFrom('event_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('event_id', '=', eventId)
    .where('role_level', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the users table, sorted, with a stable order for paging (ties broken by name, then id). */
export async function listMembers(
  db: Db,
  eventId: number,
  query: MemberQuery,
  limit: number,
  offset: number,
): Promise<Member[]> {
  return (await orderedMembers(db, eventId, query).select(memberColumns).limit(limit).offset(offset).execute()).map(
    toMember,
  );
}

/** The ids of every member the query finds, in the table's order (an export's first step). */
export async function memberIds(db: Db, eventId: number, query: MemberQuery): Promise<number[]> {
  return (await orderedMembers(db, eventId, query).select('event_users.id').execute()).map((row) => row.id);
}

/** These members, in the order of `ids`. */
export async function membersInOrder(db: Db, eventId: number, ids: readonly number[]): Promise<Member[]> {
  if (ids.length === 0) return [];
  const rows = await membersFrom(db, eventId)
    .select(memberColumns)
    .where('event_users.id', 'in', [...ids])
    .execute();
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((left, right) => (position.get(left.id) ?? 0) - (position.get(right.id) ?? 0)).map(toMember);
}

export async function listAccess(db: Db, eventId: number, roleLevel: RoleLevel, page: number, pageSize: number) {
  const query: MemberQuery = { scope: { kind: 'all' }, roleLevel };
  const [rows, total] = await Promise.all([
    filteredMembers(db, eventId, query)
      .select(memberColumns)
      .orderBy(sql`lower(${sql.ref('users.lastname')})`)
      .orderBy(sql`lower(${sql.ref('users.firstname')})`)
      .orderBy('event_users.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    countMembers(db, eventId, query),
  ]);
  return { people: rows.map(toAccessPerson), total };
}

// --- acceptance effects of the applications review: each takes the transaction to run in ---
export async function membershipsOfUsers(
  db: Db,
  eventId: number,
  userIds: readonly number[],
): Promise<MembershipRow[]> {
  // PostgreSQL locks the rows read, so two changes of the same memberships cannot interleave.
  const { lockIfPostgres, idBatches, inIds } = dialectStatements(db);
  const found: MembershipRow[] = [];
  for (const chunk of idBatches(userIds)) {
    const rows = await lockIfPostgres(
      db
        .selectFrom('event_users')
        .select(['id', 'user_id', 'role_level', 'group_id', 'via_application'])
        .where('event_id', '=', eventId)
        .where(inIds('user_id', chunk)),
    ).execute();
    found.push(...rows);
  }
  return found;
}

/**
 * Makes accepted applicants volunteers (role 2) in their application's group, marked as created by
 * acceptance. PostgreSQL: one `INSERT … SELECT … FROM unnest($users, $groups)`; SQLite: VALUES per chunk.
 */
export async function insertAcceptedVolunteers(
  db: Db,
  eventId: number,
  volunteers: readonly { userId: number; groupId: number | null }[],
  now: string,
) {
  const dialect = dialectOf(db);
  const { idBatches } = dialectStatements(db);
  const inserted: { id: number; user_id: number; group_id: number | null }[] = [];
  for (const chunk of idBatches(volunteers)) {
    const query =
      dialect === 'postgres'
        ? db
            .insertInto('event_users')
            .columns(['event_id', 'user_id', 'role_level', 'group_id', 'via_application', 'created_at', 'updated_at'])
            .expression(
              sql`select ${eventId}::int, v.user_id, 2, v.group_id, 1, ${now}::text, ${now}::text
                    from unnest(
                      ${pgIntArray(chunk.map((volunteer) => volunteer.userId))}::int[],
                      ${pgIntArray(chunk.map((volunteer) => volunteer.groupId))}::int[]
                    ) as v(user_id, group_id)`,
            )
        : db.insertInto('event_users').values(
            chunk.map((volunteer) => ({
              event_id: eventId,
              user_id: volunteer.userId,
              role_level: 2,
              group_id: volunteer.groupId,
              via_application: 1,
              created_at: now,
              updated_at: now,
            })),
          );
    const rows = await query
      // The caller passes only applicants it found without a membership (rows locked on PostgreSQL); the
      // unique (event_id, user_id) settles any race without an anti-join per chunk.
      .onConflict((conflict) => conflict.columns(['event_id', 'user_id']).doNothing())
      .returning(['id', 'user_id', 'group_id'])
      .execute();
    inserted.push(...rows);
  }
  return inserted;
}

/** Moves memberships that acceptance created (volunteers only) to a group. */
export async function setAcceptedMembershipsGroup(
  db: Db,
  membershipIds: readonly number[],
  groupId: number | null,
  now: string,
) {
  const { idBatches, inIds } = dialectStatements(db);
  for (const chunk of idBatches(membershipIds)) {
    await db
      .updateTable('event_users')
      .set({ group_id: groupId, updated_at: now })
      .where(inIds('id', chunk))
      .where('via_application', '=', 1)
      .where('role_level', '=', 2)
      .execute();
  }
}

/** Removes memberships that acceptance created; never an admin's, a leader's or one added by hand. */
export async function deleteAcceptedMemberships(db: Db, membershipIds: readonly number[]): Promise<number[]> {
  const { idBatches, inIds } = dialectStatements(db);
  const deleted: number[] = [];
  for (const chunk of idBatches(membershipIds)) {
    const rows = await db
      .deleteFrom('event_users')
      .where(inIds('id', chunk))
      .where('via_application', '=', 1)
      .where('role_level', '=', 2)
      .returning('id')
      .execute();
    deleted.push(...rows.map((row) => row.id));
  }
  return deleted;
}

// --- account removal ---
/** The events the user is an admin of: those whose "last admin" decision their removal touches. */
export async function eventIdsAdministeredBy(db: Db, userId: number): Promise<number[]> {
  return (
    await db
      .selectFrom('event_users')
      .select('event_id')
      .where('user_id', '=', userId)
      .where('role_level', '=', 0)
      .execute()
  ).map((row) => row.event_id);
}

/** Events the user alone administers while other people are members (one grouped query). */
export function eventsWhereSoleAdminWithOthers(db: Db, userId: number) {
  return db
    .selectFrom('event_users as member')
    .innerJoin('events', 'events.id', 'member.event_id')
    .select(['events.id', 'events.name'])
    .where('member.event_id', 'in', (eb) =>
      eb.selectFrom('event_users').select('event_id').where('user_id', '=', userId).where('role_level', '=', 0),
    )
    .groupBy(['events.id', 'events.name'])
    .having((eb) => eb.fn.sum<number>(eb.case().when('member.role_level', '=', 0).then(1).else(0).end()), '=', 1)
    .having((eb) => eb.fn.countAll<number>(), '>', 1)
    .orderBy('events.id')
    .execute();
}

/** The user's memberships, each with whether anyone else is a member of that event. */
export function membershipsOfUser(db: Db, userId: number) {
  return db
    .selectFrom('event_users as mine')
    .select([
      'mine.id',
      'mine.event_id',
      'mine.role_level',
      'mine.group_id',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('event_users as other')
              .select('other.id')
              .whereRef('other.event_id', '=', 'mine.event_id')
              .where('other.user_id', '!=', userId),
          )
          .as('has_others'),
    ])
    .where('mine.user_id', '=', userId)
    .execute();
}

export function deleteMembershipsOfUser(db: Db, userId: number) {
  return db.deleteFrom('event_users').where('user_id', '=', userId).execute();
}
