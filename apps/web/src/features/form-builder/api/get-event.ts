import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** What the builder needs of GET /api/event/{id}: the name (breadcrumbs) and whether applications are open. */
export interface BuilderEvent {
  id: number;
  name: string;
  applicationsOpen: boolean;
}

export const getEvent = (eventId: string) => apiClient.get<{ event: BuilderEvent }>(`/event/${eventId}`);

export const eventQueryKey = (eventId: string) => ['event', eventId] as const;

export const eventQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: eventQueryKey(eventId), queryFn: () => getEvent(eventId), select: (data) => data.event });

export const useBuilderEvent = (eventId: string) => useQuery(eventQueryOptions(eventId));
