import type { Post } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { feedKeys } from '../../../lib/query-keys';

/** POST /api/event/{id}/posts/{postId}/pin { pinned } (admin) → the post. */
export const pinPost = ({ eventId, postId, pinned }: { eventId: number; postId: number; pinned: boolean }) =>
  apiClient.post<{ post: Post }>(`/event/${eventId}/posts/${postId}/pin`, { pinned });

export function usePinPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pinPost,
    onSuccess: (_data, { eventId }) => queryClient.invalidateQueries({ queryKey: feedKeys.posts(eventId) }),
  });
}
