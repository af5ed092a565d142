import type { ApplyPage } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /api/event/{id}/apply → the event, its form, whether it is open and the caller's own application. */
export const getApplyPage = (eventId: string) => apiClient.get<ApplyPage>(`/event/${eventId}/apply`);

export const applyPageQueryKey = (eventId: string) => ['event', Number(eventId), 'apply'] as const;

export const applyPageQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: applyPageQueryKey(eventId), queryFn: () => getApplyPage(eventId) });

export const useApplyPage = (eventId: string) => useQuery(applyPageQueryOptions(eventId));
