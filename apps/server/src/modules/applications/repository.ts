import {
  APPLICATION_STATUSES,
  type ApplicationFilter,
  type ApplicationSort,
  type ApplicationSortField,
  type ApplicationStatus,
} from '@funkis/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Db } from '../../db/types.js';
import { applicationFilterConditions } from '../../lib/application-filter.js';
import { writeAudit } from '../../lib/audit.js';
import { turnOfTheLoop } from '../../lib/event-loop.js';
import { containsPattern } from '../../lib/search.js';
import { nowIso } from '../../lib/time.js';
import { chunked, dialectStatements } from '../../lib/transaction.js';

/**
 * Which applications the caller may see: admins the whole event; a group leader only their own group's
 * (a leader without a group sees none).
 */
export interface ApplicationScope {
  eventId: number;
  visibleGroupId: number | null | 'all';
}

/**
 * A group leader's applications are those of their group whose applicant is not a member of another group (or of
 * none, as admins are): the membership is what the person is now, the application may lag behind it.
 */
const isNotMemberElsewhere = (groupId: number) =>
  sql<SqlBool>`not exists (select 1 from event_users eu where eu.event_id = a.event_id and eu.user_id = a.user_id and (eu.group_id is null or eu.group_id <> ${groupId}))`;

/** One audit entry of a bulk update: what happened to which application. */
export interface BulkAuditEntry {
  applicationId: number;
  action: 'application.status_changed' | 'application.group_changed';
  details: Record<string, unknown>;
}

/** A bulk update's audit entries, ready to be written in its transaction. */
export interface BulkAudit {
  write(trx: Db): Promise<void>;
}

/** What a bulk update needs to know of each application it touches. */
export interface ApplicationTarget {
  id: number;
  event_id: number;
  user_id: number;
  status: string;
  group_id: number | null;
}

// Status order as the product lists them, not alphabetical. Built from constants only.
const STATUS_RANK = sql.raw(
  `case a.status ${APPLICATION_STATUSES.map((status, rank) => `when '${status}' then ${rank}`).join(' ')} else ${APPLICATION_STATUSES.length} end`,
);

/**
 * The applicant's sort keys as values of an insert or update of `applications`: read from `users` by the same
 * statement, lower-cased by the database as the sort always did (migration 0013).
 */
function sortNameOf(userId: number) {
  return {
    sort_lastname: sql<string>`(select lower(lastname) from users where users.id = ${userId})`,
    sort_firstname: sql<string>`(select lower(firstname) from users where users.id = ${userId})`,
  };
}

function parseSort(sort: ApplicationSort): { field: ApplicationSortField; direction: 'asc' | 'desc' } {
  return sort.startsWith('-')
    ? { field: sort.slice(1) as ApplicationSortField, direction: 'desc' }
    : { field: sort as ApplicationSortField, direction: 'asc' };
}

