import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * Rate-limit counters in the database, so that several servers on one PostgreSQL share them (decision 012):
 * one row per limit and key (`loginFailuresPerAddress:ip:192.0.2.1`), counting in a fixed window.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(400)', (column) => column.primaryKey())
    .addColumn('count', 'integer', (column) => column.notNull())
    .addColumn('window_ends_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_window_ends_at').on('rate_limits').column('window_ends_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
