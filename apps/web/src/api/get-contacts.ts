import type { Contact } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../lib/api-client';
import { feedKeys } from '../lib/query-keys';

/** GET /api/event/{id}/contacts → the admins and group leaders: the feed's contacts card and the volunteer's shifts. */
export const getContacts = (eventId: number) => apiClient.get<{ contacts: Contact[] }>(`/event/${eventId}/contacts`);

export const contactsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: feedKeys.contacts(eventId), queryFn: () => getContacts(eventId) });

export function useContacts(eventId: number) {
  return useQuery(contactsQueryOptions(eventId));
}
