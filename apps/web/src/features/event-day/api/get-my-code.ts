import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { eventDayKeys } from '../../../lib/query-keys';

/** GET /api/event/{id}/my-code: the text the caller's QR code carries (every member). */
export const getMyCode = (eventId: number, signal?: AbortSignal) =>
  apiClient.get<{ code: string }>(`/event/${eventId}/my-code`, { signal });

const storageKey = (eventId: number) => `funkis.myCode.${eventId}`;

export interface StoredCode {
  code: string;
  /** When the server last gave it (ISO). */
  savedAt: string;
}

/** The last code the server gave, kept on the phone so it still shows without signal. */
export function readStoredCode(eventId: number): StoredCode | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(storageKey(eventId)) ?? 'null') as StoredCode | null;
    return value && typeof value.code === 'string' && typeof value.savedAt === 'string' ? value : null;
  } catch {
    return null;
  }
}

function storeCode(eventId: number, code: string): void {
  try {
    const stored: StoredCode = { code, savedAt: new Date().toISOString() };
    window.localStorage.setItem(storageKey(eventId), JSON.stringify(stored));
  } catch {
    // Blocked storage: the code then shows only while the phone has signal.
  }
}

export const myCodeQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: eventDayKeys.myCode(eventId),
    queryFn: async ({ signal }) => {
      const result = await getMyCode(eventId, signal);
      storeCode(eventId, result.code);
      return result;
    },
    // Tried without signal too, so the screen learns it is offline instead of waiting paused.
    networkMode: 'always',
    retry: false,
  });

export function useMyCode(eventId: number) {
  return useQuery(myCodeQueryOptions(eventId));
}
