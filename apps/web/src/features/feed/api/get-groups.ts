import type { Group } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { feedKeys } from './keys';

/** GET /api/event/{id}/groups → the groups a post may be addressed to. */
export const getGroups = (eventId: number) =>
  apiClient.get<{ groups: Group[]; total: number }>(`/event/${eventId}/groups`, { query: { pageSize: 500 } });

export function useAudienceGroups(eventId: number, enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: feedKeys.groups(eventId), queryFn: () => getGroups(eventId) }),
    enabled,
  });
}
