import { type Comment, canRemovePost, isAdmin, type Post } from '@funkis/shared';
import { type CommentRow, type FeedViewer, type PostRow, personOf } from './repository.js';

/** A comment as the viewer sees it: what they may do with it follows from who wrote it. */
export function toComment(row: CommentRow, viewer: FeedViewer): Comment {
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

/** A post as the viewer sees it, with its comments picked from `comments` (read for a whole page at once). */
export function toPost(row: PostRow, comments: CommentRow[], viewer: FeedViewer): Post {
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
