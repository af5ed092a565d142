import type { SchedulingSettings } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { shiftKeys } from '../../../lib/query-keys';

/** POST /api/event/{id}/scheduling-settings (admin): rest, self sign-up groups, sign-off, reminders. */
export function useSaveSchedulingSettings(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['shifts', eventId, 'settings'],
    mutationFn: (settings: SchedulingSettings) =>
      apiClient.post<{ settings: SchedulingSettings }>(`/event/${eventId}/scheduling-settings`, settings),
    onSuccess: (result) => queryClient.setQueryData(shiftKeys.settings(eventId), { settings: result.settings }),
  });
}
