import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateFeedChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** DELETE /api/event/{id}/posts/{postId}/comments/{commentId} (its author or an admin). */
export const deleteComment = ({ eventId, postId, commentId }: { eventId: number; postId: number; commentId: number }) =>
  apiClient.delete<object>(`/event/${eventId}/posts/${postId}/comments/${commentId}`);

export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_data, { eventId }) => invalidateFeedChange(queryClient, eventId, 'posts'),
  });
}
