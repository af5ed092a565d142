import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * `shift_waitlist`, owned by the scheduling module: who waits for a place on a full shift, in the order they came
 * (`id`). A person waits once per shift; the row goes with the shift or the membership.
 * `shift_assignments.from_waitlist`: 1 for a place given from the line, which its holder may give back until the
 * shift starts even when sign-off has closed (they did not choose the moment it came).
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  const table = db.schema.createTable('shift_waitlist');
  await (dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('shift_id', 'integer', (c) => c.notNull().references('shifts.id').onDelete('cascade'))
    .addColumn('event_user_id', 'integer', (c) => c.notNull().references('event_users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('shift_waitlist_person_uq', ['shift_id', 'event_user_id'])
    .execute();
  await db.schema.createIndex('shift_waitlist_shift_idx').on('shift_waitlist').columns(['shift_id', 'id']).execute();
  await db.schema.createIndex('shift_waitlist_member_idx').on('shift_waitlist').column('event_user_id').execute();
  await db.schema
    .alterTable('shift_assignments')
    .addColumn('from_waitlist', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('shift_assignments').dropColumn('from_waitlist').execute();
  await db.schema.dropTable('shift_waitlist').ifExists().execute();
}
