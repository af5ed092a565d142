/**
 * The time the server's timed work goes by, and its waiting: the mail queue's due times, leases, back-offs and
 * rate. The server runs on `systemClock`; a test gives the app a clock it moves itself (`buildApp({ clock })`), so
 * a message due in a second is due at once instead of after a real second's sleep.
 */
export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number;
  /** Resolves once `ms` have passed on this clock. */
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
