import {
  acceptCoverResponseSchema,
  askForCoverSchema,
  coverRequestOfEventParamsSchema,
  coverRequestParamsSchema,
  coverRequestResponseSchema,
  coverShiftParamsSchema,
  offeredCoverRequestsResponseSchema,
} from '@funkis/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http.js';
import { currentCaller, currentUser } from '../../plugins/auth.js';
import { coverService } from './service.js';

const tags = { tags: ['cover'] };

/** Asking for cover and taking it. Who may is decided in the service. */
export const coverRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = coverService(app.serverContext);

  app.post(
    '/event/:id/shifts/:shiftId/cover-requests',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary:
          "Ask the group's free, rested volunteers to cover a free place, or the place of a person who is late or did not come (`replacing`: their place is freed and they are told) (admin; leader for their group); 200 with the open request when the shift already has one",
        params: coverShiftParamsSchema,
        body: askForCoverSchema,
        response: { 200: ok(coverRequestResponseSchema.shape), 201: ok(coverRequestResponseSchema.shape) },
      },
    },
    async (request, reply) => {
      const { coverRequest, created } = await service.askForCover(
        currentCaller(request),
        request.params.shiftId,
        request.body.replacing,
      );
      return reply.status(created ? 201 : 200).send({ coverRequest });
    },
  );

  app.delete(
    '/event/:id/cover-requests/:coverRequestId',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary:
          'Withdraw a cover request nobody took: it is closed and can no longer be taken (admin; leader for their group); 200 when already closed, 409 when taken',
        params: coverRequestOfEventParamsSchema,
        response: { 200: ok({}) },
      },
    },
    async (request) => {
      await service.withdraw(currentCaller(request), request.params.coverRequestId);
      return {};
    },
  );

  app.get(
    '/cover-requests',
    {
      onRequest: app.requireUser,
      schema: {
        ...tags,
        summary: 'The cover requests offered to me, in every event, for shifts that have not ended',
        response: { 200: offeredCoverRequestsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { coverRequests: await service.offeredTo(currentUser(request)) };
    },
  );

  app.post(
    '/cover-requests/:id/accept',
    {
      onRequest: app.requireUser,
      schema: {
        ...tags,
        summary: 'Take the place a cover request offers me (409 when someone took it first)',
        params: coverRequestParamsSchema,
        response: { 200: ok(acceptCoverResponseSchema.shape) },
      },
    },
    async (request) => ({
      assignment: await service.accept(currentUser(request), request.params.id),
    }),
  );
};
