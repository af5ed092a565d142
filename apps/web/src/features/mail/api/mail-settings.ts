import type { MailSettings, UpdateMailSettingsInput } from '@funkis/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateMailChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';
import { mailKeys } from '../../../lib/query-keys';

/** GET /api/event/{id}/mail-settings: the event's sending rate with the default and bounds. */
export const mailSettingsQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: mailKeys.settings(eventId),
    queryFn: ({ signal }) => apiClient.get<{ settings: MailSettings }>(`/event/${eventId}/mail-settings`, { signal }),
  });

export const useMailSettings = (eventId: number, enabled = true) =>
  useQuery({ ...mailSettingsQueryOptions(eventId), enabled });

/** POST /api/event/{id}/mail-settings (admins): a new rate changes the compose screen's delivery estimate. */
export function useUpdateMailSettings(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateMailSettingsInput) =>
      apiClient.post<{ settings: MailSettings }>(`/event/${eventId}/mail-settings`, input),
    onSuccess: async ({ settings }) => {
      queryClient.setQueryData(mailKeys.settings(eventId), { settings });
      await invalidateMailChange(queryClient, eventId, { preview: true });
    },
  });
}
