import type { EventForm } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /api/event/{id}/form → the form as the builder loads it (admins). */
export const getForm = (eventId: string) => apiClient.get<EventForm>(`/event/${eventId}/form`);

/** Under the event's key (`['event', id]`, numeric id as the event layout keeps it). */
export const formQueryKey = (eventId: string) => ['event', Number(eventId), 'form'] as const;

export const formQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: formQueryKey(eventId), queryFn: () => getForm(eventId) });

export const useEventForm = (eventId: string) => useQuery(formQueryOptions(eventId));
