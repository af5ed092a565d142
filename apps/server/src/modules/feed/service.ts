import {
  type Comment,
  type CommentInput,
  type Contact,
  type CreateLinkInput,
  type CreatePostInput,
  canPostToGroup,
  canRemovePost,
  type EventLink,
  FEED_LIMITS,
  isAdmin,
  type Post,
  type PostsResponse,
  type UpdatePostInput,
} from '@funkis/shared';
import type { Db, DialectName } from '../../db/types.js';
import { writeAudit } from '../../lib/audit.js';
import { fieldError, forbidden, notFound } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import { withTransaction } from '../../lib/transaction.js';
import { groupsService } from '../groups/service.js';
import { membershipsService } from '../memberships/service.js';
import { type CommentRow, type FeedViewer, feedRepository, type PostRow, personOf } from './repository.js';

const PINNED_MAXIMUM = 20;
const CONTACTS_MAXIMUM = 100;

function toComment(row: CommentRow, viewer: FeedViewer): Comment {
  const isAuthor = row.author_id === viewer.userId;
  return {
    id: row.id,
    postId: row.post_id,
    author: personOf(row),
    message: row.message,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    canEdit: isAuthor,
    canDelete: canRemovePost(viewer, isAuthor),
  };
}

function toPost(row: PostRow, comments: CommentRow[], viewer: FeedViewer): Post {
  const isAuthor = row.author_id === viewer.userId;
  return {
    id: row.id,
    author: personOf(row),
    message: row.message,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    pinned: row.pinned_at !== null,
    group: row.group_id !== null && row.group_name !== null ? { id: row.group_id, name: row.group_name } : null,
    comments: comments.filter((comment) => comment.post_id === row.id).map((comment) => toComment(comment, viewer)),
    canEdit: isAuthor,
    canDelete: canRemovePost(viewer, isAuthor),
    canPin: isAdmin(viewer),
  };
}

/**
 * The event feed: posts (admins and group leaders), comments (every member who sees the post) and links
 * (admins). The one owner of `posts`, `comments` and `event_links`; every change with its audit entry.
 * A post addressed to a group is seen by that group's members, the admins and its author; to anyone else it
 * does not exist (404).
 */
