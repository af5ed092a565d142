import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/** `scheduling_settings.late_after_minutes`: minutes after a shift's start without arrival before the board says late. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('scheduling_settings')
    .addColumn('late_after_minutes', 'integer', (c) => c.notNull().defaultTo(sql`10`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('scheduling_settings').dropColumn('late_after_minutes').execute();
}
