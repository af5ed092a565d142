import type { ShiftBlock } from '@funkis/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { shiftKeys } from '../../../lib/query-keys';

export interface TimelineFilters {
  from: string;
  to: string;
  groupId: '' | number;
}

/**
 * GET /api/event/{id}/scheduling/timeline: the shifts of a period with places filled (no names). Keyed under the
 * shift lists, so every assignment change (which invalidates them) refreshes the timeline too.
 */
export const getTimeline = (eventId: number, filters: TimelineFilters, signal?: AbortSignal) =>
  apiClient.get<{ shifts: ShiftBlock[] }>(`/event/${eventId}/scheduling/timeline`, {
    signal,
    query: { from: filters.from, to: filters.to, groupId: filters.groupId },
  });

export const timelineQueryOptions = (eventId: number, filters: TimelineFilters) =>
  queryOptions({
    queryKey: shiftKeys.list(eventId, { kind: 'timeline', ...filters }),
    queryFn: ({ signal }) => getTimeline(eventId, filters, signal),
    placeholderData: keepPreviousData,
  });

export function useTimeline(eventId: number, filters: TimelineFilters, enabled = true) {
  return useQuery({ ...timelineQueryOptions(eventId, filters), enabled });
}
