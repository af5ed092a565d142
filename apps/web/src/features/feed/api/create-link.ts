import type { CreateLinkInput, EventLink } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateFeedChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST /api/event/{id}/links { title, url } (admin; http and https only) → the link. */
export const createLink = ({ eventId, ...input }: CreateLinkInput & { eventId: number }) =>
  apiClient.post<{ link: EventLink }>(`/event/${eventId}/links`, input);

export function useCreateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLink,
    onSuccess: (_data, { eventId }) => invalidateFeedChange(queryClient, eventId, 'links'),
  });
}
