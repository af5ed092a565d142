import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateFeedChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** DELETE /api/event/{id}/posts/{postId} (its author or an admin). */
export const deletePost = ({ eventId, postId }: { eventId: number; postId: number }) =>
  apiClient.delete<object>(`/event/${eventId}/posts/${postId}`);

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_data, { eventId }) => invalidateFeedChange(queryClient, eventId, 'posts'),
  });
}
