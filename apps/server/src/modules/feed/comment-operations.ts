import { type Comment, type CommentInput, canRemovePost } from '@funkis/shared';
import { writeAudit } from '../../lib/audit.js';
import { inTransaction } from '../../lib/context.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import { toComment } from './mapping.js';
import type { FeedContext } from './operations-context.js';
import type { FeedViewer } from './repository.js';
import * as feedRepository from './repository.js';

/** Comments by every member who sees the post: writing, editing (the author) and removing them. */
export function commentOperations(shared: FeedContext) {
  const { context, db, visiblePost } = shared;

  /** The comment as written, with its author's name and avatar, as the viewer sees it. */
  const commentFor = async (commentId: number, viewer: FeedViewer) => {
    const row = await feedRepository.findCommentRow(db, commentId);
    if (!row) throw notFound('feed.commentNotFound');
    return toComment(row, viewer);
  };

  return {
    async createComment(eventId: number, postId: number, viewer: FeedViewer, input: CommentInput): Promise<Comment> {
      await visiblePost(eventId, postId, viewer);
      const id = await inTransaction(context, async (tx) => {
        const { id } = await feedRepository.insertComment(tx.db, {
          post_id: postId,
          event_id: eventId,
          author_id: viewer.userId,
          message: input.message,
          created_at: nowIso(),
        });
        await writeAudit(tx.db, {
          eventId,
          actorId: viewer.userId,
          action: 'comment.created',
          subject: `comment:${id}`,
          details: { postId },
        });
        return id;
      });
      return commentFor(id, viewer);
    },

    async updateComment(
      eventId: number,
      postId: number,
      commentId: number,
      viewer: FeedViewer,
      input: CommentInput,
    ): Promise<Comment> {
      await visiblePost(eventId, postId, viewer);
      const current = await feedRepository.findComment(db, eventId, postId, commentId);
      if (!current) throw notFound('feed.commentNotFound');
      if (current.author_id !== viewer.userId) throw forbidden('feed.notAuthor');
      await inTransaction(context, async (tx) => {
        await feedRepository.updateComment(tx.db, commentId, { message: input.message, edited_at: nowIso() });
        await writeAudit(tx.db, {
          eventId,
          actorId: viewer.userId,
          action: 'comment.edited',
          subject: `comment:${commentId}`,
        });
      });
      return commentFor(commentId, viewer);
    },

    async deleteComment(eventId: number, postId: number, commentId: number, viewer: FeedViewer): Promise<void> {
      await visiblePost(eventId, postId, viewer);
      const current = await feedRepository.findComment(db, eventId, postId, commentId);
      if (!current) throw notFound('feed.commentNotFound');
      if (!canRemovePost(viewer, current.author_id === viewer.userId)) throw forbidden();
      await inTransaction(context, async (tx) => {
        await feedRepository.deleteComment(tx.db, commentId);
        await writeAudit(tx.db, {
          eventId,
          actorId: viewer.userId,
          action: 'comment.deleted',
          subject: `comment:${commentId}`,
          details: { postId, authorId: current.author_id },
        });
      });
    },
  };
}
