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
 *
 * The limits (50 ms) are for a quiet machine. A busy one also runs the same code slower on the CPU (the other
 * hyperthread of the core, the shared caches): at load 7 the same e-mail's block went from ~30 to ~60 ms of CPU
 * time. So before each try a yardstick (`yardstickMs`: fixed JavaScript work of a request's kind: objects,
 * strings, JSON) is timed, and a try's stretch is divided by how much slower the yardstick ran than on a quiet
 * machine (`QUIET_YARDSTICK_MS`, never by less than 1: a fast machine is not given a tighter limit). `normalise:
 * false` gives the stretch as measured (the measurement's own tests).
 */
export async function longestBlockMs(
  work: (attempt: number) => Promise<unknown>,
  { tries = 3, enoughMs = 10, normalise = true }: { tries?: number; enoughMs?: number; normalise?: boolean } = {},
): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < tries; attempt += 1) {
    const slowdown = normalise ? Math.max(1, yardstickMs() / QUIET_YARDSTICK_MS) : 1;
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
    best = Math.min(best, longest / slowdown);
    if (best < enoughMs) break;
  }
  return best;
}

/**
 * The yardstick's time on a quiet machine of the CI's kind (2 cores; 6.6 and 7.1 ms at load 1.3): the median of
 * `yardstickMs()` over 200 runs, measured with `npx tsx apps/server/test/helpers/yardstick-calibrate.ts`.
 */
export const QUIET_YARDSTICK_MS = 6.8;

/** The median of five runs of fixed work (4,000 rows made, to JSON and back, strings changed), in ms of CPU. */
export function yardstickMs(): number {
  const runs: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const rows = Array.from({ length: 4000 }, (_, i) => ({
      id: i,
      name: `person ${i}`,
      email: `p${i}@example.test`,
      tags: ['a', 'b', String(i)],
    }));
    let length = 0;
    for (const row of JSON.parse(JSON.stringify(rows)) as typeof rows)
      length += row.name.toUpperCase().length + row.email.replace(/@.*/, '').length;
    const used = process.cpuUsage(cpu);
    // The result is used, so the work cannot be left out.
    if (length === 0) throw new Error('the yardstick did no work');
    runs.push(Math.min(performance.now() - started, (used.user + used.system) / 1000));
  }
  return runs.sort((a, b) => a - b)[2] as number;
}

/**
 * Blocks the thread for `ms` of its CPU time (for tests that prove the measurement sees a block): counted in CPU
 * time, not on the clock, so a busy machine that takes the core away makes it last longer instead of shorter.
 */
export function blockFor(ms: number): void {
  const started = process.cpuUsage();
  for (;;) {
    const used = process.cpuUsage(started);
    if ((used.user + used.system) / 1000 >= ms) return;
  }
}
