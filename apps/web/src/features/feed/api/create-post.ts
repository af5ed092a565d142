import type { CreatePostInput, Post } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateFeedChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST /api/event/{id}/posts { message, groupId? } (admins, leaders) → the post. */
export const createPost = ({ eventId, ...input }: CreatePostInput & { eventId: number }) =>
  apiClient.post<{ post: Post }>(`/event/${eventId}/posts`, input);

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (_data, { eventId }) => invalidateFeedChange(queryClient, eventId, 'posts'),
  });
}
