import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * The longest stretch, in milliseconds, for which `work` kept the event loop from turning: what every other
 * request of the server waits while it runs (with better-sqlite3 a query runs on this thread too).
 *
 * Measured with Node's own event-loop delay histogram at 1 ms resolution. A loaded machine can deschedule
 * the whole process now and then, which reads as a block that the code did not cause; so the work is run
 * up to `tries` times (stopping once a try stays under `enoughMs`) and the smallest of the longest stretches is the answer (a real block repeats, a pause of
 * the machine does not land in every try). `work` must therefore be repeatable: give it fresh input per try.
 */
export async function longestBlockMs(
  work: (attempt: number) => Promise<unknown>,
  { tries = 3, enoughMs = 10 }: { tries?: number; enoughMs?: number } = {},
): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < tries; attempt += 1) {
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    histogram.enable();
    // Let the timer start before the work, so a block at the very start is seen too.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await work(attempt);
    // One more turn, so a block at the very end is recorded before the histogram stops.
    await new Promise((resolve) => setTimeout(resolve, 5));
    histogram.disable();
    best = Math.min(best, histogram.max / 1e6);
    if (best < enoughMs) break;
  }
  return best;
}

/** Blocks the thread for `ms` (for tests that prove the measurement sees a block). */
export function blockFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy on purpose
  }
}
