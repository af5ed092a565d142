import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * Applications review at festival scale.
 *
 * 1. The filter indexes of 0001 become covering: every filter column, the sort key created_at and user_id, so
 *    counting for the summary and finding one page's ids never read the wide rows (answers, labels, search
 *    text). Without this a count over 50,000 applications reads each row once.
 * 2. A trigram index for the substring search, in a side table `applications_search` kept in step by triggers
 *    when search_text is written: FTS5 with the trigram tokenizer on SQLite, a narrow table with pg_trgm's GIN
 *    index on PostgreSQL. Being apart, the trigram index is not rewritten when a bulk update changes the status
 *    of thousands of rows. pg_trgm is created in the public schema when it is missing and the role may; where
 *    it cannot be, search still works by scanning the narrow table.
 */
const COVERING = [
  {
    name: 'applications_event_status_cover_idx',
    columns: ['event_id', 'status', 'created_at', 'group_id', 'week', 'user_id'],
  },
  {
    name: 'applications_event_group_cover_idx',
    columns: ['event_id', 'group_id', 'status', 'created_at', 'week', 'user_id'],
  },
  {
    name: 'applications_event_week_cover_idx',
    columns: ['event_id', 'week', 'status', 'group_id', 'created_at', 'user_id'],
  },
];
const REPLACED = [
  { name: 'applications_event_status_idx', columns: ['event_id', 'status', 'created_at'] },
  { name: 'applications_event_group_idx', columns: ['event_id', 'group_id', 'status'] },
  { name: 'applications_event_week_idx', columns: ['event_id', 'week', 'status'] },
];

/** The SQLite triggers that keep the FTS index in step with the text (0051 moves them to `application_answers`). */
export const SQLITE_SEARCH_TRIGGERS = [
  'applications_search_insert',
  'applications_search_delete',
  'applications_search_update',
];

/**
 * SQLite's trigram index over the `search_text` of `table`, whose integer primary key `key` is the FTS rowid, with
 * the triggers that keep it in step. External content: the FTS table holds only the index; the text stays in `table`.
 */
export async function createSqliteSearch(db: AnyDb, table = 'applications', key = 'id'): Promise<void> {
  const t = sql.id(table);
  const k = sql.id(key);
  await sql`create virtual table applications_search using fts5(search_text, content=${sql.lit(table)}, content_rowid=${sql.lit(key)}, tokenize='trigram', detail='none')`.execute(
    db,
  );
  await sql`create trigger applications_search_insert after insert on ${t} begin
    insert into applications_search(rowid, search_text) values (new.${k}, new.search_text);
  end`.execute(db);
  await sql`create trigger applications_search_delete after delete on ${t} begin
    insert into applications_search(applications_search, rowid, search_text) values ('delete', old.${k}, old.search_text);
  end`.execute(db);
  await sql`create trigger applications_search_update after update of search_text on ${t} begin
    insert into applications_search(applications_search, rowid, search_text) values ('delete', old.${k}, old.search_text);
    insert into applications_search(rowid, search_text) values (new.${k}, new.search_text);
  end`.execute(db);
  await sql`insert into applications_search(applications_search) values ('rebuild')`.execute(db);
}

/**
 * PostgreSQL's trigger that writes the `search_text` of `table` (its row's application id in `key`) into
 * `applications_search` whenever it is inserted or changed.
 */
export async function createPostgresSearchSync(db: AnyDb, table = 'applications', key = 'id'): Promise<void> {
  await sql
    .raw(`create or replace function applications_search_sync() returns trigger language plpgsql as $$
    begin
      insert into applications_search (application_id, search_text) values (new.${key}, new.search_text)
        on conflict (application_id) do update set search_text = excluded.search_text;
      return null;
    end
  $$`)
    .execute(db);
  await sql`create trigger applications_search_sync after insert or update of search_text on ${sql.id(table)}
    for each row execute function applications_search_sync()`.execute(db);
}

/** The schema pg_trgm lives in, installing it in public when it is missing; null when that is not allowed. */
async function ensurePgTrgm(db: AnyDb): Promise<string | null> {
  const find = async () =>
    (
      await sql<{
        schema: string;
      }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(
        db,
      )
    ).rows[0]?.schema ?? null;
  const existing = await find();
  if (existing) return existing;
  // Migrations run in one transaction on PostgreSQL: a refusal must not abort it, hence the savepoint.
  await sql`savepoint funkis_pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint funkis_pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint funkis_pg_trgm`.execute(db);
    return null;
  }
  return find();
}

async function createPostgresSearch(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('applications_search')
    .addColumn('application_id', 'integer', (c) => c.primaryKey().references('applications.id').onDelete('cascade'))
    .addColumn('search_text', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into applications_search (application_id, search_text) select id, search_text from applications`.execute(
    db,
  );
  await createPostgresSearchSync(db);
  const trgmSchema = await ensurePgTrgm(db);
  if (trgmSchema) {
    await sql`create index applications_search_trgm_idx on applications_search using gin (search_text ${sql.id(trgmSchema)}.gin_trgm_ops)`.execute(
      db,
    );
  }
}

export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  for (const index of COVERING) {
    await db.schema.createIndex(index.name).on('applications').columns(index.columns).execute();
  }
  for (const index of REPLACED) await db.schema.dropIndex(index.name).ifExists().execute();

  if (dialect === 'sqlite') {
    await createSqliteSearch(db);
    return;
  }
  await createPostgresSearch(db);
}

export async function down(db: AnyDb): Promise<void> {
  // down() is not told the dialect: PostgreSQL's introspection names a schema, SQLite's does not.
  const tables = await db.introspection.getTables();
  const search = tables.find((table) => table.name === 'applications_search');
  if (search && search.schema === undefined) {
    for (const trigger of SQLITE_SEARCH_TRIGGERS) await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  } else if (search) {
    await sql`drop function if exists applications_search_sync() cascade`.execute(db);
  }
  await sql`drop table if exists applications_search`.execute(db);
  for (const index of REPLACED) {
    await db.schema.createIndex(index.name).ifNotExists().on('applications').columns(index.columns).execute();
  }
  for (const index of COVERING) await db.schema.dropIndex(index.name).ifExists().execute();
}
