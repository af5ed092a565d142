/**
 * Rate-limit counters (table rate_limits), shared by every server on the database. Fixed windows: the
 * first hit opens a window of `windowMs`; hits after it has ended open a new one. One statement per hit (or per
 * request, for all the limits it meets), so parallel hits from several servers are all counted.
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
  const [counted] = await hitEach(db, [{ key, windowMs }], now);
  return counted as { count: number; windowEndsAt: number };
}

/**
 * Counts one hit on each key (distinct keys) in one statement, one round trip however many limits a request
 * meets; answers each key's count and window end, in the order given. The rows are written in the keys' order,
 * so two requests meeting the same limits lock them in the same order.
 */
export async function hitEach(
  db: Db,
  hits: readonly { key: string; windowMs: number }[],
  now: number,
): Promise<{ count: number; windowEndsAt: number }[]> {
  const nowText = new Date(now).toISOString();
  const ended = sql<boolean>`rate_limits.window_ends_at <= ${nowText}`;
  const rows = await db
    .insertInto('rate_limits')
    .values(
      [...hits]
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
        .map(({ key, windowMs }) => ({ key, count: 1, window_ends_at: new Date(now + windowMs).toISOString() })),
    )
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when ${ended} then 1 else rate_limits.count + 1 end`,
        window_ends_at: sql<string>`case when ${ended} then excluded.window_ends_at else rate_limits.window_ends_at end`,
      }),
    )
    .returning(['key', 'count', 'window_ends_at'])
    .execute();
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return hits.map(({ key }) => {
    const row = byKey.get(key);
    if (!row) throw new Error(`rate limits: no row for ${key}`);
    return { count: Number(row.count), windowEndsAt: Date.parse(row.window_ends_at) };
  });
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
