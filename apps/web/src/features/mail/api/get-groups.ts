import type { Group } from '@funkis/shared';
import { LIMITS } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { mailKeys } from './keys';

// TODO(issue 9): use the shared groups hook of apps/web/src/api once it exists.
/** GET /api/event/{id}/groups: the groups a receiver filter may name. */
export const getGroups = (eventId: number, signal?: AbortSignal) =>
  apiClient.get<{ groups: Group[]; total: number }>(`/event/${eventId}/groups`, {
    signal,
    query: { pageSize: LIMITS.PAGE_SIZE_MAXIMUM },
  });

export const groupsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: mailKeys.groups(eventId), queryFn: ({ signal }) => getGroups(eventId, signal) });

export const useMailGroups = (eventId: number, isEnabled = true) =>
  useQuery({ ...groupsQueryOptions(eventId), enabled: isEnabled });
