import { type CreatePostInput, canRemovePost, type Post, type UpdatePostInput } from '@funkis/shared';
import { writeAudit } from '../../lib/audit.js';
import { forbidden } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import { withTransaction } from '../../lib/transaction.js';
import type { FeedContext } from './operations-context.js';
import { type FeedViewer, feedRepository } from './repository.js';

/** Posts by admins and group leaders: writing, editing (the author), pinning (admins) and removing them. */
export function postOperations(shared: FeedContext) {
  const { db, visiblePost, postFor, checkAudience } = shared;
  return {
    async createPost(eventId: number, viewer: FeedViewer, input: CreatePostInput): Promise<Post> {
      const groupId = await checkAudience(eventId, viewer, input.groupId);
      const id = await withTransaction(db, async (trx) => {
        const { id } = await feedRepository(trx).insertPost({
          event_id: eventId,
          author_id: viewer.userId,
          message: input.message,
          group_id: groupId,
          created_at: nowIso(),
        });
        await writeAudit(trx, {
          eventId,
          actorId: viewer.userId,
          action: 'post.created',
          subject: `post:${id}`,
          details: { groupId, length: input.message.length },
        });
        return id;
      });
      return postFor(eventId, id, viewer);
    },

    async updatePost(eventId: number, postId: number, viewer: FeedViewer, input: UpdatePostInput): Promise<Post> {
      const current = await visiblePost(eventId, postId, viewer);
      if (current.author_id !== viewer.userId) throw forbidden('feed.notAuthor');
      const groupId =
        input.groupId === undefined ? current.group_id : await checkAudience(eventId, viewer, input.groupId);
      await withTransaction(db, async (trx) => {
        await feedRepository(trx).updatePost(eventId, postId, {
          message: input.message,
          group_id: groupId,
          edited_at: nowIso(),
        });
        await writeAudit(trx, {
          eventId,
          actorId: viewer.userId,
          action: 'post.edited',
          subject: `post:${postId}`,
          details: { groupId: { from: current.group_id, to: groupId } },
        });
      });
      return postFor(eventId, postId, viewer);
    },

    async pinPost(eventId: number, postId: number, viewer: FeedViewer, pinned: boolean): Promise<Post> {
      const current = await visiblePost(eventId, postId, viewer);
      if ((current.pinned_at !== null) !== pinned) {
        await withTransaction(db, async (trx) => {
          await feedRepository(trx).setPinned(eventId, postId, pinned ? nowIso() : null);
          await writeAudit(trx, {
            eventId,
            actorId: viewer.userId,
            action: pinned ? 'post.pinned' : 'post.unpinned',
            subject: `post:${postId}`,
          });
        });
      }
      return postFor(eventId, postId, viewer);
    },

    async deletePost(eventId: number, postId: number, viewer: FeedViewer): Promise<void> {
      const current = await visiblePost(eventId, postId, viewer);
      if (!canRemovePost(viewer, current.author_id === viewer.userId)) throw forbidden();
      await withTransaction(db, async (trx) => {
        await feedRepository(trx).deletePost(eventId, postId);
        await writeAudit(trx, {
          eventId,
          actorId: viewer.userId,
          action: 'post.deleted',
          subject: `post:${postId}`,
          details: { authorId: current.author_id },
        });
      });
    },
  };
}
