import type { Mail, SendMailInput } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateMailChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';
import { mailKeys } from '../../../lib/query-keys';

/** POST /api/event/{id}/send-mail: stores the e-mail and queues one message per receiver. */
export const sendMail = (eventId: number, input: SendMailInput) =>
  apiClient.post<{ email: Mail }>(`/event/${eventId}/send-mail`, input);

/** A new e-mail changes the folder lists and the Sent count; its detail is seeded from the answer. */
export function useSendMail(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMailInput) => sendMail(eventId, input),
    onSuccess: async ({ email }) => {
      queryClient.setQueryData(mailKeys.detail(eventId, email.id), { email });
      await invalidateMailChange(queryClient, eventId, { lists: true, labels: true });
    },
  });
}
