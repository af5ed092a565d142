import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * Shift scheduling's planning views (decision 015):
 * - `shifts (event_id, location, starts_at)`: the timeline filtered by location is an index range scan;
 * - `shift_assignments (shift_id, attendance)`: the "not full" count and the hours' arrived count per shift read
 *   the index only.
 * The "no shift" list uses `shift_assignments_member_idx (event_user_id)` from 0001.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('shifts_event_location_idx')
    .on('shifts')
    .columns(['event_id', 'location', 'starts_at'])
    .execute();
  await db.schema
    .createIndex('shift_assignments_attendance_idx')
    .on('shift_assignments')
    .columns(['shift_id', 'attendance'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('shift_assignments_attendance_idx').ifExists().execute();
  await db.schema.dropIndex('shifts_event_location_idx').ifExists().execute();
}
