import { type CreatePostInput, canRemovePost, FEED_LIMITS, type Post, type UpdatePostInput } from '@funkis/shared';
import { writeAudit } from '../../lib/audit.js';
import { inTransaction } from '../../lib/context.js';
import { conflict, forbidden } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import { lockEvent } from '../../lib/transaction.js';
import type { FeedContext } from './operations-context.js';
import type { FeedViewer } from './repository.js';
import * as feedRepository from './repository.js';

/** Posts by admins and group leaders: writing, editing (the author), pinning (admins) and removing them. */
export function postOperations(shared: FeedContext) {
  const { context, visiblePost, postFor, checkAudience } = shared;
  return {
    async createPost(eventId: number, viewer: FeedViewer, input: CreatePostInput): Promise<Post> {
      const groupId = await checkAudience(eventId, viewer, input.groupId);
      const id = await inTransaction(context, async (tx) => {
        const { id } = await feedRepository.insertPost(tx.db, {
          event_id: eventId,
          author_id: viewer.userId,
          message: input.message,
          group_id: groupId,
          created_at: nowIso(),
        });
        await writeAudit(tx.db, {
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
      await inTransaction(context, async (tx) => {
        await feedRepository.updatePost(tx.db, eventId, postId, {
          message: input.message,
          group_id: groupId,
          edited_at: nowIso(),
        });
        await writeAudit(tx.db, {
          eventId,
          actorId: viewer.userId,
          action: 'post.edited',
          subject: `post:${postId}`,
          details: { groupId: { from: current.group_id, to: groupId } },
        });
      });
      return postFor(eventId, postId, viewer);
    },

    /**
     * Pins or unpins. Every pinned post is shown above the first page and the pages hold unpinned posts only, so a
     * pin beyond FEED_LIMITS.PINNED_MAXIMUM would hide a post from everyone: it is refused (409) instead. The count
     * is taken under the event's lock, so two admins pinning at the same moment cannot pass the limit together.
     */
    async pinPost(eventId: number, postId: number, viewer: FeedViewer, pinned: boolean): Promise<Post> {
      const current = await visiblePost(eventId, postId, viewer);
      if ((current.pinned_at !== null) !== pinned) {
        await inTransaction(context, async (tx) => {
          if (pinned) {
            await lockEvent(tx.db, eventId);
            // Another admin pinned it meanwhile: nothing left to do, and no second audit entry.
            if (await feedRepository.isPinned(tx.db, eventId, postId)) return;
            if ((await feedRepository.countPinned(tx.db, eventId)) >= FEED_LIMITS.PINNED_MAXIMUM) {
              throw conflict('feed.pinnedLimit', { max: FEED_LIMITS.PINNED_MAXIMUM });
            }
          }
          await feedRepository.setPinned(tx.db, eventId, postId, pinned ? nowIso() : null);
          await writeAudit(tx.db, {
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
      await inTransaction(context, async (tx) => {
        await feedRepository.deletePost(tx.db, eventId, postId);
        await writeAudit(tx.db, {
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
