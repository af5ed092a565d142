import { createRequire } from 'node:module';
import os from 'node:os';
import { WorkQueue } from './work-queue.js';

/** The native argon2 addon is loaded with the first hash or check, not at start (idle memory). */
let argon2: typeof import('@node-rs/argon2') | undefined;
const loadArgon2 = () => {
  argon2 ??= createRequire(import.meta.url)('@node-rs/argon2') as typeof import('@node-rs/argon2');
  return argon2;
};
/**
 * Hashing and checking take ~19 MiB and tens of milliseconds of a core each, on libuv's threads: one fewer at a
 * time than the machine has cores (at least one, at most four), the rest waiting in arrival order, so a burst of
 * registrations or logins never takes every core from the server's own thread and the database (decision 024).
 */
export const passwordQueue = new WorkQueue('passwords', Math.min(4, Math.max(1, os.availableParallelism() - 1)), 2_000);
/**
 * Registrations as a whole (their limits, the checks, the hash and the inserts), one more at a time than hashes run,
 * so one registration's statements overlap another's hash; the rest wait in arrival order. A burst then reaches the
 * database a few statements at a time, and other people's requests are not queued behind all of it (decision 024).
 */
export const registrationQueue = new WorkQueue('registrations', passwordQueue.concurrency + 1, 2_000);
const hash = (password: string, options: typeof OPTIONS) =>
  passwordQueue.run(() => loadArgon2().hash(password, options));
/** A malformed stored hash reads as a wrong password; a full queue (503) is passed on. */
const verify = (passwordHash: string, password: string) =>
  passwordQueue.run(() =>
    loadArgon2()
      .verify(passwordHash, password)
      .catch(() => false),
  );

// argon2id (algorithm 2) with the OWASP minimum: 19 MiB memory, 2 passes.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

let dummyHash: Promise<string> | null = null;

/** Verifies; with no hash (unknown account) still spends the same work, so timing does not tell. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    if (!dummyHash) {
      dummyHash = hashPassword('funkis-timing-equaliser');
      dummyHash.catch(() => {
        dummyHash = null;
      });
    }
    await verify(await dummyHash, password);
    return false;
  }
  return verify(passwordHash, password);
}
