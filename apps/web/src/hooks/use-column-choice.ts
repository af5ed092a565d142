import { useCallback, useState } from 'react';

/** The tables that remember which columns the user chose. */
export type ColumnChoiceTable = 'users' | 'applications' | 'hours';

/** Where a table's column choice for one event is kept in this browser. */
export const columnChoiceStorageKey = (table: ColumnChoiceTable, eventId: number) =>
  `funkis.${table}.columns.${eventId}`;

function readStored<T>(key: string, parse: (stored: unknown) => T): T {
  try {
    const raw = window.localStorage.getItem(key);
    return parse(raw === null ? undefined : JSON.parse(raw));
  } catch {
    return parse(undefined);
  }
}

/**
 * A table's column choice, remembered per event in localStorage, whatever shape the table keeps it in (the
 * DataGrid's visibility model, the applications review's list of answer columns). `parse` turns what is stored
 * (undefined when nothing or something unreadable is) into a valid choice.
 */
export function useColumnChoice<T>(table: ColumnChoiceTable, eventId: number, parse: (stored: unknown) => T) {
  const key = columnChoiceStorageKey(table, eventId);
  const [state, setState] = useState(() => ({ key, choice: readStored(key, parse) }));
  // Another event's table: its own remembered choice.
  const choice = state.key === key ? state.choice : readStored(key, parse);

  const setChoice = useCallback(
    (next: T) => {
      setState({ key, choice: next });
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Blocked storage: the choice lasts as long as the page.
      }
    },
    [key],
  );
  return [choice, setChoice] as const;
}

/** A stored `{ column: boolean }` map (a column not listed is shown), as the DataGrid's visibility model. */
export function parseVisibilityModel(stored: unknown): Record<string, boolean> {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  return Object.fromEntries(
    Object.entries(stored).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
  );
}

/** A stored list of column names. */
export function parseColumnList(stored: unknown): string[] {
  return Array.isArray(stored) ? stored.filter((name): name is string => typeof name === 'string') : [];
}
