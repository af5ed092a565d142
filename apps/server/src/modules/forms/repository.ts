/** Every SQL statement of the forms module: the one writer of `event_forms`. */

import type { Db } from '../../db/types.js';

export function findEvent(db: Db, eventId: number) {
  return db
    .selectFrom('events')
    .select(['id', 'use_week_separation', 'week_separation_config'])
    .where('id', '=', eventId)
    .executeTakeFirst();
}

export function findForm(db: Db, eventId: number) {
  return db
    .selectFrom('event_forms')
    .select(['fields', 'updated_at', 'last_field_number'])
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

/**
 * Replaces the fields if the saved form is still the one read (`previousUpdatedAt`); false when someone
 * saved in between. A form row is created for an event that has none.
 */
export async function saveForm(
  db: Db,
  eventId: number,
  values: { fields: string; lastFieldNumber: number; updatedAt: string },
  previousUpdatedAt: string | null,
): Promise<boolean> {
  if (previousUpdatedAt === null) {
    const inserted = await db
      .insertInto('event_forms')
      .values({
        event_id: eventId,
        fields: values.fields,
        last_field_number: values.lastFieldNumber,
        updated_at: values.updatedAt,
      })
      .onConflict((conflict) => conflict.column('event_id').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await db
    .updateTable('event_forms')
    .set({ fields: values.fields, last_field_number: values.lastFieldNumber, updated_at: values.updatedAt })
    .where('event_id', '=', eventId)
    .where('updated_at', '=', previousUpdatedAt)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** A new event's empty form. */
export function insertEmptyForm(db: Db, eventId: number, now: string) {
  return db.insertInto('event_forms').values({ event_id: eventId, fields: '[]', updated_at: now }).execute();
}
