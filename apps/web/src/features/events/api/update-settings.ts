import type { Event, EventSettingsInput } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateEventChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST /api/event/{id}/settings (admin) → the changed event. */
export const updateSettings = ({ eventId, settings }: { eventId: number; settings: EventSettingsInput }) =>
  apiClient.post<{ event: Event }>(`/event/${eventId}/settings`, settings);

export const updateSettingsMutationOptions = () =>
  mutationOptions({ mutationKey: ['events', 'settings'], mutationFn: updateSettings });

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateSettingsMutationOptions(),
    onSuccess: (_data, { eventId }) => invalidateEventChange(queryClient, eventId),
  });
}
