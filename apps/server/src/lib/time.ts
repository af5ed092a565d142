/** Timestamps are stored as ISO-8601 UTC text in both dialects. */
export const nowIso = (): string => new Date().toISOString();
/**
 * A row's creation time and the time it expires, `validForMs` later, from one reading of the clock: exactly that far
 * apart (two readings can fall a millisecond apart).
 */
export function createdAndExpires(validForMs: number): { created_at: string; expires_at: string } {
  const now = Date.now();
  return { created_at: new Date(now).toISOString(), expires_at: new Date(now + validForMs).toISOString() };
}
