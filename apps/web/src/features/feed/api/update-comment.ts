import type { Comment, CommentInput } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateFeedChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST /api/event/{id}/posts/{postId}/comments/{commentId} { message } (its author) → the comment, marked edited. */
export const updateComment = ({
  eventId,
  postId,
  commentId,
  ...input
}: CommentInput & { eventId: number; postId: number; commentId: number }) =>
  apiClient.post<{ comment: Comment }>(`/event/${eventId}/posts/${postId}/comments/${commentId}`, input);

export function useUpdateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateComment,
    onSuccess: (_data, { eventId }) => invalidateFeedChange(queryClient, eventId, 'posts'),
  });
}
