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

/** How many of each role the control panel lists; the rest are a link away, in the users table (search, pages). */
export const ACCESS_PAGE_SIZE = 10;

/** GET /api/event/{id}/access (admin) → admins, group leaders and volunteers (the first few of each) and totals. */
export const getAccess = (eventId: number) =>
  apiClient.get<EventAccess>(`/event/${eventId}/access`, { query: { page: 1, pageSize: ACCESS_PAGE_SIZE } });

export const accessQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: accessKeys.all(eventId), queryFn: () => getAccess(eventId) });

export function useAccess(eventId: number) {
  return useQuery(accessQueryOptions(eventId));
}
