import type { GridColumnVisibilityModel } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';

export const columnVisibilityStorageKey = (eventId: number) => `funkis.users.columns.${eventId}`;

function readStoredModel(key: string): GridColumnVisibilityModel {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(key) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
    );
  } catch {
    return {};
  }
}

/** The users table's chosen columns, remembered per event in localStorage (a column not listed is shown). */
export function useColumnVisibility(eventId: number) {
  const key = columnVisibilityStorageKey(eventId);
  const [state, setState] = useState(() => ({ key, model: readStoredModel(key) }));
  // Another event's table: its own remembered choice.
  const model = state.key === key ? state.model : readStoredModel(key);

  const setModel = useCallback(
    (next: GridColumnVisibilityModel) => {
      setState({ key, model: next });
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Blocked storage: the choice lasts as long as the page.
      }
    },
    [key],
  );
  return [model, setModel] as const;
}
