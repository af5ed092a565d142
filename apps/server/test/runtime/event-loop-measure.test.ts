import { describe, expect, it } from 'vitest';
import { dialect } from '../helpers/app.js';
import { blockFor, longestBlockMs } from '../helpers/event-loop.js';

/** The measurement the event-loop tests rely on: it must see a real block and not invent one. */
describe(`event-loop measurement on ${dialect}`, () => {
  it('sees a synchronous block of 120 ms inside asynchronous work', async () => {
    const measured = await longestBlockMs(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        blockFor(120);
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
      { normalise: false },
    );
    expect(measured).toBeGreaterThanOrEqual(100);
  });

  it('reads work that only waits as no block', async () => {
    const measured = await longestBlockMs(async () => {
      for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setTimeout(resolve, 3));
    });
    expect(measured).toBeLessThan(50);
  });

  it('does not count a stretch in which the thread used no CPU (a machine that took the core away)', async () => {
    // Atomics.wait holds the thread for 120 ms without running: what a loaded machine's scheduler does to a process.
    const measured = await longestBlockMs(async () => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120);
      await new Promise((resolve) => setTimeout(resolve, 2));
    });
    expect(measured).toBeLessThan(50);
  });
});
