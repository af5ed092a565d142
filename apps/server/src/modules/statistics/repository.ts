/**
 * The statistics' SQL. Read only: the tables belong to the events, forms and applications modules; every count is
 * a GROUP BY in the database, so no application row is loaded into JavaScript. Answers are JSON text: SQLite reads
 * them with json_each, PostgreSQL with its jsonb functions.
 */

import type { StatisticsFilter } from '@funkis/shared';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Database, Db } from '../../db/types.js';
import { applicationFilterConditions } from '../../lib/application-filter.js';
import { turnOfTheLoop } from '../../lib/event-loop.js';

/** The first instant after the day `to` (YYYY-MM-DD), as stored timestamps are written (ISO-8601 UTC). */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/** Which of the filters a query applies: the acceptance progress ignores the status filter. */
interface FilterUse {
  status: boolean;
}

/** Fields counted per SQLite statement: three of the biggest form (100 options each) over the walk's applications stay well under 50 ms (five measured 43 ms). */
const FIELDS_PER_COUNT = 3;

export interface OptionCountRow {
  field: string;
  value: string;
  /** Rows of the group. */
  count: number | string;
  /** Rows that were an application's first (or only) value for the field: their sum is the field's answer count. */
  firsts: number | string;
}

const matching = (
  eb: ExpressionBuilder<Database & { a: Database['applications'] }, 'a'>,
  eventId: number,
  filter: StatisticsFilter,
  use: FilterUse = { status: true },
) => {
  const conditions: Expression<SqlBool>[] = [
    eb('a.event_id', '=', eventId),
    ...applicationFilterConditions(eb, { ...filter, status: use.status ? filter.status : undefined }),
  ];
  if (filter.from) conditions.push(eb('a.created_at', '>=', `${filter.from}T00:00:00.000Z`));
  if (filter.to) conditions.push(eb('a.created_at', '<', dayAfter(filter.to)));
  return eb.and(conditions);
};

/** The event's week-separation setting and form fields (JSON text). */
export function findEventWithForm(db: Db, eventId: number) {
  return db
    .selectFrom('events as e')
    .leftJoin('event_forms as f', 'f.event_id', 'e.id')
    .select(['e.use_week_separation', 'e.week_separation_config', 'f.fields'])
    .where('e.id', '=', eventId)
    .executeTakeFirst();
}

export function listGroups(db: Db, eventId: number) {
  return db
    .selectFrom('event_groups')
    .select(['id', 'name', 'wanted'])
    .where('event_id', '=', eventId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

/**
 * Counts per (group, status, week) under every filter but the status one, read from a covering index: the
 * status, group, week and progress figures all come from these few rows (the status filter applied to them).
 */
export function countByGroupStatusWeek(db: Db, eventId: number, filter: StatisticsFilter) {
  return db
    .selectFrom('applications as a')
    .select((eb) => ['a.group_id', 'a.status', 'a.week', eb.fn.countAll<number | string>().as('count')])
    .where((eb) => matching(eb, eventId, filter, { status: false }))
    .groupBy(['a.group_id', 'a.status', 'a.week'])
    .execute();
}

/**
 * Applications per UTC day of creation (created_at is ISO-8601 text: its first ten characters are the day). Keep the
 * expression written exactly so: PostgreSQL's statistics on it (migration 0050) tell its planner how few days there
 * are, so it counts in a hash table instead of sorting every application (docs/decisions/037).
 */
export function countByDay(db: Db, eventId: number, filter: StatisticsFilter) {
  return db
    .selectFrom('applications as a')
    .select((eb) => [sql<string>`substr(a.created_at, 1, 10)`.as('day'), eb.fn.countAll<number | string>().as('count')])
    .where((eb) => matching(eb, eventId, filter))
    .groupBy(sql`substr(a.created_at, 1, 10)`)
    .orderBy(sql`substr(a.created_at, 1, 10)`)
    .execute();
}

export function countMembers(db: Db, eventId: number) {
  return db
    .selectFrom('event_users')
    .select((eb) => ['role_level', 'group_id', eb.fn.countAll<number | string>().as('count')])
    .where('event_id', '=', eventId)
    .groupBy(['role_level', 'group_id'])
    .execute();
}

/**
 * Counts per (field, chosen value) of the given fields over the matching applications, from the choices table
 * the triggers of migration 0009 keep: an array answer (checkboxes) counts once per value it holds, a
 * checkbox as 'true' or 'false'. Without a filter the counts come from the table's index alone.
 */
export async function countOptions(db: Db, eventId: number, filter: StatisticsFilter, fieldNames: readonly string[]) {
  const dialect = dialectOf(db);
  if (dialect === 'postgres') return countOptionsOf(db, eventId, filter, fieldNames);
  // SQLite counts on the server's own thread: a slice of fields per statement, the event loop turning in
  // between, so the biggest form's counts never hold every other request (docs/decisions/021).
  const rows: OptionCountRow[] = [];
  for (let start = 0; start < fieldNames.length; start += FIELDS_PER_COUNT) {
    if (start > 0) await turnOfTheLoop();
    rows.push(...(await countOptionsOf(db, eventId, filter, fieldNames.slice(start, start + FIELDS_PER_COUNT))));
  }
  return rows;
}

async function countOptionsOf(db: Db, eventId: number, filter: StatisticsFilter, fieldNames: readonly string[]) {
  const dialect = dialectOf(db);
  if (fieldNames.length === 0) return [];
  const isFiltered =
    (filter.status?.length ?? 0) + (filter.groupId?.length ?? 0) + (filter.week?.length ?? 0) > 0 ||
    Boolean(filter.from) ||
    Boolean(filter.to);
  let query = db
    .selectFrom('application_choices as c')
    .select((eb) => [
      'c.field',
      'c.value',
      eb.fn.countAll<number | string>().as('count'),
      sql<number | string>`sum(case when ${eb.ref('c.position')} = 0 then 1 else 0 end)`.as('firsts'),
    ])
    // SQLite, filtered: `+event_id` keeps its planner (no ANALYZE) off the event index, so it looks up the
    // matching applications' choices by application id instead of walking every choice of the event.
    .where(
      isFiltered && dialect === 'sqlite' ? sql<number>`+${sql.ref('c.event_id')}` : sql.ref('c.event_id'),
      '=',
      eventId,
    )
    .where('c.field', 'in', [...fieldNames])
    .groupBy(['c.field', 'c.value']);
  if (isFiltered) {
    // The matching ids from the applications' covering indexes, as a set the choices are checked against: a
    // join lets SQLite (no ANALYZE) walk the choices and look up every application, ten times slower.
    query = query.where(
      'c.application_id',
      'in',
      db
        .selectFrom('applications as a')
        .select('a.id')
        .where((eb) => matching(eb, eventId, filter)),
    );
  }
  return (await query.execute()) as OptionCountRow[];
}
