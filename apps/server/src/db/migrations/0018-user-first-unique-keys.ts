import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * One index fewer on `applications` and on `event_users`, PostgreSQL only. Both tables had a unique
 * key `(event_id, user_id)` and a separate index `(user_id)` for what goes by user (an account's applications and
 * memberships, the cascades when an account is removed). The unique key in the order `(user_id, event_id)` serves
 * both, so the separate index goes: a bulk update of 10,000 applications makes one index entry fewer per
 * application and per new membership. Lookups by event alone never used the unique key (the covering indexes of
 * 0004 and `event_users_event_group_idx` lead with event_id). The uniqueness is the same, so existing rows stay
 * valid; `on conflict (event_id, user_id)` finds the new index (column order does not matter to it).
 *
 * SQLite keeps its schema: a unique key declared with the table can only change by rebuilding the table, and
 * SQLite's bulk update is far inside its goal.
 */
const TABLES = [
  { table: 'applications', constraint: 'applications_event_user_unique', userIndex: 'applications_user_idx' },
  { table: 'event_users', constraint: 'event_users_event_user_unique', userIndex: 'event_users_user_idx' },
];

export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const { table, constraint, userIndex } of TABLES) {
    await sql`create unique index ${sql.id(`${table}_user_event_unique`)} on ${sql.id(table)} (user_id, event_id)`.execute(
      db,
    );
    await sql`alter table ${sql.id(table)} drop constraint ${sql.id(constraint)}`.execute(db);
    await sql`drop index ${sql.id(userIndex)}`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  // down() is not told the dialect: PostgreSQL's introspection names a schema, SQLite's does not.
  const tables = await db.introspection.getTables();
  if (tables.find((table) => table.name === 'applications')?.schema === undefined) return;
  for (const { table, constraint, userIndex } of TABLES) {
    await sql`create index ${sql.id(userIndex)} on ${sql.id(table)} (user_id)`.execute(db);
    await sql`alter table ${sql.id(table)} add constraint ${sql.id(constraint)} unique (event_id, user_id)`.execute(db);
    await sql`drop index ${sql.id(`${table}_user_event_unique`)}`.execute(db);
  }
}
