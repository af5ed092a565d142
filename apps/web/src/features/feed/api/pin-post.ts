import type { Post } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateFeedChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST /api/event/{id}/posts/{postId}/pin { pinned } (admin) → the post. */
export const pinPost = ({ eventId, postId, pinned }: { eventId: number; postId: number; pinned: boolean }) =>
  apiClient.post<{ post: Post }>(`/event/${eventId}/posts/${postId}/pin`, { pinned });

export function usePinPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pinPost,
    onSuccess: (_data, { eventId }) => invalidateFeedChange(queryClient, eventId, 'posts'),
  });
}
