import type { ApplyPreview } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isEventId } from '../../../api/get-event';
import { apiClient } from '../../../lib/api-client';
import { applyKeys } from '../../../lib/query-keys';

/**
 * GET /api/event/{id}/apply/preview → the event's name and picture for a visitor who is not logged in; 404 while
 * the event does not take applications (the apply link then shows the plain login page).
 */
export const getApplyPreview = (eventId: number, signal?: AbortSignal) =>
  apiClient.get<ApplyPreview>(`/event/${eventId}/apply/preview`, { signal });

export const applyPreviewQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: applyKeys.preview(eventId),
    queryFn: ({ signal }) => getApplyPreview(eventId, signal),
    retry: false,
    staleTime: 60_000,
  });

export const useApplyPreview = (eventId: number) =>
  useQuery({ ...applyPreviewQueryOptions(eventId), enabled: isEventId(eventId) });
