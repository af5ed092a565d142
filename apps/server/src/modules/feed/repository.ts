/** All SQL of the feed (`posts`, `comments`, `event_links`): the only place that writes these tables. */

import { type EventLink, isAdmin } from '@funkis/shared';
import type { Db } from '../../db/types.js';
import { userAvatarUrl } from '../../lib/avatar-urls.js';
import type { Caller } from '../../lib/caller.js';

/** The member reading or writing the feed: what decides which posts they see. */
export type FeedViewer = Pick<Caller, 'userId' | 'roleLevel' | 'groupId'>;

export interface PostRow {
  id: number;
  event_id: number;
  author_id: number | null;
  message: string;
  created_at: string;
  edited_at: string | null;
  pinned_at: string | null;
  group_id: number | null;
  group_name: string | null;
  firstname: string | null;
  lastname: string | null;
  avatar: string | null;
}

export interface CommentRow {
  id: number;
  post_id: number;
  author_id: number | null;
  message: string;
  created_at: string;
  edited_at: string | null;
  firstname: string | null;
  lastname: string | null;
  avatar: string | null;
}

export const personOf = (row: {
  author_id: number | null;
  firstname: string | null;
  lastname: string | null;
  avatar: string | null;
}) =>
  row.author_id !== null && row.firstname !== null && row.lastname !== null
    ? {
        id: row.author_id,
        firstname: row.firstname,
        lastname: row.lastname,
        avatar: userAvatarUrl(row.author_id, row.avatar),
      }
    : null;

/** A comment with its author's name and avatar: the one shape every comment read returns. */
function selectComments(db: Db) {
  return db
    .selectFrom('comments as c')
    .leftJoin('users as u', 'u.id', 'c.author_id')
    .select([
      'c.id',
      'c.post_id',
      'c.author_id',
      'c.message',
      'c.created_at',
      'c.edited_at',
      'u.firstname',
      'u.lastname',
      'u.avatar',
    ]);
}

function postsOf(db: Db, eventId: number, viewer: FeedViewer) {
  let query = db
    .selectFrom('posts as p')
    .leftJoin('users as u', 'u.id', 'p.author_id')
    .leftJoin('event_groups as g', 'g.id', 'p.group_id')
    .select([
      'p.id',
      'p.event_id',
      'p.author_id',
      'p.message',
      'p.created_at',
      'p.edited_at',
      'p.pinned_at',
      'p.group_id',
      'g.name as group_name',
      'u.firstname',
      'u.lastname',
      'u.avatar',
    ])
    .where('p.event_id', '=', eventId);
  // A post for one group: that group's members, the admins and its author.
  if (!isAdmin(viewer)) {
    query = query.where((eb) =>
      eb.or([
        eb('p.group_id', 'is', null),
        ...(viewer.groupId !== null ? [eb('p.group_id', '=', viewer.groupId)] : []),
        eb('p.author_id', '=', viewer.userId),
      ]),
    );
  }
  return query;
}

/** Unpinned posts, newest first, older than `before` when given; one more than `limit` tells if more exist. */
export function listPosts(
  db: Db,
  eventId: number,
  viewer: FeedViewer,
  options: { before?: number; limit: number },
): Promise<PostRow[]> {
  let query = postsOf(db, eventId, viewer).where('p.pinned_at', 'is', null);
  if (options.before !== undefined) query = query.where('p.id', '<', options.before);
  return query.orderBy('p.id', 'desc').limit(options.limit).execute();
}

export function listPinned(db: Db, eventId: number, viewer: FeedViewer, limit: number): Promise<PostRow[]> {
  return postsOf(db, eventId, viewer)
    .where('p.pinned_at', 'is not', null)
    .orderBy('p.pinned_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
}

export function findVisiblePost(
  db: Db,
  eventId: number,
  postId: number,
  viewer: FeedViewer,
): Promise<PostRow | undefined> {
  return postsOf(db, eventId, viewer).where('p.id', '=', postId).executeTakeFirst();
}

export function commentsOf(db: Db, postIds: readonly number[]): Promise<CommentRow[]> {
  return postIds.length === 0
    ? Promise.resolve([])
    : selectComments(db)
        .where('c.post_id', 'in', [...postIds])
        .orderBy('c.id')
        .execute();
}

export function insertPost(
  db: Db,
  values: {
    event_id: number;
    author_id: number;
    message: string;
    group_id: number | null;
    created_at: string;
  },
) {
  return db
    .insertInto('posts')
    .values({ ...values, edited_at: null, pinned_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updatePost(
  db: Db,
  eventId: number,
  postId: number,
  changes: { message: string; group_id: number | null; edited_at: string },
) {
  return db.updateTable('posts').set(changes).where('event_id', '=', eventId).where('id', '=', postId).execute();
}

/** Whether the post is pinned now (read again under the event's lock: another admin may have pinned it). */
export async function isPinned(db: Db, eventId: number, postId: number): Promise<boolean> {
  const row = await db
    .selectFrom('posts')
    .select('pinned_at')
    .where('event_id', '=', eventId)
    .where('id', '=', postId)
    .executeTakeFirst();
  return row !== undefined && row.pinned_at !== null;
}

/** The event's pinned posts, whoever may see them. */
export async function countPinned(db: Db, eventId: number): Promise<number> {
  const row = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('event_id', '=', eventId)
    .where('pinned_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function setPinned(db: Db, eventId: number, postId: number, pinnedAt: string | null) {
  return db
    .updateTable('posts')
    .set({ pinned_at: pinnedAt })
    .where('event_id', '=', eventId)
    .where('id', '=', postId)
    .execute();
}

export function deletePost(db: Db, eventId: number, postId: number) {
  return db.deleteFrom('posts').where('event_id', '=', eventId).where('id', '=', postId).execute();
}

export function findComment(db: Db, eventId: number, postId: number, commentId: number) {
  return db
    .selectFrom('comments')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('post_id', '=', postId)
    .where('id', '=', commentId)
    .executeTakeFirst();
}

export function findCommentRow(db: Db, commentId: number): Promise<CommentRow | undefined> {
  return selectComments(db).where('c.id', '=', commentId).executeTakeFirst();
}

export function insertComment(
  db: Db,
  values: {
    post_id: number;
    event_id: number;
    author_id: number;
    message: string;
    created_at: string;
  },
) {
  return db
    .insertInto('comments')
    .values({ ...values, edited_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updateComment(db: Db, commentId: number, changes: { message: string; edited_at: string }) {
  return db.updateTable('comments').set(changes).where('id', '=', commentId).execute();
}

export function deleteComment(db: Db, commentId: number) {
  return db.deleteFrom('comments').where('id', '=', commentId).execute();
}

export async function listLinks(db: Db, eventId: number): Promise<EventLink[]> {
  const rows = await db
    .selectFrom('event_links')
    .select(['id', 'title', 'url', 'created_at'])
    .where('event_id', '=', eventId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.title, url: row.url, createdAt: row.created_at }));
}

export function insertLink(db: Db, values: { event_id: number; title: string; url: string; created_at: string }) {
  return db.insertInto('event_links').values(values).returning('id').executeTakeFirstOrThrow();
}

export function findLink(db: Db, eventId: number, linkId: number) {
  return db
    .selectFrom('event_links')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', linkId)
    .executeTakeFirst();
}

export function deleteLink(db: Db, eventId: number, linkId: number) {
  return db.deleteFrom('event_links').where('event_id', '=', eventId).where('id', '=', linkId).execute();
}
