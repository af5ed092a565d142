import { z } from 'zod';
import { cleanText, idSchema, safeString } from './common.js';
import { FEED_LIMITS } from './constants.js';
import { roleLevelSchema } from './events.js';

export const postMessageSchema = cleanText({
  max: FEED_LIMITS.POST_MAXIMUM,
  tooLong: 'feed.postTooLong',
  requiredCode: 'feed.postRequired',
});
export const commentMessageSchema = cleanText({
  max: FEED_LIMITS.COMMENT_MAXIMUM,
  tooLong: 'feed.commentTooLong',
  requiredCode: 'feed.commentRequired',
});

/** `null` or missing: every member; a group id: that group's members and the admins. */
export const postAudienceSchema = idSchema.nullable().optional();

export const createPostSchema = z.object({ message: postMessageSchema, groupId: postAudienceSchema });
export type CreatePostInput = z.infer<typeof createPostSchema>;
export const updatePostSchema = z.object({ message: postMessageSchema, groupId: postAudienceSchema });
export type UpdatePostInput = z.infer<typeof updatePostSchema>;
export const pinPostSchema = z.object({ pinned: z.boolean({ error: 'error.invalid' }) });
export const commentInputSchema = z.object({ message: commentMessageSchema });
export type CommentInput = z.infer<typeof commentInputSchema>;

export const postsQuerySchema = z.object({
  /** Posts older than this post id (the last one shown): the next page. */
  before: idSchema.optional(),
});

/** http and https only: `javascript:`, `data:` and the like are refused. */
export const isWebUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

export const linkUrlSchema = safeString('feed.linkUrlInvalid')
  .trim()
  .max(FEED_LIMITS.LINK_URL_MAXIMUM, { error: 'feed.linkUrlTooLong' })
  .refine(isWebUrl, { error: 'feed.linkUrlInvalid' });

export const createLinkSchema = z.object({
  title: cleanText({
    max: FEED_LIMITS.LINK_TITLE_MAXIMUM,
    tooLong: 'feed.linkTitleTooLong',
    requiredCode: 'feed.linkTitleRequired',
  }),
  url: linkUrlSchema,
});
export type CreateLinkInput = z.infer<typeof createLinkSchema>;

export const feedPersonSchema = z.object({
  id: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  avatar: z.string().nullable(),
});
export type FeedPerson = z.infer<typeof feedPersonSchema>;

export const commentSchema = z.object({
  id: z.number(),
  postId: z.number(),
  /** null when the author's account was removed. */
  author: feedPersonSchema.nullable(),
  message: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

export const postSchema = z.object({
  id: z.number(),
  author: feedPersonSchema.nullable(),
  message: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  pinned: z.boolean(),
  /** The audience: null for every member, else one group (and the admins). */
  group: z.object({ id: z.number(), name: z.string() }).nullable(),
  comments: z.array(commentSchema),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canPin: z.boolean(),
});
export type Post = z.infer<typeof postSchema>;

export const postsResponseSchema = z.object({
  /** Newest first, pinned ones left out (they come in `pinned`, on the first page only). */
  posts: z.array(postSchema),
  pinned: z.array(postSchema),
  hasMore: z.boolean(),
});
export type PostsResponse = z.infer<typeof postsResponseSchema>;

export const contactSchema = z.object({
  /** The membership id. */
  id: z.number(),
  userId: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  roleLevel: roleLevelSchema,
  group: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

export const linkSchema = z.object({ id: z.number(), title: z.string(), url: z.string(), createdAt: z.string() });
export type EventLink = z.infer<typeof linkSchema>;
