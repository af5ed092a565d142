import type { ApplyPage } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isEventId } from '../../../api/get-event';
import { apiClient } from '../../../lib/api-client';
import { applyKeys } from '../../../lib/query-keys';

/** GET /api/event/{id}/apply → the event, its form, whether it is open and the caller's own application. */
export const getApplyPage = (eventId: number) => apiClient.get<ApplyPage>(`/event/${eventId}/apply`);

export const applyPageQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: applyKeys.page(eventId), queryFn: () => getApplyPage(eventId) });

/** Not asked for an id that cannot exist (the page shows not found). */
export const useApplyPage = (eventId: number) =>
  useQuery({ ...applyPageQueryOptions(eventId), enabled: isEventId(eventId) });
