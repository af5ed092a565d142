/**
 * The one way stored JSON is read back: leniently, a fallback for what is missing or unreadable (a row written by
 * an older version never breaks the page that shows it).
 */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** `parseJson` for a value that must be a plain object: anything else (an array, a number, null) is the fallback. */
export function parseJsonObject<T>(text: string | null | undefined, fallback: T): T {
  const value = parseJson<unknown>(text, null);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as T) : fallback;
}
