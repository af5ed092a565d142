/** Timestamps are stored as ISO-8601 UTC text in both dialects. */
export const nowIso = (): string => new Date().toISOString();
export const isoIn = (milliseconds: number): string => new Date(Date.now() + milliseconds).toISOString();
