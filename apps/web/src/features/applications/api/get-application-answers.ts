import type { ApplicationAnswers } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { applicationKeys } from '../../../lib/query-keys';

/** GET /api/event/{id}/applications/{applicationId}/answers: current fields first, then removed ones. */
export const getApplicationAnswers = (eventId: number, applicationId: number, signal?: AbortSignal) =>
  apiClient.get<ApplicationAnswers>(`/event/${eventId}/applications/${applicationId}/answers`, { signal });

export const applicationAnswersQueryOptions = (eventId: number, applicationId: number) =>
  queryOptions({
    queryKey: applicationKeys.answers(eventId, applicationId),
    queryFn: ({ signal }) => getApplicationAnswers(eventId, applicationId, signal),
  });

export const useApplicationAnswers = (eventId: number, applicationId: number | null) =>
  useQuery({ ...applicationAnswersQueryOptions(eventId, applicationId ?? 0), enabled: applicationId !== null });
