import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateFeedChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** DELETE /api/event/{id}/links/{linkId} (admin). */
export const deleteLink = ({ eventId, linkId }: { eventId: number; linkId: number }) =>
  apiClient.delete<object>(`/event/${eventId}/links/${linkId}`);

export function useDeleteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLink,
    onSuccess: (_data, { eventId }) => invalidateFeedChange(queryClient, eventId, 'links'),
  });
}
