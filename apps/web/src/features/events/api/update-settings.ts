import type { Event, EventSettingsInput } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { eventKeys } from './keys';

/** POST /api/event/{id}/settings (admin) → the changed event. */
export const updateSettings = ({ eventId, settings }: { eventId: number; settings: EventSettingsInput }) =>
  apiClient.post<{ event: Event }>(`/event/${eventId}/settings`, settings);

export const updateSettingsMutationOptions = () =>
  mutationOptions({ mutationKey: ['event', 'settings'], mutationFn: updateSettings });

/** Invalidates what an event change shows in: the event, its apply page, the home list, and the audit log. */
export function invalidateEventChange(queryClient: ReturnType<typeof useQueryClient>, eventId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId), exact: true }),
    queryClient.invalidateQueries({ queryKey: eventKeys.apply(eventId), exact: true }),
    queryClient.invalidateQueries({ queryKey: eventKeys.list(), exact: true }),
    queryClient.invalidateQueries({ queryKey: eventKeys.audit(eventId) }),
  ]);
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateSettingsMutationOptions(),
    onSuccess: (_data, { eventId }) => invalidateEventChange(queryClient, eventId),
  });
}
