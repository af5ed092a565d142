import type { Comment } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateFeedChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST /api/event/{id}/posts/{postId}/comments { message } (members) → the comment. */
export const createComment = ({ eventId, postId, message }: { eventId: number; postId: number; message: string }) =>
  apiClient.post<{ comment: Comment }>(`/event/${eventId}/posts/${postId}/comments`, { message });

export function useCreateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createComment,
    onSuccess: (_data, { eventId }) => invalidateFeedChange(queryClient, eventId, 'posts'),
  });
}
