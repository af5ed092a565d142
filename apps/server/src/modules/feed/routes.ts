import {
  commentInputSchema,
  commentSchema,
  contactSchema,
  createLinkSchema,
  createPostSchema,
  linkSchema,
  pinPostSchema,
  postSchema,
  postsQuerySchema,
  postsResponseSchema,
  updatePostSchema,
} from '@funkis/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventParams, idSchema, ok } from '../../lib/http.js';
import { currentCaller, currentMembership, currentUser } from '../../plugins/auth.js';
import type { FeedViewer } from './repository.js';
import { feedService } from './service.js';

const tags = { tags: ['feed'] };
const postParams = z.object({ id: idSchema, postId: idSchema });
const commentParams = z.object({ id: idSchema, postId: idSchema, commentId: idSchema });
const linkParams = z.object({ id: idSchema, linkId: idSchema });
const postResponse = ok({ post: postSchema });
const commentResponse = ok({ comment: commentSchema });

function viewerOf(request: FastifyRequest): { eventId: number; viewer: FeedViewer } {
  const caller = currentCaller(request);
  return { eventId: caller.eventId, viewer: caller };
}

/** The event feed: posts and comments, the event's contacts and links. All members read it. */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = feedService(app.serverContext);
  const members = app.requireEventRole(0, 1, 2);

  app.get(
    '/event/:id/posts',
    {
      onRequest: members,
      schema: {
        ...tags,
        summary: 'Posts the caller may see, newest first, with their comments; `before` a post id for the next page',
        params: eventParams,
        querystring: postsQuerySchema,
        response: { 200: postsResponseSchema },
      },
    },
    async (request) => {
      const { eventId, viewer } = viewerOf(request);
      return service.listPosts(eventId, viewer, request.query.before);
    },
  );

  app.post(
    '/event/:id/posts',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: 'Write a post (admins, group leaders); `groupId` addresses it to one group',
        params: eventParams,
        body: createPostSchema,
        response: { 201: postResponse },
      },
    },
    async (request, reply) => {
      const { eventId, viewer } = viewerOf(request);
      return reply.status(201).send({ post: await service.createPost(eventId, viewer, request.body) });
    },
  );

  app.post(
    '/event/:id/posts/:postId',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: 'Edit a post (its author)',
        params: postParams,
        body: updatePostSchema,
        response: { 200: postResponse },
      },
    },
    async (request) => {
      const { eventId, viewer } = viewerOf(request);
      return { post: await service.updatePost(eventId, request.params.postId, viewer, request.body) };
    },
  );

  app.post(
    '/event/:id/posts/:postId/pin',
    {
      onRequest: app.requireEventRole(0),
      schema: {
        ...tags,
        summary: 'Pin a post on top of the feed, or unpin it (admin)',
        params: postParams,
        body: pinPostSchema,
        response: { 200: postResponse },
      },
    },
    async (request) => {
      const { eventId, viewer } = viewerOf(request);
      return { post: await service.pinPost(eventId, request.params.postId, viewer, request.body.pinned) };
    },
  );

  app.delete(
    '/event/:id/posts/:postId',
    {
      onRequest: members,
      schema: {
        ...tags,
        summary: 'Delete a post (its author or an admin)',
        params: postParams,
        response: { 200: ok({}) },
      },
    },
    async (request) => {
      const { eventId, viewer } = viewerOf(request);
      await service.deletePost(eventId, request.params.postId, viewer);
      return {};
    },
  );

  app.post(
    '/event/:id/posts/:postId/comments',
    {
      onRequest: members,
      schema: {
        ...tags,
        summary: 'Comment on a post (members who see it)',
        params: postParams,
        body: commentInputSchema,
        response: { 201: commentResponse },
      },
    },
    async (request, reply) => {
      const { eventId, viewer } = viewerOf(request);
      const comment = await service.createComment(eventId, request.params.postId, viewer, request.body);
      return reply.status(201).send({ comment });
    },
  );

  app.post(
    '/event/:id/posts/:postId/comments/:commentId',
    {
      onRequest: members,
      schema: {
        ...tags,
        summary: 'Edit a comment (its author)',
        params: commentParams,
        body: commentInputSchema,
        response: { 200: commentResponse },
      },
    },
    async (request) => {
      const { eventId, viewer } = viewerOf(request);
      const { postId, commentId } = request.params;
      return { comment: await service.updateComment(eventId, postId, commentId, viewer, request.body) };
    },
  );

  app.delete(
    '/event/:id/posts/:postId/comments/:commentId',
    {
      onRequest: members,
      schema: {
        ...tags,
        summary: 'Delete a comment (its author or an admin)',
        params: commentParams,
        response: { 200: ok({}) },
      },
    },
    async (request) => {
      const { eventId, viewer } = viewerOf(request);
      await service.deleteComment(eventId, request.params.postId, request.params.commentId, viewer);
      return {};
    },
  );

  app.get(
    '/event/:id/contacts',
    {
      onRequest: members,
      schema: {
        ...tags,
        summary: "The event's admins and group leaders with e-mail and group",
        params: eventParams,
        response: { 200: z.object({ contacts: z.array(contactSchema) }) },
      },
    },
    async (request) => ({ contacts: await service.contacts(currentMembership(request).eventId) }),
  );

  app.get(
    '/event/:id/links',
    {
      onRequest: members,
      schema: {
        ...tags,
        summary: "The event's links",
        params: eventParams,
        response: { 200: z.object({ links: z.array(linkSchema) }) },
      },
    },
    async (request) => ({ links: await service.listLinks(currentMembership(request).eventId) }),
  );

  app.post(
    '/event/:id/links',
    {
      onRequest: app.requireEventRole(0),
      schema: {
        ...tags,
        summary: 'Add a link (admin; http and https only)',
        params: eventParams,
        body: createLinkSchema,
        response: { 201: ok({ link: linkSchema }) },
      },
    },
    async (request, reply) => {
      const link = await service.createLink(currentMembership(request).eventId, currentUser(request).id, request.body);
      return reply.status(201).send({ link });
    },
  );

  app.delete(
    '/event/:id/links/:linkId',
    {
      onRequest: app.requireEventRole(0),
      schema: { ...tags, summary: 'Remove a link (admin)', params: linkParams, response: { 200: ok({}) } },
    },
    async (request) => {
      await service.deleteLink(currentMembership(request).eventId, request.params.linkId, currentUser(request).id);
      return {};
    },
  );
};
