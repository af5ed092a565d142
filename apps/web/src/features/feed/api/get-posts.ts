import { FEED_LIMITS, type PostsResponse } from '@funkis/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { feedKeys } from '../../../lib/query-keys';

/** GET /api/event/{id}/posts?before= → a page of posts, newest first (pinned ones on the first page). */
export const getPosts = (eventId: number, before?: number) =>
  apiClient.get<PostsResponse>(`/event/${eventId}/posts`, { query: { before } });

export const postsQueryOptions = (eventId: number) =>
  infiniteQueryOptions({
    queryKey: feedKeys.posts(eventId),
    queryFn: ({ pageParam }) => getPosts(eventId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.posts.at(-1)?.id : undefined),
  });

/** The feed, asked again every REFRESH_MS while open: new posts and comments appear without a reload (decision 006). */
export function usePosts(eventId: number) {
  return useInfiniteQuery({ ...postsQueryOptions(eventId), refetchInterval: FEED_LIMITS.REFRESH_MS });
}
