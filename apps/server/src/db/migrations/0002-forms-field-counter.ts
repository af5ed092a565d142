import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * The highest `form-field-custom-<n>` a form has ever used, so a new field never takes the name of a removed
 * one (whose answers would then show under the new label). Forms saved before count from their current names.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('event_forms')
    .addColumn('last_field_number', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('event_forms').dropColumn('last_field_number').execute();
}
