import type { EventForm } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { formKeys } from '../../../lib/query-keys';

/** GET /api/event/{id}/form → the form as the builder loads it (admins). */
export const getForm = (eventId: number) => apiClient.get<EventForm>(`/event/${eventId}/form`);

export const formQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: formKeys.detail(eventId), queryFn: () => getForm(eventId) });

export const useEventForm = (eventId: number) => useQuery(formQueryOptions(eventId));