/** An application with its applicant, group and answers: the columns both the list page and the detail show. */
function selectApplicationRows(db: Db) {
  return db
    .selectFrom('applications as a')
    .innerJoin('application_answers as x', 'x.application_id', 'a.id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('event_groups as g', 'g.id', 'a.group_id')
    .select([
      'a.id',
      'a.status',
      'a.group_id',
      'a.week',
      'x.answers',
      'a.created_at',
      'a.updated_at',
      'u.id as user_id',
      'u.firstname',
      'u.lastname',
      'u.email',
      'g.name as group_name',
    ]);
}

/** A new (pending) application's row as the service computed it: answers and labels as JSON text. */
export interface NewApplication {
  eventId: number;
  userId: number;
  answers: string;
  answerLabels: string;
  week: string | null;
  searchText: string;
  createdAt: string;
}

/** Choice rows per insert: 5 values each, far below either database's parameter limit; a few ms on SQLite. */
const CHOICE_ROWS = 400;

/** The applications of the scope that match the filter; every query of the list, summary and bulk starts here. */
function selectMatching(executor: Db, scope: ApplicationScope, filter: ApplicationFilter) {
  const dialect = dialectOf(executor);
  return executor.selectFrom('applications as a').where((eb) => {
    const conditions: Expression<SqlBool>[] = [eb('a.event_id', '=', scope.eventId)];
    if (scope.visibleGroupId === null) conditions.push(sql<SqlBool>`1 = 0`);
    else if (scope.visibleGroupId !== 'all') {
      conditions.push(eb('a.group_id', '=', scope.visibleGroupId), isNotMemberElsewhere(scope.visibleGroupId));
    }
    conditions.push(...applicationFilterConditions(eb, filter));
    if (filter.search) {
      const term = filter.search.toLowerCase();
      const pattern = containsPattern(term);
      if (dialect === 'postgres') {
        // The narrow side table of migration 0004, with pg_trgm's index when the database has it. `= any(array(…))`
        // has the matches looked up by primary key rather than joined against a scan of the whole event.
        conditions.push(
          sql<SqlBool>`${eb.ref('a.id')} = any(array(select application_id from applications_search where search_text like ${pattern} escape '\\'))`,
        );
      } else {
        if ([...term].length >= 3 && !/[%_]/.test(term)) {
          // FTS5's trigram index (migration 0004) answers LIKE only without ESCAPE, so only for plain terms of
          // three characters or more; it finds the candidates, the LIKE below confirms them exactly.
          conditions.push(
            sql<SqlBool>`${eb.ref('a.id')} in (select rowid from applications_search where search_text like ${`%${term}%`})`,
          );
        }
        // The text itself, looked up by the application's id (migration 0051 keeps it apart from the review's rows).
        conditions.push(
          sql<SqlBool>`(select x.search_text from application_answers x where x.application_id = ${eb.ref('a.id')}) like ${pattern} escape '\\'`,
        );
      }
    }
    return eb.and(conditions);
  });
}

/**
 * The matching applications' ids in the requested order (ties by id). `whole`: all of them are wanted (an
 * export), not a page: on SQLite the sort keys are then written `+column`, which keeps the planner from walking
 * the whole event in an index's order (and reading each row to test the filter) just to avoid sorting; it reads
 * the filter's index and sorts the matches instead (10,000 of 50,000: 110 ms before, 19 ms after, load 12).
 */
function orderedIds(
  executor: Db,
  scope: ApplicationScope,
  filter: ApplicationFilter,
  sort: ApplicationSort,
  whole = false,
) {
  const dialect = dialectOf(executor);
  const { field, direction } = parseSort(sort);
  const key = (column: 'a.created_at' | 'a.updated_at' | 'a.sort_firstname' | 'a.sort_lastname') =>
    whole && dialect === 'sqlite' ? sql`+${sql.ref(column)}` : sql.ref(column);
  let ordered = selectMatching(executor, scope, filter)
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('event_groups as g', 'g.id', 'a.group_id')
    .select('a.id');
  switch (field) {
    case 'createdAt':
      ordered = ordered.orderBy(key('a.created_at'), direction);
      break;
    case 'updatedAt':
      ordered = ordered.orderBy(key('a.updated_at'), direction);
      break;
    case 'status':
      ordered = ordered.orderBy(STATUS_RANK, direction);
      break;
    // The applicant's name as copied into the application (migration 0013): no join, and by last name the
    // index (event_id, sort_lastname, sort_firstname, id) gives the order.
    case 'firstname':
      ordered = ordered.orderBy(key('a.sort_firstname'), direction).orderBy(key('a.sort_lastname'), direction);
      break;
    case 'lastname':
      ordered = ordered.orderBy(key('a.sort_lastname'), direction).orderBy(key('a.sort_firstname'), direction);
      break;
    case 'email':
      ordered = ordered.orderBy('u.email', direction);
      break;
    case 'group':
      // Applications without a group come last in both directions and on both databases.
      ordered = ordered.orderBy(sql`case when g.name is null then 1 else 0 end`).orderBy('g.name', direction);
      break;
  }
  return ordered.orderBy('a.id', direction);
}

/** These applications with applicant and group, in the order of `ids`. */
export async function rowsInOrder(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await selectApplicationRows(db)
    // The ids come from a scoped query; an event_id term here would only tempt a planner without statistics
    // into scanning the event instead of looking up the listed rows.
    .where('a.id', 'in', [...ids])
    .execute();
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((left, right) => (position.get(left.id) ?? 0) - (position.get(right.id) ?? 0));
}

/**
 * One page of applications with applicant and group, in the requested order (ties by id). First the page's
 * ids, from the covering indexes (the joins are only read when the order needs them), then those rows.
 */
export async function listPage(
  db: Db,
  scope: ApplicationScope,
  filter: ApplicationFilter,
  options: { sort: ApplicationSort; page: number; pageSize: number },
) {
  const ids = (
    await orderedIds(db, scope, filter, options.sort)
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute()
  ).map((row) => row.id);
  return rowsInOrder(db, ids);
}

/** The ids of every matching application in the requested order, at most `limit` (the export's first step). */
export async function matchingIds(
  db: Db,
  scope: ApplicationScope,
  filter: ApplicationFilter,
  sort: ApplicationSort,
  limit: number,
) {
  return (await orderedIds(db, scope, filter, sort, true).limit(limit).execute()).map((row) => row.id);
}

/** Counts per (group, status) of the matching applications: the total and the whole summary in one query. */
export function countByGroupAndStatus(db: Db, scope: ApplicationScope, filter: ApplicationFilter) {
  return selectMatching(db, scope, filter)
    .select((eb) => ['a.group_id', 'a.status', eb.fn.countAll<number | string>().as('count')])
    .groupBy(['a.group_id', 'a.status'])
    .execute();
}

export function findById(db: Db, eventId: number, applicationId: number) {
  return selectApplicationRows(db)
    .select('x.answer_labels')
    .where('a.event_id', '=', eventId)
    .where('a.id', '=', applicationId)
    .executeTakeFirst();
}

/** The audit entries about one application, oldest first. */
export function history(db: Db, eventId: number, applicationId: number) {
  return db
    .selectFrom('audit_log as l')
    .leftJoin('users as u', 'u.id', 'l.actor_id')
    .select([
      'l.id',
      'l.action',
      'l.details',
      'l.created_at',
      'u.id as actor_id',
      'u.firstname as actor_firstname',
      'u.lastname as actor_lastname',
    ])
    .where('l.subject', '=', `application:${applicationId}`)
    .where('l.event_id', '=', eventId)
    .orderBy('l.created_at')
    .orderBy('l.id')
    .execute();
}

// --- bulk update: each takes the transaction to run in ---
//
// Statements by id only, on purpose: the ids were read in this transaction from the event's own rows (and
// are locked on PostgreSQL), and an event_id term would lead SQLite without statistics to scan the whole
// event once per chunk instead of looking up 500 rows.
/** The applications with these ids, of whichever event: the caller checks the event (locked on PostgreSQL). */
export async function targetsByIds(trx: Db, ids: readonly number[]): Promise<ApplicationTarget[]> {
  const dialect = dialectOf(trx);
  // PostgreSQL locks the rows a bulk update reads, so two organisers' updates cannot interleave.
  const { lockIfPostgres, idBatches, inIds } = dialectStatements(trx);
  const found: ApplicationTarget[] = [];
  for (const [index, chunk] of idBatches(ids).entries()) {
    // SQLite reads on the server's thread: 100 chunks of 50,000 ids take turns with other requests (decision 021).
    if (index > 0 && dialect === 'sqlite') await turnOfTheLoop();
    const rows = await lockIfPostgres(
      trx
        .selectFrom('applications')
        .select(['id', 'event_id', 'user_id', 'status', 'group_id'])
        .where(inIds('id', chunk)),
    ).execute();
    found.push(...rows);
  }
  return found;
}

/** Every application of the scope matching the filter (locked on PostgreSQL). */
export function targetsByFilter(
  trx: Db,
  scope: ApplicationScope,
  filter: ApplicationFilter,
): Promise<ApplicationTarget[]> {
  // PostgreSQL locks the rows a bulk update reads, so two organisers' updates cannot interleave.
  const { lockIfPostgres } = dialectStatements(trx);
  return lockIfPostgres(
    selectMatching(trx, scope, filter)
      .select(['a.id', 'a.event_id', 'a.user_id', 'a.status', 'a.group_id'])
      .orderBy('a.id'),
  ).execute();
}

export async function setStatusAndGroup(
  trx: Db,
  ids: readonly number[],
  values: { status?: ApplicationStatus; groupId?: number | null },
  now: string,
) {
  const { idBatches, inIds } = dialectStatements(trx);
  for (const chunk of idBatches(ids)) {
    await trx
      .updateTable('applications')
      .set({
        ...(values.status !== undefined ? { status: values.status } : {}),
        ...(values.groupId !== undefined ? { group_id: values.groupId } : {}),
        updated_at: now,
      })
      .where(inIds('id', chunk))
      .execute();
  }
}

/**
 * The audit entries of a bulk update, all by one actor in one event, about applications, made ready to write
 * (the CPU work done, so the caller can do it while another statement runs). PostgreSQL: one
 * `INSERT … SELECT … FROM json_to_recordset($1)`, in the given order, instead of VALUES lists of 500 rows × 6
 * parameters; SQLite: writeAudit as everywhere else. `partOf`: the bulk change's summary entry, if it has one.
 */
export function prepareBulkAudit(
  db: Db,
  eventId: number,
  actorId: number | null,
  entries: readonly BulkAuditEntry[],
  partOf: number | null = null,
): BulkAudit {
  const dialect = dialectOf(db);
  if (dialect !== 'postgres') {
    const list = entries.map((entry) => ({
      eventId,
      actorId,
      action: entry.action,
      subject: `application:${entry.applicationId}`,
      details: entry.details,
      partOf: partOf ?? undefined,
    }));
    return { write: (trx) => writeAudit(trx, list) };
  }
  if (entries.length === 0) return { write: async () => {} };
  // The entries as one JSON text parameter (PostgreSQL parses it far faster than node-pg escapes text[]
  // literals; what every entry shares is passed once); `details` is read as json, whose text is kept
  // verbatim: exactly JSON.stringify's output, as writeAudit stores it.
  const json = JSON.stringify(entries);
  return {
    async write(trx) {
      await sql`
            insert into audit_log (event_id, actor_id, action, subject, details, created_at, part_of)
            select ${eventId}::int, ${actorId}::int, e.action, 'application:' || e.application_id, e.details::text,
              ${nowIso()}::text, ${partOf}::int
            from rows from (
              json_to_recordset(${json}::json)
                as ("applicationId" int, action text, details json)
            ) with ordinality as e(application_id, action, details, position)
            order by e.position`.execute(trx);
    },
  };
}

// --- apply, answers, weeks and search text: the application's own computed columns ---
/** The event as the apply page and the apply call need it (any logged-in user may ask). */
export function findEventForApply(db: Db, eventId: number) {
  return db
    .selectFrom('events')
    .select([
      'id',
      'name',
      'description',
      'avatar',
      'status',
      'applications_open',
      'use_week_separation',
      'week_separation_config',
    ])
    .where('id', '=', eventId)
    .executeTakeFirst();
}

export function findApplicationOf(db: Db, eventId: number, userId: number) {
  return db
    .selectFrom('applications')
    .select(['id', 'status', 'group_id', 'created_at'])
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * The options the new applications' answers choose, for the statistics, in the transaction that inserts the
 * applications: a few hundred rows per statement, the loop turning between them on SQLite, where a form's
 * 20,000 choices in one statement held the server's thread for 150-300 ms (decision 021).
 */
export async function insertChoices(
  trx: Db,
  rows: readonly { applicationId: number; eventId: number; field: string; value: string; position: number }[],
): Promise<void> {
  const dialect = dialectOf(trx);
  for (const [index, chunk] of chunked(rows, CHOICE_ROWS).entries()) {
    if (index > 0 && dialect === 'sqlite') await turnOfTheLoop();
    await trx
      .insertInto('application_choices')
      .values(
        chunk.map((row) => ({
          application_id: row.applicationId,
          event_id: row.eventId,
          field: row.field,
          value: row.value,
          position: row.position,
        })),
      )
      .execute();
  }
}

/** One application of the event, never of another: the id alone is not enough. */
export function findAnswers(db: Db, eventId: number, applicationId: number) {
  return db
    .selectFrom('applications as a')
    .innerJoin('application_answers as x', 'x.application_id', 'a.id')
    .select(['a.id', 'a.user_id', 'a.group_id', 'x.answers', 'x.answer_labels'])
    .where('a.event_id', '=', eventId)
    .where('a.id', '=', applicationId)
    .executeTakeFirst();
}

export function listAnswersOfEvent(db: Db, eventId: number) {
  return db
    .selectFrom('applications as a')
    .innerJoin('application_answers as x', 'x.application_id', 'a.id')
    .select(['a.id', 'x.answers', 'a.week'])
    .where('a.event_id', '=', eventId)
    .execute();
}

/** One statement per chunk of ids: the week of many applications set at once. */
export async function setWeek(db: Db, eventId: number, ids: number[], week: string | null): Promise<void> {
  const { idBatches, inIds } = dialectStatements(db);
  for (const chunk of idBatches(ids)) {
    await db
      .updateTable('applications')
      .set({ week })
      .where('event_id', '=', eventId)
      .where(inIds('id', chunk))
      .execute();
  }
}

export function eventName(trx: Db, eventId: number) {
  return trx.selectFrom('events').select('name').where('id', '=', eventId).executeTakeFirst();
}

/** Who mail goes to (and the reviewer who sends it): address, name and the language they last used. */
export async function mailPeople(trx: Db, userIds: readonly number[]) {
  const found: { id: number; firstname: string; lastname: string; email: string; language: string | null }[] = [];
  for (const chunk of chunked([...new Set(userIds)])) {
    found.push(
      ...(await trx
        .selectFrom('users')
        .select(['id', 'firstname', 'lastname', 'email', 'language'])
        .where('id', 'in', chunk)
        .execute()),
    );
  }
  return found;
}

export async function findApplicants(db: Db, userIds: readonly number[]) {
  const found: { id: number; firstname: string; lastname: string; email: string }[] = [];
  for (const chunk of chunked([...new Set(userIds)])) {
    found.push(
      ...(await db
        .selectFrom('users')
        .select(['id', 'firstname', 'lastname', 'email'])
        .where('id', 'in', chunk)
        .execute()),
    );
  }
  return found;
}

/**
 * Many new (pending) applications with their answers: one multi-row insert into each table per 100 rows. Answers
 * the ids in the given order.
 */
export async function insertApplications(trx: Db, rows: readonly NewApplication[]): Promise<number[]> {
  const ids: number[] = [];
  for (const chunk of chunked(rows, 100)) {
    const inserted = await trx
      .insertInto('applications')
      .values(
        chunk.map((row) => ({
          event_id: row.eventId,
          user_id: row.userId,
          status: 'pending',
          group_id: null,
          week: row.week,
          ...sortNameOf(row.userId),
          created_at: row.createdAt,
          updated_at: row.createdAt,
        })),
      )
      .returning(['id', 'user_id'])
      .execute();
    const idOf = new Map(inserted.map((row) => [row.user_id, row.id]));
    const chunkIds = chunk.map((row) => idOf.get(row.userId) as number);
    await trx
      .insertInto('application_answers')
      .values(
        chunk.map((row, index) => ({
          application_id: chunkIds[index] as number,
          answers: row.answers,
          answer_labels: row.answerLabels,
          search_text: row.searchText,
        })),
      )
      .execute();
    ids.push(...chunkIds);
  }
  return ids;
}

/** The applications of one applicant with what their search text is made of. */
export function applicationsOfUser(db: Db, userId: number) {
  return db
    .selectFrom('applications as a')
    .innerJoin('application_answers as x', 'x.application_id', 'a.id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'x.answers', 'x.search_text', 'u.firstname', 'u.lastname', 'u.email'])
    .where('a.user_id', '=', userId)
    .execute();
}

/** The applicant's sort keys of all their applications, from their current name (after a rename). */
export function refreshSortName(db: Db, userId: number) {
  return db.updateTable('applications').set(sortNameOf(userId)).where('user_id', '=', userId).execute();
}

export function setGroup(db: Db, applicationId: number, groupId: number | null, now: string) {
  return db
    .updateTable('applications')
    .set({ group_id: groupId, updated_at: now })
    .where('id', '=', applicationId)
    .execute();
}

export function setSearchText(db: Db, applicationId: number, searchText: string) {
  return db
    .updateTable('application_answers')
    .set({ search_text: searchText })
    .where('application_id', '=', applicationId)
    .execute();
}
export type ApplicationPageRow = Awaited<ReturnType<typeof listPage>>[number];
