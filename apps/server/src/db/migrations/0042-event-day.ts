import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * The event day (decision 028), owned by the event-day module:
 * - `member_codes`: the version of a member's personal code; no row is version 1, revoking a code bumps it so the
 *   printed one stops working;
 * - `check_ins`: every arrival and departure, at the event (no shift) or for a shift. `client_id` is the scanner's
 *   own id for one scan, unique per event, so a scan replayed after a lost connection is stored once; `applied`
 *   is false when a later decision (by `at`) already stood; `previous_attendance` is what an applied shift arrival
 *   replaced, for undo.
 * The board reads the latest check-in per person and shift by `(shift_id, event_user_id, at)`; a person's own
 * history (the check-in screen, the event-level state) by `(event_id, event_user_id, shift_id, at)`.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('member_codes')
    .addColumn('event_user_id', 'integer', (c) => c.primaryKey().references('event_users.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();

  const checkIns = db.schema.createTable('check_ins');
  await (dialect === 'postgres'
    ? checkIns.addColumn('id', 'serial', (c) => c.primaryKey())
    : checkIns.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    // No foreign key to events: its check would wait on the event's lock (lib/transaction.ts lockEvent) while this
    // transaction holds the member's, the order a role change takes the other way round. The membership's key
    // below removes the rows with the event.
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('event_user_id', 'integer', (c) => c.notNull().references('event_users.id').onDelete('cascade'))
    .addColumn('shift_id', 'integer', (c) => c.references('shifts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    // No foreign key: a check-in outlives the account of whoever recorded it (as the audit log does).
    .addColumn('recorded_by', 'integer')
    .addColumn('client_id', 'text')
    .addColumn('applied', 'integer', (c) => c.notNull().defaultTo(sql`1`))
    .addColumn('undone_at', 'text')
    .addColumn('previous_attendance', 'text')
    .execute();
  // NULLs are distinct in a unique index on both databases: scans without a client id never collide.
  await db.schema
    .createIndex('check_ins_client_idx')
    .on('check_ins')
    .columns(['event_id', 'client_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('check_ins_shift_idx')
    .on('check_ins')
    .columns(['shift_id', 'event_user_id', 'at'])
    .execute();
  await db.schema
    .createIndex('check_ins_member_idx')
    .on('check_ins')
    .columns(['event_id', 'event_user_id', 'shift_id', 'at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('check_ins').ifExists().execute();
  await db.schema.dropTable('member_codes').ifExists().execute();
}
