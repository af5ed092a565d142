import type { Kysely } from 'kysely';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * Groups get an optional wanted size (issue 15): how many people the organiser wants in the group, so the
 * statistics can show acceptance progress against it. Null: not set.
 */
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('event_groups').addColumn('wanted', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('event_groups').dropColumn('wanted').execute();
}
