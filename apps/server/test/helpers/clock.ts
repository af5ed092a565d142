import type { Clock } from '../../src/lib/clock.js';

/**
 * A clock the test moves: it runs with the system's but `sleep(ms)` moves it on by `ms` at once, and `advance(ms)`
 * moves it by hand. It is never behind the system's clock, so what other code stamps with the real time (a receiver
 * requeued "now") is as due on it as on the system's.
 */
export class MovingClock implements Clock {
  private offset = 0;

  now(): number {
    return Date.now() + this.offset;
  }

  async sleep(ms: number): Promise<void> {
    this.advance(ms);
    // A turn of the loop, as a real wait would give, so other work in flight goes on.
    await new Promise((resolve) => setImmediate(resolve));
  }

  advance(ms: number): void {
    this.offset += Math.max(0, ms);
  }
}
