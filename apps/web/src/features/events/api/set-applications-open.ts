import type { Event } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { invalidateEventChange } from './update-settings';

/** POST /api/event/{id}/applications-open { open } (admin) → the event. */
export const setApplicationsOpen = ({ eventId, open }: { eventId: number; open: boolean }) =>
  apiClient.post<{ event: Event }>(`/event/${eventId}/applications-open`, { open });

export const setApplicationsOpenMutationOptions = () =>
  mutationOptions({ mutationKey: ['event', 'applications-open'], mutationFn: setApplicationsOpen });

export function useSetApplicationsOpen() {
  const queryClient = useQueryClient();
  return useMutation({
    ...setApplicationsOpenMutationOptions(),
    onSuccess: (_data, { eventId }) => invalidateEventChange(queryClient, eventId),
  });
}
