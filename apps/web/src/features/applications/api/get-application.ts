import type { ApplicationDetailResponse } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { applicationKeys } from '../../../lib/query-keys';

/** GET /api/event/{id}/applications/{applicationId}: the application and its history. */
export const getApplication = (eventId: number, applicationId: number, signal?: AbortSignal) =>
  apiClient.get<ApplicationDetailResponse>(`/event/${eventId}/applications/${applicationId}`, { signal });

export const applicationQueryOptions = (eventId: number, applicationId: number) =>
  queryOptions({
    queryKey: applicationKeys.detail(eventId, applicationId),
    queryFn: ({ signal }) => getApplication(eventId, applicationId, signal),
  });

export const useApplication = (eventId: number, applicationId: number | null) =>
  useQuery({ ...applicationQueryOptions(eventId, applicationId ?? 0), enabled: applicationId !== null });
