import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

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
        // GET /api/event/{id} (the event layout's copy), the apply page and the home page's event list.
        queryClient.invalidateQueries({ queryKey: ['event', Number(eventId)], exact: true }),
        queryClient.invalidateQueries({ queryKey: ['event', Number(eventId), 'apply'], exact: true }),
        queryClient.invalidateQueries({ queryKey: ['events'], exact: true }),
      ]),
  });
}
