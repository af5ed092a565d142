import { HttpError } from './http-error.js';

/** How long a request that finds a queue full is told to wait before trying again, in seconds. */
export const QUEUE_RETRY_AFTER_SECONDS = 5;

/**
 * A bounded queue for expensive work (password hashing, file exports): at most `concurrency` jobs run at once,
 * the rest wait their turn in arrival order, so a burst is answered a little later instead of all at once
 * fighting for the same cores (and for libuv's four threads, which compression and file reads need too).
 * Only when `maxWaiting` jobs already wait does a new one fail at once with 503 and Retry-After: the server
 * then really has more of this work than it can do soon (decision 024).
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly name: string,
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  /** Jobs running and waiting now (tests, the log). */
  get stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) {
        throw new HttpError(503, [{ code: 'error.unavailable' }], {
          headers: { 'retry-after': String(QUEUE_RETRY_AFTER_SECONDS) },
        });
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      // The finished job's slot passes straight to the next one, so `running` never exceeds `concurrency`.
      if (next) next();
      else this.running -= 1;
    }
  }
}
