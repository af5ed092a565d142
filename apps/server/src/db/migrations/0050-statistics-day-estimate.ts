import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * PostgreSQL only: statistics on the day an application came in, `substr(created_at, 1, 10)`, the key the
 * statistics' count by day groups on (docs/decisions/037). Without them PostgreSQL guesses that an event's 50,000
 * applications fall on as many days, so it sorts all 50,000 day strings to count them; knowing they fall on a few
 * dozen days it counts them in a hash table and sorts the few dozen: 61-70 ms became 20-39 ms in `psql` at 50,000.
 * ANALYZE (here, and autovacuum's afterwards) keeps the figures. Expression statistics need PostgreSQL 14; on an
 * older one the migration leaves the guess.
 *
 * SQLite has no statistics of this kind; its count by day is inside the statistics' goal (bench/README.md).
 */
const NAME = 'applications_created_day_stats';

export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  const { rows } = await sql<{ version: string }>`select current_setting('server_version_num') as version`.execute(db);
  if (Number(rows[0]?.version) < 140000) return;
  await sql`create statistics ${sql.id(NAME)} on (substr(created_at, 1, 10)) from applications`.execute(db);
  await sql`analyze applications`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  // down() is not told the dialect: PostgreSQL's introspection names a schema, SQLite's does not.
  const tables = await db.introspection.getTables();
  if (tables.find((table) => table.name === 'applications')?.schema === undefined) return;
  await sql`drop statistics if exists ${sql.id(NAME)}`.execute(db);
}
