import type { BoardState, CheckInPerson } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client';
import { eventDayKeys } from '../../../lib/query-keys';

export interface CheckInShift {
  id: number;
  title: string;
  location: string;
  startsAt: string;
  endsAt: string;
  state: BoardState;
}

/** A person as the check-in card shows them: on site or not, and their shifts open for check-in now. */
export interface CheckInCardPerson extends CheckInPerson {
  onSite: boolean;
  shifts: CheckInShift[];
}

/** Who the scanner is looking at: a scanned code, or a member chosen by name. */
export type PersonRef = { code: string } | { eventUserId: number };

/** GET /api/event/{id}/check-ins/person?code= | ?eventUserId= (admins; leaders their group). */
export const getPerson = (eventId: number, who: PersonRef, signal?: AbortSignal) =>
  apiClient.get<{ person: CheckInCardPerson }>(`/event/${eventId}/check-ins/person`, { query: { ...who }, signal });

export const personQueryOptions = (eventId: number, who: PersonRef) =>
  queryOptions({
    queryKey: eventDayKeys.person(eventId, who),
    queryFn: ({ signal }) => getPerson(eventId, who, signal),
    staleTime: 0,
    // Tried without signal too: a code scanned offline then shows at once as "not known yet", not as a spinner.
    networkMode: 'always',
    retry: (failures, error) => !(isApiError(error) && error.status < 500) && failures < 1,
  });

export function usePerson(eventId: number, who: PersonRef | null) {
  return useQuery({
    ...personQueryOptions(eventId, who ?? { eventUserId: 0 }),
    enabled: who !== null,
  });
}
