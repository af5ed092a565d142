import {
  accessQuerySchema,
  accessResponseSchema,
  addMemberSchema,
  MEMBER_EXPORT_COLUMNS,
  memberSchema,
  membersExportQuerySchema,
  membersListQuerySchema,
  membersListResponseSchema,
  updateMemberSchema,
} from '@funkis/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventParams, idSchema, ok } from '../../lib/http.js';
import { XLSX_TYPE } from '../../lib/table-export.js';
import { currentMembership, currentUser } from '../../plugins/auth.js';
import { membersToCsv, membersToXlsx } from './export.js';
import { membershipsService } from './service.js';

const tags = { users: { tags: ['users'] }, controlPanel: { tags: ['control panel'] } };
const memberParams = z.object({ id: idSchema, eventUserId: idSchema });

const memberResponse = ok({ user: memberSchema });

/**
 * The users table: admins see and change every member; a group leader only sees (and exports) the members of
 * their own group.
 */
export const membershipsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = membershipsService(app.db, app.dialect);

  app.get(
    '/event/:id/access',
    {
      onRequest: app.requireEventRole(0),
      schema: {
        ...tags.controlPanel,
        summary: 'Admins, group leaders and volunteers of the event (admin)',
        params: eventParams,
        querystring: accessQuerySchema,
        response: { 200: accessResponseSchema },
      },
    },
    async (request) => service.access(currentMembership(request).eventId, request.query.page, request.query.pageSize),
  );

  app.get(
    '/event/:id/users',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags.users,
        summary: 'One page of members, filtered and sorted (admin: all; group leader: own group)',
        params: eventParams,
        querystring: membersListQuerySchema,
        response: { 200: membersListResponseSchema },
      },
    },
    async (request) => {
      const membership = currentMembership(request);
      const { page, pageSize } = request.query;
      const query = await service.memberQuery(membership, request.query);
      const [users, total] = await Promise.all([
        service.listMembers(membership.eventId, query, pageSize, (page - 1) * pageSize),
        service.countMembers(membership.eventId, query),
      ]);
      return { users, total };
    },
  );

  app.get(
    '/event/:id/users/export',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags.users,
        summary: 'The filtered members (every page) with the chosen columns, as CSV or XLSX',
        params: eventParams,
        querystring: membersExportQuerySchema,
        response: { 200: z.any().describe('The file: text/csv, or XLSX') },
      },
    },
    async (request, reply) => {
      const membership = currentMembership(request);
      const query = await service.memberQuery(membership, request.query);
      const columns = request.query.columns ?? MEMBER_EXPORT_COLUMNS;
      const members = await service.allMembers(membership.eventId, query);
      const name = `event-${membership.eventId}-users.${request.query.format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store');
      if (request.query.format === 'xlsx') {
        return reply.type(XLSX_TYPE).send(await membersToXlsx(members, columns));
      }
      const delimiter = request.query.delimiter === 'semicolon' ? ';' : ',';
      return reply.type('text/csv; charset=utf-8').send(membersToCsv(members, columns, delimiter));
    },
  );

  app.post(
    '/event/:id/users',
    {
      onRequest: app.requireEventRole(0),
      schema: {
        ...tags.users,
        summary: 'Add an existing account by e-mail address (admin)',
        params: eventParams,
        body: addMemberSchema,
        response: { 201: memberResponse },
      },
    },
    async (request, reply) => {
      const user = await service.addMember(currentMembership(request).eventId, currentUser(request).id, request.body);
      return reply.status(201).send({ user });
    },
  );

  app.post(
    '/event/:id/users/:eventUserId',
    {
      onRequest: app.requireEventRole(0),
      schema: {
        ...tags.users,
        summary: "Change a member's role and/or group (admin); the last admin cannot be demoted",
        params: memberParams,
        body: updateMemberSchema,
        response: { 200: memberResponse },
      },
    },
    async (request) => {
      const user = await service.updateMember(
        currentMembership(request).eventId,
        request.params.eventUserId,
        currentUser(request).id,
        request.body,
      );
      return { user };
    },
  );

  app.delete(
    '/event/:id/users/:eventUserId',
    {
      onRequest: app.requireEventRole(0),
      schema: {
        ...tags.users,
        summary: 'Remove a member from the event (admin); the last admin cannot be removed',
        params: memberParams,
        response: { 200: ok({}) },
      },
    },
    async (request) => {
      await service.removeMember(
        currentMembership(request).eventId,
        request.params.eventUserId,
        currentUser(request).id,
      );
      return {};
    },
  );
};
