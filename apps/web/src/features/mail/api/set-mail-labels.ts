import type { Mail } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateMailChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';
import { mailKeys } from '../../../lib/query-keys';

/** POST /api/event/{id}/get-mail/{emailId}/labels: the e-mail's custom labels become exactly these. */
export const setMailLabels = (eventId: number, emailId: number, labelIds: number[]) =>
  apiClient.post<{ email: Mail }>(`/event/${eventId}/get-mail/${emailId}/labels`, { labelIds });

/** Changes the e-mail, the label folders' lists and the label counts. */
export function useSetMailLabels(eventId: number, emailId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (labelIds: number[]) => setMailLabels(eventId, emailId, labelIds),
    onSuccess: async ({ email }) => {
      queryClient.setQueryData(mailKeys.detail(eventId, emailId), { email });
      await invalidateMailChange(queryClient, eventId, { lists: true, labels: true });
    },
  });
}
