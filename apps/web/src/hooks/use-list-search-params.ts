import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The query string, and a way to change it that builds on the last change asked for, not on the query string of the
 * last render: the router shows a new location as a React transition (after the route's loader, which may wait for
 * the network), so a second change can come before the first is rendered (a chip pressed, then the search box's
 * delayed update; "Next period" twice), and building on the rendered one would drop the first. The changes asked
 * for and not yet rendered are kept in order: a render of an earlier one does not make a later one forgotten. A
 * location that comes from outside (Back, a link), one that was not asked for here, is taken up once it is rendered.
 * `history`: `replace` the current entry, or `push` a new one (Back then steps through the changes).
 */
export function useSearchParamsChanges() {
  const [searchParams, setSearchParams] = useSearchParams();
  // The query strings asked for and not yet rendered, oldest first.
  const pending = useRef<string[]>([]);
  const latest = useRef(searchParams);
  useLayoutEffect(() => {
    const shown = pending.current.indexOf(searchParams.toString());
    // Rendered: that change and every one before it. Not asked for here: a location from outside replaces them all.
    pending.current = shown === -1 ? [] : pending.current.slice(shown + 1);
    const last = pending.current.at(-1);
    latest.current = last === undefined ? searchParams : new URLSearchParams(last);
  }, [searchParams]);
  const change = useCallback(
    (build: (latest: URLSearchParams) => URLSearchParams, history: 'replace' | 'push') => {
      const next = build(latest.current);
      latest.current = next;
      pending.current.push(next.toString());
      setSearchParams(next, { replace: history === 'replace' });
    },
    [setSearchParams],
  );
  return [searchParams, change] as const;
}

/**
 * A list screen's state (filters, sort, page) kept in the query string, so a link or a reload shows the same
 * list. `parse` reads it (the route's loader uses the same function to start the first page's request);
 * `toSearch` writes it, leaving out defaults. A change replaces the history entry: Back leaves the screen
 * rather than stepping through every filter click. A change builds on the last one asked for
 * (`useSearchParamsChanges`).
 */
export function useListSearchParams<T extends object>(
  parse: (search: URLSearchParams) => T,
  toSearch: (state: T) => URLSearchParams,
) {
  const [searchParams, change] = useSearchParamsChanges();
  const state = useMemo(() => parse(searchParams), [parse, searchParams]);
  const update = useCallback(
    (patch: Partial<T>) => change((latest) => toSearch({ ...parse(latest), ...patch }), 'replace'),
    [parse, toSearch, change],
  );
  return [state, update] as const;
}

/** The values of a list parameter, given comma-separated (`status=pending,accepted`) or repeated. */
export function readList(search: URLSearchParams, name: string): string[] {
  const values = search.getAll(name).flatMap((value) => value.split(','));
  return [...new Set(values.map((value) => value.trim()).filter((value) => value !== ''))];
}

/** A positive whole number parameter (a page, an id) within the database's integer bound; otherwise null. */
export function readPositiveInt(search: URLSearchParams, name: string): number | null {
  return parsePositiveInt(search.get(name));
}

export function parsePositiveInt(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 && number <= 2_147_483_647 ? number : null;
}
