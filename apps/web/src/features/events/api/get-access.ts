import type { AccessPerson } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { accessKeys } from '../../../lib/query-keys';

export interface EventAccess {
  admins: AccessPerson[];
  groupLeaders: AccessPerson[];
  volunteers: AccessPerson[];
  totals: { admins: number; groupLeaders: number; volunteers: number };
}

/** GET /api/event/{id}/access (admin) → admins, group leaders and volunteers (the first 100 of each). */
export const getAccess = (eventId: number) => apiClient.get<EventAccess>(`/event/${eventId}/access`);

export const accessQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: accessKeys.all(eventId), queryFn: () => getAccess(eventId) });

export function useAccess(eventId: number) {
  return useQuery(accessQueryOptions(eventId));
}
