import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * Shift scheduling, second part (decision 014):
 * - `events.time_zone`: the event's IANA time zone (null: the server's), written by the events module;
 * - `users.language`: the language the person last used (`en`, `sv`; null: English), set by the account module
 *   at login and registration, so mail sent later by a worker (reminders) is in their language;
 * - `scheduling_settings.reminder_hours`: how long before a shift its people get a reminder (0: none);
 * - `shift_assignments.reminded_at`: when the reminder for this assignment was queued (null: not yet), reset when
 *   the shift's time changes, so a restart never sends a reminder twice;
 * - an index on `shifts.starts_at` for the reminder worker's look-ahead across events.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('events').addColumn('time_zone', 'text').execute();
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
  await db.schema
    .alterTable('scheduling_settings')
    .addColumn('reminder_hours', 'integer', (c) => c.notNull().defaultTo(24))
    .execute();
  await db.schema.alterTable('shift_assignments').addColumn('reminded_at', 'text').execute();
  await db.schema.createIndex('shifts_starts_at_idx').on('shifts').column('starts_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('shifts_starts_at_idx').ifExists().execute();
  await db.schema.alterTable('shift_assignments').dropColumn('reminded_at').execute();
  await db.schema.alterTable('scheduling_settings').dropColumn('reminder_hours').execute();
  await db.schema.alterTable('users').dropColumn('language').execute();
  await db.schema.alterTable('events').dropColumn('time_zone').execute();
}
