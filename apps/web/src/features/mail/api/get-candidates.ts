import type { MailCandidate } from '@funkis/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { mailKeys } from '../../../lib/query-keys';

/** GET /api/event/{id}/mail-candidates?search=: members and applicants to choose one by one. */
export const getCandidates = (eventId: number, search: string, signal?: AbortSignal) =>
  apiClient.get<{ candidates: MailCandidate[] }>(`/event/${eventId}/mail-candidates`, { signal, query: { search } });

export const candidatesQueryOptions = (eventId: number, search: string) =>
  queryOptions({
    queryKey: mailKeys.candidates(eventId, search),
    queryFn: ({ signal }) => getCandidates(eventId, search, signal),
  });

export const useCandidates = (eventId: number, search: string) =>
  useQuery({ ...candidatesQueryOptions(eventId, search), placeholderData: keepPreviousData });
