import type { CreatePostInput, Post } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { feedKeys } from '../../../lib/query-keys';

/** POST /api/event/{id}/posts { message, groupId? } (admins, leaders) → the post. */
export const createPost = ({ eventId, ...input }: CreatePostInput & { eventId: number }) =>
  apiClient.post<{ post: Post }>(`/event/${eventId}/posts`, input);

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (_data, { eventId }) => queryClient.invalidateQueries({ queryKey: feedKeys.posts(eventId) }),
  });
}
