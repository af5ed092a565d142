import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * `shift_offers`, owned by the scheduling module (decision 033): a place on a shift its holder offers to the rest
 * of the group until `until`. `status`: open, pending (`taken_by` asked; a leader approves), taken, withdrawn;
 * an open offer past `until` is answered as expired. One open or pending offer per place (a partial unique
 * index). The rows go with the shift or the membership that offered.
 * `scheduling_settings.handover_approval`: 1 when taking an offered place needs a leader's approval.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  const table = db.schema.createTable('shift_offers');
  await (dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('shift_id', 'integer', (c) => c.notNull().references('shifts.id').onDelete('cascade'))
    .addColumn('offered_by', 'integer', (c) => c.notNull().references('event_users.id').onDelete('cascade'))
    .addColumn('taken_by', 'integer', (c) => c.references('event_users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('until', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index shift_offers_open_uq on shift_offers (shift_id, offered_by) where status in ('open', 'pending')`.execute(
    db,
  );
  await db.schema.createIndex('shift_offers_event_idx').on('shift_offers').columns(['event_id', 'status']).execute();
  await db.schema.createIndex('shift_offers_shift_idx').on('shift_offers').column('shift_id').execute();
  await db.schema.createIndex('shift_offers_offered_by_idx').on('shift_offers').column('offered_by').execute();
  await db.schema.createIndex('shift_offers_taken_by_idx').on('shift_offers').column('taken_by').execute();
  await db.schema
    .alterTable('scheduling_settings')
    .addColumn('handover_approval', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('scheduling_settings').dropColumn('handover_approval').execute();
  await db.schema.dropTable('shift_offers').ifExists().execute();
}
