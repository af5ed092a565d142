import { dehydrate, hydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { DATA_KEY, readStored, rememberedUser } from './offline-user';

/**
 * What a volunteer needs on the day without signal (decision 028): the last answers of their event, shifts, feed,
 * files and code, kept in localStorage as TanStack Query left them (with the time each was fetched, which the
 * offline notice shows) and put back into the cache before the first render. Organisers' big lists (the review,
 * members, mail) are not kept: they are not needed in a field and would not fit. Everything kept is the signed-in
 * person's own and is removed when they sign out (lib/offline-user.ts). A chunk of its own, loaded beside the
 * texts before the first render, so no route carries it.
 */

/** The first segments of the query keys kept (lib/query-keys.ts). */
const KEPT_ROOTS: ReadonlySet<unknown> = new Set(['events', 'shifts', 'feed', 'files', 'groups', 'event-day']);
/** Older than this, what was kept is dropped instead of shown. */
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 3_600_000;
/** Beyond this many characters nothing new is written (localStorage holds about five million per site). */
const MAX_CHARACTERS = 1_500_000;
const WRITE_DELAY_MS = 1_000;

interface Kept {
  savedAt: number;
  userId: number;
  state: unknown;
}

const isKept = (query: Query) => query.state.status === 'success' && KEPT_ROOTS.has(query.queryKey[0]);

/** Puts the kept answers back into the cache: only the remembered person's, and only if recent enough. */
export function restoreOfflineData(client: QueryClient, now = Date.now()): void {
  const kept = readStored<Kept>(DATA_KEY);
  const user = rememberedUser();
  if (!kept || !user || kept.userId !== user.id || now - kept.savedAt > OFFLINE_MAX_AGE_MS) {
    localStorage.removeItem(DATA_KEY);
    return;
  }
  hydrate(client, kept.state as Parameters<typeof hydrate>[1]);
  // Shown at once, but asked for again by every screen that uses them: an answer kept a few seconds before a
  // reload is still within the cache's fresh time, and a reload means "show me how it is now".
  void client.invalidateQueries({ predicate: (query) => KEPT_ROOTS.has(query.queryKey[0]), refetchType: 'none' });
}

function write(client: QueryClient): void {
  const user = rememberedUser();
  if (!user) return;
  const text = JSON.stringify({
    savedAt: Date.now(),
    userId: user.id,
    state: dehydrate(client, { shouldDehydrateQuery: isKept }),
  } satisfies Kept);
  try {
    if (text.length <= MAX_CHARACTERS) localStorage.setItem(DATA_KEY, text);
  } catch {
    // Full: the previous copy stays, which is still the newest that fitted.
  }
}

/**
 * Writes the kept answers a moment after any of them changes, and at once when the page is left or hidden (a
 * phone put away, the app closed) so the last answers are never lost to the delay; returns the unsubscribe.
 */
export function keepOfflineData(client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    write(client);
  };
  const flushWhenHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !KEPT_ROOTS.has(event.query.queryKey[0])) {
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(flush, WRITE_DELAY_MS);
  });
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', flushWhenHidden);
  return () => {
    clearTimeout(timer);
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', flushWhenHidden);
    unsubscribe();
  };
}
