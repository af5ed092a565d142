import {
  allocateWishRoundSchema,
  createWishRoundSchema,
  saveWishesSchema,
  wishRoundParamsSchema,
  wishRoundPreviewResponseSchema,
  wishRoundPublishResponseSchema,
  wishRoundResponseSchema,
  wishRoundResultSchema,
  wishRoundsResponseSchema,
  wishRoundWishesResponseSchema,
} from '@funkis/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventParams, ok } from '../../lib/http.js';
import { currentCaller } from '../../plugins/auth.js';
import { stringifyInSlices } from './json-in-slices.js';
import { wishRoundsService } from './service.js';

const tags = { tags: ['wish-rounds'] };

/**
 * Sends an answer that may hold a whole preview (megabytes at 5,000 volunteers) as JSON written a slice at a time
 * (json-in-slices.ts): the same fields the response schema lists, with `success` and `_csrf` on a POST as the session
 * plugin adds them to every other answer.
 */
async function sendInSlices(request: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>, status = 200) {
  const extra = request.method === 'GET' ? {} : { success: true, _csrf: request.session?.csrfToken ?? '' };
  const text = await stringifyInSlices({ ...body, ...extra });
  return reply.status(status).type('application/json; charset=utf-8').send(text);
}

/** Wish rounds. Who may do what is decided in the service. */
export const wishRoundsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = wishRoundsService(app.serverContext);

  app.post(
    '/event/:id/wish-rounds',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary:
          'Open a wish round of shifts (of one group, or the whole event) with a closing time and how many shifts each person gives (admin; leader for their own group)',
        params: eventParams,
        body: createWishRoundSchema,
        response: { 201: ok(wishRoundResponseSchema.shape) },
      },
    },
    async (request, reply) => {
      const round = await service.create(currentCaller(request), request.body);
      return reply.status(201).send({ round });
    },
  );

  app.get(
    '/event/:id/wish-rounds',
    {
      onRequest: app.requireEventRole(0, 1, 2),
      schema: {
        ...tags,
        summary:
          "Wish rounds, newest first, at most 100 (admins all; leaders and volunteers their group's and the whole event's)",
        params: eventParams,
        response: { 200: wishRoundsResponseSchema },
      },
    },
    async (request) => ({ rounds: await service.list(currentCaller(request)) }),
  );

  app.get(
    '/event/:id/wish-rounds/:roundId',
    {
      onRequest: app.requireEventRole(0, 1, 2),
      schema: {
        ...tags,
        summary:
          'A wish round with its shifts; my wishes and friend code (volunteers in it), the wish count and last preview (organisers running it)',
        params: wishRoundParamsSchema,
        response: { 200: wishRoundResponseSchema },
      },
    },
    async (request, reply) =>
      sendInSlices(request, reply, { round: await service.get(currentCaller(request), request.params.roundId) }),
  );

  app.delete(
    '/event/:id/wish-rounds/:roundId',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: 'Delete a wish round that is not published (admin; leader for their own group)',
        params: wishRoundParamsSchema,
        response: { 200: ok({}) },
      },
    },
    async (request) => {
      await service.remove(currentCaller(request), request.params.roundId);
      return {};
    },
  );

  app.post(
    '/event/:id/wish-rounds/:roundId/wishes',
    {
      onRequest: app.requireEventRole(0, 1, 2),
      schema: {
        ...tags,
        summary:
          'Save my wishes (replaces them): ranked shifts, shifts I cannot do, how many I will do and a friend’s code (volunteers of the round; 409 once closed)',
        params: wishRoundParamsSchema,
        body: saveWishesSchema,
        response: { 200: ok(wishRoundWishesResponseSchema.shape) },
      },
    },
    async (request) => ({
      wishes: await service.saveWishes(currentCaller(request), request.params.roundId, request.body),
    }),
  );

  app.post(
    '/event/:id/wish-rounds/:roundId/allocate',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary:
          'Run the allocation and keep it as the preview that publishing places (admin; leader for their group’s round); allowed while open',
        params: wishRoundParamsSchema,
        body: allocateWishRoundSchema,
        response: { 200: ok(wishRoundPreviewResponseSchema.shape) },
      },
    },
    async (request, reply) =>
      sendInSlices(request, reply, {
        preview: await service.allocate(currentCaller(request), request.params.roundId, request.body),
      }),
  );

  app.post(
    '/event/:id/wish-rounds/:roundId/publish',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary:
          'Publish the preview exactly once: its places become shifts under the scheduling rules (those that no longer fit are answered as skipped) and everyone is told (admin; leader for their group’s round)',
        params: wishRoundParamsSchema,
        response: { 200: ok(wishRoundPublishResponseSchema.shape) },
      },
    },
    async (request, reply) =>
      sendInSlices(request, reply, await service.publish(currentCaller(request), request.params.roundId)),
  );

  app.get(
    '/event/:id/wish-rounds/:roundId/my-result',
    {
      onRequest: app.requireEventRole(0, 1, 2),
      schema: {
        ...tags,
        summary:
          'What I got in a published wish round and why each wish not met was not, with my place in the seeded order',
        params: wishRoundParamsSchema,
        response: { 200: wishRoundResultSchema },
      },
    },
    async (request) => service.myResult(currentCaller(request), request.params.roundId),
  );
};
