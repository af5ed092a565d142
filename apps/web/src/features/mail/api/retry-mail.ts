import type { Mail } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateMailChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';
import { mailKeys } from '../../../lib/query-keys';

/** POST /api/event/{id}/get-mail/{emailId}/retry (admin): the failed receivers go into the queue again. */
export const retryMail = (eventId: number, emailId: number) =>
  apiClient.post<{ email: Mail }>(`/event/${eventId}/get-mail/${emailId}/retry`);

export function useRetryMail(eventId: number, emailId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryMail(eventId, emailId),
    onSuccess: async ({ email }) => {
      queryClient.setQueryData(mailKeys.detail(eventId, emailId), { email });
      await invalidateMailChange(queryClient, eventId, { lists: true });
    },
  });
}
