import { canPostToGroup } from '@funkis/shared';
import type { ServerContext } from '../../lib/context.js';
import { fieldError, notFound } from '../../lib/http-error.js';
import { groupsService } from '../groups/service.js';
import { toPost } from './mapping.js';
import type { FeedViewer, PostRow } from './repository.js';
import * as feedRepository from './repository.js';

/**
 * What every feed operation shares: the database and the helpers (posts as answers with their comments, the post
 * the viewer may see, the audience a post may have).
 */
export function feedContext(context: ServerContext) {
  const { db } = context;
  const withComments = async (rows: PostRow[], viewer: FeedViewer) => {
    const comments = await feedRepository.commentsOf(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toPost(row, comments, viewer));
  };

  /** A post the viewer may not see does not exist for them: 404, never 403. */
  const visiblePost = async (eventId: number, postId: number, viewer: FeedViewer) => {
    const row = await feedRepository.findVisiblePost(db, eventId, postId, viewer);
    if (!row) throw notFound('feed.postNotFound');
    return row;
  };

  const postFor = async (eventId: number, postId: number, viewer: FeedViewer) =>
    (await withComments([await visiblePost(eventId, postId, viewer)], viewer))[0];

  /** The audience a post may have: admins any group of the event, leaders their own group only. */
  const checkAudience = async (eventId: number, viewer: FeedViewer, groupId: number | null | undefined) => {
    if (groupId === undefined || groupId === null) return null;
    if (!canPostToGroup(viewer, groupId)) throw fieldError('groupId', 'feed.audienceOwnGroup', undefined, 403);
    if (!(await groupsService(context).find(eventId, groupId))) {
      throw fieldError('groupId', 'error.groupNotFound', undefined, 404);
    }
    return groupId;
  };

  return { context, db, withComments, visiblePost, postFor, checkAudience };
}

export type FeedContext = ReturnType<typeof feedContext>;
