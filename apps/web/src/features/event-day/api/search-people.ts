import type { CheckInPerson } from '@funkis/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { eventDayKeys } from '../../../lib/query-keys';
import { SEARCH_MINIMUM_LENGTH } from '../limits';

/** GET /api/event/{id}/check-ins/search?q=: members by name (a leader's own group), at most 20. */
export const searchPeople = (eventId: number, q: string, signal?: AbortSignal) =>
  apiClient.get<{ people: CheckInPerson[] }>(`/event/${eventId}/check-ins/search`, { query: { q }, signal });

export const searchPeopleQueryOptions = (eventId: number, q: string) =>
  queryOptions({
    queryKey: eventDayKeys.search(eventId, q),
    queryFn: ({ signal }) => searchPeople(eventId, q, signal),
  });

/** `q` is the debounced search text; nothing is asked for below two characters. */
export function useSearchPeople(eventId: number, q: string) {
  const text = q.trim();
  return useQuery({
    ...searchPeopleQueryOptions(eventId, text),
    enabled: text.length >= SEARCH_MINIMUM_LENGTH,
    placeholderData: keepPreviousData,
  });
}
