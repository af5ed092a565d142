import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { eventQueryKey } from './get-event';

/** POST /api/event/{id}/applications-open {open} (admin) → the changed event. */
export const setApplicationsOpen = (eventId: string, open: boolean) =>
  apiClient.post<{ event: { applicationsOpen: boolean } }>(`/event/${eventId}/applications-open`, { open });

export const setApplicationsOpenMutationOptions = (eventId: string) =>
  mutationOptions({
    mutationKey: ['event', eventId, 'applications-open'],
    mutationFn: (open: boolean) => setApplicationsOpen(eventId, open),
  });

/** Changes the event itself, what its apply page shows and the event lists. */
export function useSetApplicationsOpen(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...setApplicationsOpenMutationOptions(eventId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: eventQueryKey(eventId), exact: true }),
        queryClient.invalidateQueries({ queryKey: ['event', eventId, 'apply'], exact: true }),
        // The home page's event list and other screens' copies of GET /api/event/{id} show the same flag.
        queryClient.invalidateQueries({ queryKey: ['events'] }),
      ]),
  });
}
