import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * The review's page sorted by first name or by last change, on SQLite: without an index in that order every such
 * page sorted the whole event (50,000 applications: 60-150 ms of the server's one thread, since better-sqlite3
 * runs each statement on it; decision 021 allows 50). With these the page is read in index order and stops after
 * the page's rows, as the sort by last name does since 0013.
 *
 * PostgreSQL keeps its schema: its queries run beside the server's thread, its review pages are inside their goal,
 * and every index more is written by each row of a bulk update (decision 018).
 */
const INDEXES = [
  { name: 'applications_event_sort_firstname_idx', columns: ['event_id', 'sort_firstname', 'sort_lastname', 'id'] },
  { name: 'applications_event_updated_idx', columns: ['event_id', 'updated_at', 'id'] },
];

export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') return;
  for (const index of INDEXES) {
    await db.schema.createIndex(index.name).on('applications').columns(index.columns).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const index of INDEXES) await sql`drop index if exists ${sql.id(index.name)}`.execute(db);
}
