import type { Post, UpdatePostInput } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateFeedChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST /api/event/{id}/posts/{postId} { message, groupId? } (its author) → the post, marked edited. */
export const updatePost = ({ eventId, postId, ...input }: UpdatePostInput & { eventId: number; postId: number }) =>
  apiClient.post<{ post: Post }>(`/event/${eventId}/posts/${postId}`, input);

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    onSuccess: (_data, { eventId }) => invalidateFeedChange(queryClient, eventId, 'posts'),
  });
}
