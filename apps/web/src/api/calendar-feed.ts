import type { CalendarFeed } from '@funkis/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../lib/api-client';
import { calendarFeedKeys } from '../lib/query-keys';

/**
 * The caller's secret calendar URL: one per user, with the shifts of all their events. Shared by the
 * scheduling screen (subscribe) and the account page (revoke). The URL itself is only in the answer that made it.
 */
export const getCalendarFeed = (signal?: AbortSignal) =>
  apiClient.get<{ feed: CalendarFeed }>('/user/calendar-feed', { signal });

export const calendarFeedQueryOptions = () =>
  queryOptions({ queryKey: calendarFeedKeys.mine(), queryFn: ({ signal }) => getCalendarFeed(signal) });

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions());
}

/** POST: a new URL; the previous one stops working. */
export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['calendar-feed', 'renew'],
    mutationFn: () => apiClient.post<{ feed: CalendarFeed }>('/user/calendar-feed', {}),
    onSuccess: ({ feed }) => queryClient.setQueryData(calendarFeedKeys.mine(), { feed: { ...feed, url: null } }),
  });
}

/** DELETE: calendar apps get 404 from then on. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['calendar-feed', 'revoke'],
    mutationFn: () => apiClient.delete<object>('/user/calendar-feed'),
    onSuccess: () => queryClient.setQueryData(calendarFeedKeys.mine(), { feed: { createdAt: null, url: null } }),
  });
}
