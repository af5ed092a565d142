/** The reads of `shifts` and `shift_assignments` a wish round's allocation needs, each a few statements at most. */

import { sql } from 'kysely';
import type { Db } from '../../db/types.js';
import { dialectStatements } from '../../lib/transaction.js';

/** Places taken on each of these shifts (shifts without any are missing). */
export async function takenOf(db: Db, shiftIds: readonly number[]): Promise<Map<number, number>> {
  const { inIds, idBatches } = dialectStatements(db);
  const taken = new Map<number, number>();
  for (const ids of idBatches(shiftIds)) {
    const rows = await db
      .selectFrom('shift_assignments')
      .select(['shift_id', sql<number>`count(*)`.as('n')])
      .where(inIds('shift_id', ids))
      .groupBy('shift_id')
      .execute();
    for (const row of rows) taken.set(row.shift_id, Number(row.n));
  }
  return taken;
}

/** Who holds each of these shifts. */
export async function holdersOf(
  db: Db,
  shiftIds: readonly number[],
): Promise<{ shift_id: number; event_user_id: number }[]> {
  const { inIds, idBatches } = dialectStatements(db);
  const rows: { shift_id: number; event_user_id: number }[] = [];
  for (const ids of idBatches(shiftIds)) {
    rows.push(
      ...(await db
        .selectFrom('shift_assignments')
        .select(['shift_id', 'event_user_id'])
        .where(inIds('shift_id', ids))
        .execute()),
    );
  }
  return rows;
}

/**
 * The memberships of the event whose account has held a shift that has ended, in this event or any other (one
 * statement over the event's members: an account's memberships share `user_id`).
 */
export async function experiencedMembers(db: Db, eventId: number, now: string): Promise<Set<number>> {
  const rows = await db
    .selectFrom('event_users as eu')
    .innerJoin('event_users as any_eu', 'any_eu.user_id', 'eu.user_id')
    .innerJoin('shift_assignments as a', 'a.event_user_id', 'any_eu.id')
    .innerJoin('shifts as s', 's.id', 'a.shift_id')
    .select('eu.id')
    .distinct()
    .where('eu.event_id', '=', eventId)
    .where('s.ends_at', '<=', now)
    .execute();
  return new Set(rows.map((row) => row.id));
}
