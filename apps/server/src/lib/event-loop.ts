import { dialectOf } from '../db/dialect.js';
import type { Db } from '../db/types.js';

/**
 * Big work in slices: with better-sqlite3 every query, and all our own JavaScript, runs on the server's one
 * thread, so a request that handles thousands of rows lets the loop turn between slices and other requests are
 * answered meanwhile (decision 021: no request holds the loop for more than 50 ms).
 */

const waiting: (() => void)[] = [];
let pumping = false;

/** Lets one waiting slice go on per turn of the loop; an immediate queued here runs in the next turn. */
function pump(): void {
  waiting.shift()?.();
  if (waiting.length > 0) setImmediate(pump);
  else pumping = false;
}

/**
 * Resolves after the event loop has turned (I/O callbacks and timers of other requests run first), one waiter per
 * turn: with `setImmediate` alone, every request waiting for a turn went on in the same turn, so five exports
 * each running a 10 ms slice held the loop for 50 ms at a time.
 */
export const turnOfTheLoop = (): Promise<void> =>
  new Promise((resolve) => {
    waiting.push(resolve);
    if (!pumping) {
      pumping = true;
      setImmediate(pump);
    }
  });

/** How many rows one slice handles: a few milliseconds of work for the widest export row. */
export const SLICE_ROWS = 500;

/** `items.map(fn)` in slices of `size`, the loop turning between slices. */
export async function mapInSlices<T, R>(items: readonly T[], fn: (item: T) => R, size = SLICE_ROWS): Promise<R[]> {
  const result: R[] = new Array(items.length);
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await turnOfTheLoop();
    const end = Math.min(items.length, start + size);
    for (let index = start; index < end; index += 1) result[index] = fn(items[index] as T);
  }
  return result;
}

type Results<T extends readonly (() => Promise<unknown>)[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Independent reads of one answer: on PostgreSQL all at once, their round trips overlapping; on SQLite, where
 * each runs on the server's own thread, one after another with a turn of the loop before each (all at once they
 * held the loop for their sum: the statistics' five counts, ~45 ms).
 */
export async function readsInTurns<const T extends readonly (() => Promise<unknown>)[]>(
  db: Db,
  reads: T,
): Promise<Results<T>> {
  if (dialectOf(db) !== 'sqlite') return (await Promise.all(reads.map((read) => read()))) as Results<T>;
  const results: unknown[] = [];
  for (const read of reads) {
    await turnOfTheLoop();
    results.push(await read());
  }
  return results as Results<T>;
}

/** The longest our own code runs between two turns of the loop when it turns by time (`turnEvery`). */
export const SLICE_MS = 10;

/**
 * For work whose steps vary in cost (a statement, a rendered mail): `await turn()` after each step lets the loop
 * turn once `budgetMs` have passed since the last turn, and costs nothing otherwise. A count of steps per turn
 * held the loop for 100 statements or 10 notices whatever each one cost: 40–50 ms at a time, more when one step
 * was slow.
 */
export function turnEvery(budgetMs = SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    await turnOfTheLoop();
    since = performance.now();
  };
}
