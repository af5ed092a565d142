import type { Kysely } from 'kysely';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * Shift scheduling (decision 010). `shifts` and `shift_assignments` exist since 0001; this adds:
 * - `shift_assignments.attendance`: null (not marked), `arrived` or `no_show`, set after the shift;
 * - `scheduling_settings`: one row per event with its rules (minimum rest, self sign-up groups, when sign-off
 *   closes); an event without a row has the defaults (no rest rule, no self sign-up, sign-off until the start);
 * - `calendar_tokens`: the per-user secret of the iCalendar feed URL (only its SHA-256 is stored), revocable;
 * - an index for the week view and the group filter, and one to find a person's shifts by time.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('shift_assignments').addColumn('attendance', 'text').execute();

  await db.schema
    .createTable('scheduling_settings')
    .addColumn('event_id', 'integer', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('min_rest_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('self_signup_group_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sign_off_closes_hours', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  const feeds = db.schema.createTable('calendar_tokens');
  await (dialect === 'postgres'
    ? feeds.addColumn('id', 'serial', (c) => c.primaryKey())
    : feeds.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createIndex('shifts_event_group_idx')
    .on('shifts')
    .columns(['event_id', 'group_id', 'starts_at'])
    .execute();
  await db.schema
    .createIndex('shift_assignments_shift_idx')
    .on('shift_assignments')
    .columns(['shift_id', 'event_user_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('shift_assignments_shift_idx').ifExists().execute();
  await db.schema.dropIndex('shifts_event_group_idx').ifExists().execute();
  await db.schema.dropTable('calendar_tokens').ifExists().execute();
  await db.schema.dropTable('scheduling_settings').ifExists().execute();
  await db.schema.alterTable('shift_assignments').dropColumn('attendance').execute();
}
