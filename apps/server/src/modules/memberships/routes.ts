import {
  accessQuerySchema,
  accessResponseSchema,
  eventInvitationSchema,
  eventInvitationsResponseSchema,
  inviteMemberSchema,
  MEMBER_EXPORT_COLUMNS,
  memberSchema,
  membersExportQuerySchema,
  membersListQuerySchema,
  membersListResponseSchema,
  myInvitationsResponseSchema,
  updateMemberSchema,
} from '@funkis/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventParams, idSchema, ok } from '../../lib/http.js';
import { HttpError } from '../../lib/http-error.js';
import { languageOf } from '../../lib/language.js';
import { answers } from '../../lib/openapi.js';
import { readForExport, XLSX_TYPE } from '../../lib/table-export.js';
import { currentCaller, currentMembership, currentUser } from '../../plugins/auth.js';
import { ACCOUNT_RATE_LIMITS, byUser, dailyLimit, FailureWindow } from '../account/rate-limits.js';
import { schedulingService } from '../scheduling/service.js';
import { membersToCsv, membersToXlsx } from './export.js';
import { invitationsService, membershipsService } from './service.js';
import { updateMember } from './update-member.js';

const tags = { users: { tags: ['users'] }, controlPanel: { tags: ['control panel'] } };
const memberParams = z.object({ id: idSchema, eventUserId: idSchema });
const eventInvitationParams = z.object({ id: idSchema, invitationId: idSchema });
const invitationParams = z.object({ invitationId: idSchema });

const memberResponse = ok({ user: memberSchema });

/**
 * The users table: admins see and change every member; a group leader only sees (and exports) the members of
 * their own group.
 */
export const membershipsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = membershipsService(app.serverContext);
  const invitations = invitationsService(app.serverContext);
  const invitationsPerUser = new FailureWindow(app.db, ACCOUNT_RATE_LIMITS.invitationsPerUser);
  const invitationsPerDay = dailyLimit(
    app,
    'invitationsPerAccountPerDay',
    app.config.INVITATIONS_PER_ACCOUNT_PER_DAY,
    'error.tooManyInvitationsToday',
  );

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
      const caller = currentCaller(request);
      const { page, pageSize } = request.query;
      const query = await service.memberQuery(caller, request.query);
      const [users, total] = await Promise.all([
        service.listMembers(caller.eventId, query, pageSize, (page - 1) * pageSize),
        service.countMembers(caller.eventId, query),
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
        ...answers({ 'text/csv': 'text', [XLSX_TYPE]: 'binary' }, 'The table: CSV (`format=csv`) or XLSX'),
      },
    },
    async (request, reply) => {
      const caller = currentCaller(request);
      const query = await service.memberQuery(caller, request.query);
      const columns = request.query.columns ?? MEMBER_EXPORT_COLUMNS;
      const members = await readForExport(() => service.allMembers(caller.eventId, query));
      const name = `event-${caller.eventId}-users.${request.query.format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store');
      if (request.query.format === 'xlsx') {
        return reply.type(XLSX_TYPE).send(await membersToXlsx(members, columns));
      }
      const delimiter = request.query.delimiter === 'semicolon' ? ';' : ',';
      return reply.type('text/csv; charset=utf-8').send(await membersToCsv(members, columns, delimiter));
    },
  );

  app.post(
    '/event/:id/users',
    {
      onRequest: app.requireEventRole(0),
      // Every invitation an admin tries counts (refused ones too): guessing addresses stays slow.
      preHandler: [
        async (request, reply) => {
          const wait = await invitationsPerUser.hit(byUser(request));
          if (wait > 0) {
            reply.header('retry-after', String(wait));
            throw new HttpError(429, { code: 'error.tooManyInvitations' });
          }
        },
        invitationsPerDay,
      ],
      schema: {
        ...tags.users,
        summary:
          'Invite a person by e-mail address (admin): the same 201 whether or not the address has an account; ' +
          'they become a member when they accept. 409 when already a member or invited; 429 past the hourly limit',
        params: eventParams,
        body: inviteMemberSchema,
        response: { 201: ok({ invitation: eventInvitationSchema }) },
      },
    },
    async (request, reply) => {
      const { firstname, lastname } = currentUser(request);
      const inviter = { ...currentCaller(request), firstname, lastname };
      const invitation = await invitations.invite(inviter, request.body, languageOf(request));
      return reply.status(201).send({ invitation });
    },
  );

  app.get(
    '/event/:id/invitations',
    {
      onRequest: app.requireEventRole(0),
      schema: {
        ...tags.users,
        summary: "The event's invitations not accepted yet and not lapsed (admin)",
        params: eventParams,
        response: { 200: eventInvitationsResponseSchema },
      },
    },
    async (request) => ({ invitations: await invitations.listForEvent(currentMembership(request).eventId) }),
  );

  app.delete(
    '/event/:id/invitations/:invitationId',
    {
      onRequest: app.requireEventRole(0),
      schema: {
        ...tags.users,
        summary: 'Cancel an invitation (admin)',
        params: eventInvitationParams,
        response: { 200: ok({}) },
      },
    },
    async (request) => {
      await invitations.cancel(currentCaller(request), request.params.invitationId);
      return {};
    },
  );

  app.get(
    '/invitations',
    {
      onRequest: app.requireUser,
      schema: {
        ...tags.users,
        summary: "The caller's open invitations (their home page)",
        response: { 200: myInvitationsResponseSchema },
      },
    },
    async (request) => ({ invitations: await invitations.listMine(currentUser(request)) }),
  );

  app.post(
    '/invitations/:invitationId/accept',
    {
      onRequest: app.requireUser,
      schema: {
        ...tags.users,
        summary: 'Accept an invitation: the caller becomes a member with its role and group (404: not theirs)',
        params: invitationParams,
        response: { 200: ok({ event: z.object({ id: z.number(), name: z.string() }) }) },
      },
    },
    async (request) => invitations.accept(currentUser(request), request.params.invitationId),
  );

  app.post(
    '/invitations/:invitationId/decline',
    {
      onRequest: app.requireUser,
      schema: {
        ...tags.users,
        summary: 'Decline an invitation: no membership; the inviting admins are not told (404: not theirs)',
        params: invitationParams,
        response: { 200: ok({}) },
      },
    },
    async (request) => {
      await invitations.decline(currentUser(request), request.params.invitationId);
      return {};
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
      const user = await updateMember(
        app.serverContext,
        currentCaller(request),
        request.params.eventUserId,
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
      const caller = currentCaller(request);
      const { eventUserId } = request.params;
      // Their places on shifts to come are freed for the shifts' waitlists in the same transaction (decision 032);
      // whoever gets one is told.
      await service.removeMember(caller, eventUserId, (tx) =>
        schedulingService(tx).releasePlacesOf(caller.eventId, eventUserId),
      );
      return {};
    },
  );
};
