import type { Event } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../lib/api-client';
import { invalidateEventChange } from './invalidate';

/** POST /api/event/{id}/applications-open { open } (admin) → the event. */
export const setApplicationsOpen = ({ eventId, open }: { eventId: number; open: boolean }) =>
  apiClient.post<{ event: Event }>(`/event/${eventId}/applications-open`, { open });

export const setApplicationsOpenMutationOptions = () =>
  mutationOptions({ mutationKey: ['events', 'applications-open'], mutationFn: setApplicationsOpen });

/** The control panel's switch and the form builder's: the event, its apply page, the home list, the audit log. */
export function useSetApplicationsOpen() {
  const queryClient = useQueryClient();
  return useMutation({
    ...setApplicationsOpenMutationOptions(),
    onSuccess: (_data, { eventId }) => invalidateEventChange(queryClient, eventId),
  });
}
