/**
 * Big work in slices: with better-sqlite3 every query, and all our own JavaScript, runs on the server's one
 * thread, so a request that handles thousands of rows lets the loop turn between slices and other requests are
 * answered meanwhile (decision 021: no request holds the loop for more than 50 ms).
 */

/** Resolves after the event loop has turned once (I/O callbacks of other requests run first). */
export const turnOfTheLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

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
