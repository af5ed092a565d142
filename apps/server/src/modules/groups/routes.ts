import {
  createGroupSchema,
  groupSchema,
  groupsListQuerySchema,
  groupsListResponseSchema,
  updateGroupSchema,
} from '@funkis/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventParams, idSchema, ok } from '../../lib/http.js';
import { currentMembership, currentUser } from '../../plugins/auth.js';
import { groupsService } from './service.js';

const tags = { groups: { tags: ['groups'] } };
const groupParams = z.object({ id: idSchema, groupId: idSchema });

const groupResponse = ok({ group: groupSchema });

/** Groups of an event: every member may list them, admins change them. */
export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = groupsService(app.serverContext);

  app.get(
    '/event/:id/groups',
    {
      onRequest: app.requireEventRole(0, 1, 2),
      schema: {
        ...tags.groups,
        summary: "The event's groups with their member counts (members)",
        params: eventParams,
        querystring: groupsListQuerySchema,
        response: { 200: groupsListResponseSchema },
      },
    },
    async (request) => service.list(currentMembership(request).eventId, request.query.page, request.query.pageSize),
  );

  app.post(
    '/event/:id/groups',
    {
      onRequest: app.requireEventRole(0),
      schema: {
        ...tags.groups,
        summary: 'Create a group (admin)',
        params: eventParams,
        body: createGroupSchema,
        response: { 201: groupResponse },
      },
    },
    async (request, reply) => {
      const group = await service.create(currentMembership(request).eventId, currentUser(request).id, request.body);
      return reply.status(201).send({ group });
    },
  );

  app.post(
    '/event/:id/groups/:groupId',
    {
      onRequest: app.requireEventRole(0),
      schema: {
        ...tags.groups,
        summary: 'Rename a group or change its description (admin)',
        params: groupParams,
        body: updateGroupSchema,
        response: { 200: groupResponse },
      },
    },
    async (request) => {
      const group = await service.update(
        currentMembership(request).eventId,
        request.params.groupId,
        currentUser(request).id,
        request.body,
      );
      return { group };
    },
  );

  app.delete(
    '/event/:id/groups/:groupId',
    {
      onRequest: app.requireEventRole(0),
      schema: {
        ...tags.groups,
        summary: 'Delete a group (admin); its members stay in the event without a group',
        params: groupParams,
        response: { 200: ok({}) },
      },
    },
    async (request) => {
      await service.delete(currentMembership(request).eventId, request.params.groupId, currentUser(request).id);
      return {};
    },
  );
};
