/**
 * The longest stretch, in milliseconds, for which `work` kept the event loop from turning: what every other
 * request of the server waits while it runs (with better-sqlite3 a query runs on this thread too).
 *
 * Measured by a 1 ms timer: each gap between two of its turns is a stretch, counted no longer than the CPU time the
 * process used in it. A stretch of code is CPU time (SQLite reads pages from the page cache); a loaded machine that
 * takes the core away makes the gap longer but not the CPU time, so the code is not blamed for the machine (a
 * thread blocked without using the CPU, as by `Atomics.wait`, is not counted either). The work is run up to `tries`
 * times (stopping once a try stays under `enoughMs`) and the smallest of the longest stretches is the answer: a
 * real block repeats. `work` must therefore be repeatable: give it fresh input per try.
 */
export async function longestBlockMs(
  work: (attempt: number) => Promise<unknown>,
  { tries = 3, enoughMs = 10 }: { tries?: number; enoughMs?: number } = {},
): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < tries; attempt += 1) {
    let longest = 0;
    let last = { at: performance.now(), cpu: process.cpuUsage() };
    const timer = setInterval(() => {
      const now = { at: performance.now(), cpu: process.cpuUsage() };
      const cpuMs = (now.cpu.user - last.cpu.user + now.cpu.system - last.cpu.system) / 1000;
      longest = Math.max(longest, Math.min(now.at - last.at, cpuMs));
      last = now;
    }, 1);
    // Let the timer start before the work, so a block at the very start is seen too.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await work(attempt);
    // One more turn, so a block at the very end is recorded before the timer stops.
    await new Promise((resolve) => setTimeout(resolve, 5));
    clearInterval(timer);
    best = Math.min(best, longest);
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
