import type { ApplicationAnswers } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { applicationKeys } from './keys';

/** GET /api/event/{id}/applications/{applicationId}/answers: current fields first, then removed ones. */
export const getApplicationAnswers = (eventId: string, applicationId: number, signal?: AbortSignal) =>
  apiClient.get<ApplicationAnswers>(`/event/${eventId}/applications/${applicationId}/answers`, { signal });

export const applicationAnswersQueryOptions = (eventId: string, applicationId: number) =>
  queryOptions({
    queryKey: applicationKeys.answers(eventId, applicationId),
    queryFn: ({ signal }) => getApplicationAnswers(eventId, applicationId, signal),
  });

export const useApplicationAnswers = (eventId: string, applicationId: number | null) =>
  useQuery({ ...applicationAnswersQueryOptions(eventId, applicationId ?? 0), enabled: applicationId !== null });
