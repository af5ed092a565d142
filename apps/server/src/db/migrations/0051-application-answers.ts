import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../types.js';
import { createPostgresSearchSync, createSqliteSearch, SQLITE_SEARCH_TRIGGERS } from './0004-applications-search.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * An application's answers, their labels and its search text move out of `applications` into
 * `application_answers` (one row per application), so that the review's table holds only what the review filters,
 * sorts and changes (decision 038).
 *
 * The wide columns were most of each row: every count of the review read them along with the status, and every
 * status change copied them. Without them a row is about as small as an index entry. On PostgreSQL that allows the
 * status out of every index and room on each page (`fillfactor` 45): a bulk accept's status change is then a
 * heap-only update that writes no index entry (`psql`, 10,000 rows: 22-26 ms against 191-308 ms), and the review's
 * counts read the narrow rows about as fast as they read the covering indexes. The status-led covering index goes;
 * the group and week covers keep their other columns. SQLite keeps its indexes: its bulk update is inside the goal.
 *
 * The search follows the text: SQLite's FTS5 index (0004) takes its content from the new table, PostgreSQL's
 * trigger fills `applications_search` from it.
 */
const PG_COVERS = {
  /** Led by the status: dropped, with the columns down rebuilds it from. */
  dropped: {
    name: 'applications_event_status_cover_idx',
    columns: ['event_id', 'status', 'created_at', 'group_id', 'week', 'user_id'],
  },
  /** Rebuilt without the status; `before`: their columns until 0051. */
  rebuilt: [
    {
      name: 'applications_event_group_cover_idx',
      columns: ['event_id', 'group_id', 'created_at', 'week', 'user_id'],
      before: ['event_id', 'group_id', 'status', 'created_at', 'week', 'user_id'],
    },
    {
      name: 'applications_event_week_cover_idx',
      columns: ['event_id', 'week', 'group_id', 'created_at', 'user_id'],
      before: ['event_id', 'week', 'status', 'group_id', 'created_at', 'user_id'],
    },
  ],
};

/** The columns that move, with the default each gets when down adds it back to rows that exist. */
const MOVED = [
  { column: 'answers', fallback: '{}' },
  { column: 'answer_labels', fallback: '{}' },
  { column: 'search_text', fallback: '' },
];

async function dropSqliteSearch(db: AnyDb): Promise<void> {
  for (const trigger of SQLITE_SEARCH_TRIGGERS) await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  await sql`drop table if exists applications_search`.execute(db);
}

/** PostgreSQL's search trigger moved to `table`: off whichever table had it, onto this one. */
async function movePostgresSearchSync(db: AnyDb, table: string, key: string): Promise<void> {
  await sql`drop trigger if exists applications_search_sync on applications`.execute(db);
  await sql`drop trigger if exists applications_search_sync on application_answers`.execute(db);
  await createPostgresSearchSync(db, table, key);
}

export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('application_answers')
    .addColumn('application_id', 'integer', (c) => c.primaryKey().references('applications.id').onDelete('cascade'))
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('answer_labels', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`insert into application_answers (application_id, answers, answer_labels, search_text)
    select id, answers, answer_labels, search_text from applications`.execute(db);

  if (dialect === 'sqlite') {
    await dropSqliteSearch(db);
    await createSqliteSearch(db, 'application_answers', 'application_id');
  } else {
    await movePostgresSearchSync(db, 'application_answers', 'application_id');
  }
  for (const { column } of MOVED) await db.schema.alterTable('applications').dropColumn(column).execute();
  if (dialect !== 'postgres') return;

  await sql`drop index if exists ${sql.id(PG_COVERS.dropped.name)}`.execute(db);
  for (const index of PG_COVERS.rebuilt) {
    await sql`drop index if exists ${sql.id(index.name)}`.execute(db);
    await db.schema.createIndex(index.name).on('applications').columns(index.columns).execute();
  }
  await sql`alter table applications set (fillfactor = 45)`.execute(db);
  // Rewrites the table (allowed in the migration's transaction, unlike VACUUM FULL): the rows already stored lose
  // the dropped columns' values and get the pages' new room.
  await sql`cluster applications using applications_pkey`.execute(db);
  await sql`alter table applications set without cluster`.execute(db);
  await sql`analyze applications`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  // down() is not told the dialect: PostgreSQL's introspection names a schema, SQLite's does not.
  const tables = await db.introspection.getTables();
  const postgres = tables.find((table) => table.name === 'applications')?.schema !== undefined;
  for (const { column, fallback } of MOVED) {
    await db.schema
      .alterTable('applications')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(fallback))
      .execute();
  }
  await sql`update applications set
    answers = (select x.answers from application_answers x where x.application_id = applications.id),
    answer_labels = (select x.answer_labels from application_answers x where x.application_id = applications.id),
    search_text = (select x.search_text from application_answers x where x.application_id = applications.id)
    where exists (select 1 from application_answers x where x.application_id = applications.id)`.execute(db);
  if (postgres) {
    await movePostgresSearchSync(db, 'applications', 'id');
    await sql`alter table applications reset (fillfactor)`.execute(db);
    for (const index of PG_COVERS.rebuilt) {
      await sql`drop index if exists ${sql.id(index.name)}`.execute(db);
      await db.schema.createIndex(index.name).on('applications').columns(index.before).execute();
    }
    await db.schema.createIndex(PG_COVERS.dropped.name).on('applications').columns(PG_COVERS.dropped.columns).execute();
  } else {
    await dropSqliteSearch(db);
  }
  await sql`drop table application_answers`.execute(db);
  if (!postgres) await createSqliteSearch(db, 'applications', 'id');
}
