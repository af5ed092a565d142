import type { CreateEventInput, Event } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { eventKeys } from '../../../lib/query-keys';

/** POST /api/events → the new event; the caller becomes its admin. */
export const createEvent = (input: CreateEventInput) => apiClient.post<{ event: Event }>('/events', input);

export const createEventMutationOptions = () =>
  mutationOptions({ mutationKey: ['events', 'create'], mutationFn: createEvent });

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createEventMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.list() }),
  });
}