export function feedService(db: Db, dialect: DialectName) {
  const read = feedRepository(db);

  const withComments = async (rows: PostRow[], viewer: FeedViewer) => {
    const comments = await read.commentsOf(rows.map((row) => row.id));
    return rows.map((row) => toPost(row, comments, viewer));
  };

  const visiblePost = async (eventId: number, postId: number, viewer: FeedViewer) => {
    const row = await read.findVisiblePost(eventId, postId, viewer);
    if (!row) throw notFound('feed.postNotFound');
    return row;
  };

  const postFor = async (eventId: number, postId: number, viewer: FeedViewer) =>
    (await withComments([await visiblePost(eventId, postId, viewer)], viewer))[0];

  /** The audience a post may have: admins any group of the event, leaders their own group only. */
  const checkAudience = async (eventId: number, viewer: FeedViewer, groupId: number | null | undefined) => {
    if (groupId === undefined || groupId === null) return null;
    if (!canPostToGroup(viewer, groupId)) throw fieldError('groupId', 'feed.audienceOwnGroup', undefined, 403);
    if (!(await groupsService(db, dialect).find(eventId, groupId))) {
      throw fieldError('groupId', 'error.groupNotFound', undefined, 404);
    }
    return groupId;
  };

  return {
    async listPosts(eventId: number, viewer: FeedViewer, before?: number): Promise<PostsResponse> {
      const rows = await read.listPosts(eventId, viewer, { before, limit: FEED_LIMITS.PAGE_SIZE + 1 });
      const page = rows.slice(0, FEED_LIMITS.PAGE_SIZE);
      const pinned = before === undefined ? await read.listPinned(eventId, viewer, PINNED_MAXIMUM) : [];
      const [posts, pinnedPosts] = await Promise.all([withComments(page, viewer), withComments(pinned, viewer)]);
      return { posts, pinned: pinnedPosts, hasMore: rows.length > FEED_LIMITS.PAGE_SIZE };
    },

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

    async createComment(eventId: number, postId: number, viewer: FeedViewer, input: CommentInput): Promise<Comment> {
      await visiblePost(eventId, postId, viewer);
      const id = await withTransaction(db, async (trx) => {
        const { id } = await feedRepository(trx).insertComment({
          post_id: postId,
          event_id: eventId,
          author_id: viewer.userId,
          message: input.message,
          created_at: nowIso(),
        });
        await writeAudit(trx, {
          eventId,
          actorId: viewer.userId,
          action: 'comment.created',
          subject: `comment:${id}`,
          details: { postId },
        });
        return id;
      });
      const row = await read.findCommentRow(id);
      if (!row) throw notFound('feed.commentNotFound');
      return toComment(row, viewer);
    },

    async updateComment(
      eventId: number,
      postId: number,
      commentId: number,
      viewer: FeedViewer,
      input: CommentInput,
    ): Promise<Comment> {
      await visiblePost(eventId, postId, viewer);
      const current = await read.findComment(eventId, postId, commentId);
      if (!current) throw notFound('feed.commentNotFound');
      if (current.author_id !== viewer.userId) throw forbidden('feed.notAuthor');
      await withTransaction(db, async (trx) => {
        await feedRepository(trx).updateComment(commentId, { message: input.message, edited_at: nowIso() });
        await writeAudit(trx, {
          eventId,
          actorId: viewer.userId,
          action: 'comment.edited',
          subject: `comment:${commentId}`,
        });
      });
      const row = await read.findCommentRow(commentId);
      if (!row) throw notFound('feed.commentNotFound');
      return toComment(row, viewer);
    },

    async deleteComment(eventId: number, postId: number, commentId: number, viewer: FeedViewer): Promise<void> {
      await visiblePost(eventId, postId, viewer);
      const current = await read.findComment(eventId, postId, commentId);
      if (!current) throw notFound('feed.commentNotFound');
      if (!canRemovePost(viewer, current.author_id === viewer.userId)) throw forbidden();
      await withTransaction(db, async (trx) => {
        await feedRepository(trx).deleteComment(commentId);
        await writeAudit(trx, {
          eventId,
          actorId: viewer.userId,
          action: 'comment.deleted',
          subject: `comment:${commentId}`,
          details: { postId, authorId: current.author_id },
        });
      });
    },

    /** Admins and group leaders, with e-mail and group: whom a member can turn to. */
    async contacts(eventId: number): Promise<Contact[]> {
      const memberships = membershipsService(db, dialect);
      const lists = await Promise.all(
        ([0, 1] as const).map((roleLevel) =>
          memberships.listMembers(eventId, { scope: { kind: 'all' }, roleLevel }, CONTACTS_MAXIMUM, 0),
        ),
      );
      return lists.flat().map((member) => ({
        id: member.id,
        userId: member.userId,
        firstname: member.firstname,
        lastname: member.lastname,
        email: member.email,
        avatar: member.avatar,
        roleLevel: member.roleLevel,
        group: member.group,
      }));
    },

    listLinks: (eventId: number): Promise<EventLink[]> => read.listLinks(eventId),

    async createLink(eventId: number, actorId: number, input: CreateLinkInput): Promise<EventLink> {
      const createdAt = nowIso();
      const id = await withTransaction(db, async (trx) => {
        const { id } = await feedRepository(trx).insertLink({
          event_id: eventId,
          title: input.title,
          url: input.url,
          created_at: createdAt,
        });
        await writeAudit(trx, {
          eventId,
          actorId,
          action: 'link.created',
          subject: `event_link:${id}`,
          details: { title: input.title, url: input.url },
        });
        return id;
      });
      return { id, title: input.title, url: input.url, createdAt };
    },

    async deleteLink(eventId: number, linkId: number, actorId: number): Promise<void> {
      const current = await read.findLink(eventId, linkId);
      if (!current) throw notFound('feed.linkNotFound');
      await withTransaction(db, async (trx) => {
        await feedRepository(trx).deleteLink(eventId, linkId);
        await writeAudit(trx, {
          eventId,
          actorId,
          action: 'link.deleted',
          subject: `event_link:${linkId}`,
          details: { title: current.title, url: current.url },
        });
      });
    },
  };
}

export type FeedService = ReturnType<typeof feedService>;
