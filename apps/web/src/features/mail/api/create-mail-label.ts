import type { CreateMailLabelInput, MailLabel } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateMailChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST /api/event/{id}/mail-labels: a new custom label. */
export const createMailLabel = (eventId: number, input: CreateMailLabelInput) =>
  apiClient.post<{ label: MailLabel }>(`/event/${eventId}/mail-labels`, input);

export function useCreateMailLabel(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMailLabelInput) => createMailLabel(eventId, input),
    onSuccess: () => invalidateMailChange(queryClient, eventId, { labels: true }),
  });
}
