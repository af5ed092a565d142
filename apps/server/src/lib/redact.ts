/** Query parameters whose values are secrets wherever they appear (a reset link's token, an iCalendar feed key). */
const SECRET_PARAMETERS = new Set(['token', 'key', 'secret', 'password']);

/**
 * A request URL as the log may keep it: pages under /authentication/ lose their whole query (a reset link
 * carries its token there), and a secret parameter anywhere keeps its name but not its value.
 */
export function redactUrl(url: string): string {
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
