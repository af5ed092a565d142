import {
  badgesQuerySchema,
  boardQuerySchema,
  boardResponseSchema,
  checkInInputSchema,
  checkInPersonQuerySchema,
  checkInPersonResponseSchema,
  checkInResponseSchema,
  checkInSearchQuerySchema,
  checkInSearchResponseSchema,
  myCodeSchema,
} from '@funkis/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventParams, idSchema, ok } from '../../lib/http.js';
import { answers } from '../../lib/openapi.js';
import { currentCaller, currentMembership } from '../../plugins/auth.js';
import { badgesPdf } from './badges.js';
import { eventDayService } from './service.js';

const tags = { tags: ['event day'] };

/** The event day: personal codes, check-in and check-out, the live board, badges. Who may is decided in the service. */
export const eventDayRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = eventDayService(app.serverContext);

  app.get(
    '/event/:id/my-code',
    {
      onRequest: app.requireEventRole(0, 1, 2),
      schema: {
        ...tags,
        summary: "The caller's personal code: the text their QR code carries (any member)",
        params: eventParams,
        response: { 200: myCodeSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { code: await service.myCode(currentMembership(request)) };
    },
  );

  app.post(
    '/event/:id/users/:eventUserId/code/revoke',
    {
      onRequest: app.requireEventRole(0),
      schema: {
        ...tags,
        summary: "Make a member's code invalid; their next code is a new one (admin)",
        params: z.object({ id: idSchema, eventUserId: idSchema }),
        response: { 200: ok({}) },
      },
    },
    async (request) => {
      await service.revokeCode(currentCaller(request), request.params.eventUserId);
      return {};
    },
  );

  app.post(
    '/event/:id/check-ins',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary:
          'Check a member in or out, at the event or for a shift (admin; leader for their group); a replayed clientId answers 200',
        params: eventParams,
        body: checkInInputSchema,
        response: { 200: ok(checkInResponseSchema.shape), 201: ok(checkInResponseSchema.shape) },
      },
    },
    async (request, reply) => {
      const { checkIn, created } = await service.checkIn(currentCaller(request), request.body);
      return reply.status(created ? 201 : 200).send({ checkIn });
    },
  );

  app.delete(
    '/event/:id/check-ins/:checkInId',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: 'Undo a check-in within a minute (whoever recorded it, or an admin)',
        params: z.object({ id: idSchema, checkInId: idSchema }),
        response: { 200: ok(checkInResponseSchema.shape) },
      },
    },
    async (request) => ({ checkIn: await service.undo(currentCaller(request), request.params.checkInId) }),
  );

  app.get(
    '/event/:id/check-ins/person',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: 'Who a code or membership id is, whether on site, and their shifts open for check-in now',
        params: eventParams,
        querystring: checkInPersonQuerySchema,
        response: { 200: checkInPersonResponseSchema },
      },
    },
    async (request) => service.person(currentMembership(request), request.query),
  );

  app.get(
    '/event/:id/check-ins/search',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: 'Members by name for the check-in screen (admin; leader: their group)',
        params: eventParams,
        querystring: checkInSearchQuerySchema,
        response: { 200: checkInSearchResponseSchema },
      },
    },
    async (request) => ({ people: await service.search(currentMembership(request), request.query.q) }),
  );

  app.get(
    '/event/:id/board',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: "The live board: shifts of the window with each person's state (admin; leader: their group)",
        params: eventParams,
        querystring: boardQuerySchema,
        response: { 200: boardResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.board(currentMembership(request), request.query);
    },
  );

  app.get(
    '/event/:id/badges.pdf',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: "Badges with each member's QR code, A4 cards or 70 × 37 mm labels (admin; leader: their group)",
        params: eventParams,
        querystring: badgesQuerySchema,
        ...answers({ 'application/pdf': 'binary' }, 'The badges: A4 pages of cards or label sheets'),
      },
    },
    async (request, reply) => {
      const badges = await service.badgeHolders(currentMembership(request), request.query.groupId);
      const pdf = await badgesPdf(badges, request.query.size);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="badges.pdf"')
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};
