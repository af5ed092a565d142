/**
 * Rate-limit counters (table rate_limits), shared by every server on the database. Fixed windows: the
 * first hit opens a window of `windowMs`; hits after it has ended open a new one. One statement per hit, so
 * parallel hits from several servers are all counted.
 */

import { sql } from 'kysely';
import type { Db } from '../../db/types.js';

/** Counts one hit; returns the count in the window (this hit included) and when the window ends. */
export async function hit(
  db: Db,
  key: string,
  windowMs: number,
  now: number,
): Promise<{ count: number; windowEndsAt: number }> {
  const nowText = new Date(now).toISOString();
  const endsText = new Date(now + windowMs).toISOString();
  const ended = sql<boolean>`rate_limits.window_ends_at <= ${nowText}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, window_ends_at: endsText })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when ${ended} then 1 else rate_limits.count + 1 end`,
        window_ends_at: sql<string>`case when ${ended} then excluded.window_ends_at else rate_limits.window_ends_at end`,
      }),
    )
    .returning(['count', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowEndsAt: Date.parse(row.window_ends_at) };
}

/** Takes one hit back (an attempt counted up front turned out fine). */
export async function forgive(db: Db, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}

/** Moves the end of a key's window (a growing delay remembers failures from the last one on). */
export async function extend(db: Db, key: string, endsAt: number): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ window_ends_at: new Date(endsAt).toISOString() })
    .where('key', '=', key)
    .execute();
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Whether the key has a window that has not ended (a mark kept for a while, such as a known address). */
export async function isActive(db: Db, key: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('rate_limits')
    .select('key')
    .where('key', '=', key)
    .where('window_ends_at', '>', new Date(now).toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets windows that have ended (they count as empty anyway). */
export async function sweep(db: Db, now: number): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_ends_at', '<', new Date(now).toISOString()).execute();
}
