import type { SchedulingSettings } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { shiftKeys } from '../../../lib/query-keys';

/** GET /api/event/{id}/scheduling-settings: rest rule, self sign-up groups, when sign-off closes. */
export const getSchedulingSettings = (eventId: number, signal?: AbortSignal) =>
  apiClient.get<{ settings: SchedulingSettings }>(`/event/${eventId}/scheduling-settings`, { signal });

export const schedulingSettingsQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: shiftKeys.settings(eventId),
    queryFn: ({ signal }) => getSchedulingSettings(eventId, signal),
  });

export function useSchedulingSettings(eventId: number) {
  return useQuery(schedulingSettingsQueryOptions(eventId));
}
