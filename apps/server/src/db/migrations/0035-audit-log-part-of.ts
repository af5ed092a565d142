import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * One audit entry per bulk change (docs/decisions/025): a change of many rows writes one summary entry, and each
 * row's own entry (kept for the record and for the application's history) names it in `part_of`. The log the
 * control panel lists is the entries with no `part_of`. No foreign key, as the rest of the log (migration 0017).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('part_of', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('part_of').execute();
}
