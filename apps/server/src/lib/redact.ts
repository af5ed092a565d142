/** Query parameters whose values are secrets wherever they appear (a reset link's token, an iCalendar feed key). */
const SECRET_PARAMETERS = new Set(['token', 'key', 'secret', 'password']);
/** Paths whose every segment after this prefix is a secret. */
const SECRET_PATH = '/api/calendar/';

/**
 * A request URL as the log may keep it: pages under /authentication/ lose their whole query (a reset link
 * carries its token there), a secret parameter anywhere keeps its name but not its value, and the calendar
 * feed's path loses its key.
 */
export function redactUrl(url: string): string {
  // The secret calendar feed's key is its path (`/api/calendar/{key}.ics`): calendar apps need a plain URL.
  if (url.startsWith(SECRET_PATH)) return `${SECRET_PATH}[redacted]`;
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const path = url.slice(0, queryAt);
  if (path.startsWith('/authentication/')) return `${path}?[redacted]`;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  let changed = false;
  for (const name of [...params.keys()]) {
    if (SECRET_PARAMETERS.has(name.toLowerCase())) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${path}?${params.toString()}` : url;
}
