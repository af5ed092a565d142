/** Seconds a client is asked to wait (Retry-After) when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** PostgreSQL SQLSTATEs that say "not now" rather than "wrong": connection lost, shutting down, overloaded, timed out. */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[1-3]|53300|57014)$/;

const MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|not queryable|Connection ended/i;

/**
 * True when an error means the database is unreachable or overloaded (the request may succeed later), as opposed
 * to a bug or a refused statement. These become 503 with Retry-After instead of 500.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code)) return true;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return true;
  }
  if (MESSAGES.test(error.message)) return true;
  if (error instanceof AggregateError) return error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
  return error.cause !== undefined && isDatabaseUnavailable(error.cause, depth + 1);
}
