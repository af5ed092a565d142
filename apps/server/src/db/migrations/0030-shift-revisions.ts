import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * A shift's revision for calendars (RFC 5545 3.8.7.3, 3.8.7.4; decision 023): `sequence` counts its changes and
 * `updated_at` says when the last one was (null: never changed, `created_at` stands), written by the scheduling
 * module on every change, so a calendar app that fetched the shift before replaces it with the new version.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('shifts')
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
  await db.schema.alterTable('shifts').addColumn('updated_at', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('shifts').dropColumn('updated_at').execute();
  await db.schema.alterTable('shifts').dropColumn('sequence').execute();
}
