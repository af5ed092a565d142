import {
  createOfferSchema,
  offerParamsSchema,
  offerResponseSchema,
  offersResponseSchema,
  takeOfferResponseSchema,
} from '@funkis/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventParams, idSchema, ok } from '../../lib/http.js';
import { currentCaller } from '../../plugins/auth.js';
import { schedulingService } from './service.js';

const tags = { tags: ['scheduling'] };
const shiftParams = z.object({ id: idSchema, shiftId: idSchema });

/** Hand-over of a place on a shift (decision 033). Who may do what is decided in handover-operations.ts. */
export const handoverRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = schedulingService(app.serverContext);

  app.post(
    '/event/:id/shifts/:shiftId/offers',
    {
      onRequest: app.requireEventRole(0, 1, 2),
      schema: {
        ...tags,
        summary:
          "Offer the caller's place on the shift to their group until `until` (the start when not given); also after sign-off closed. 409 when already offered or started",
        params: shiftParams,
        body: createOfferSchema,
        response: { 201: ok(offerResponseSchema.shape) },
      },
    },
    async (request, reply) => {
      const offer = await service.offerPlace(currentCaller(request), request.params.shiftId, request.body);
      return reply.status(201).send({ offer });
    },
  );

  app.get(
    '/event/:id/offers',
    {
      onRequest: app.requireEventRole(0, 1, 2),
      schema: {
        ...tags,
        summary:
          "Offered places: a volunteer's takeable ones (own group, free and rested) and their own; organisers all of theirs, pending included",
        params: eventParams,
        response: { 200: ok(offersResponseSchema.shape) },
      },
    },
    async (request) => ({ offers: await service.offers(currentCaller(request)) }),
  );

  app.post(
    '/event/:id/offers/:offerId/take',
    {
      onRequest: app.requireEventRole(2),
      schema: {
        ...tags,
        summary:
          "Take an offered place (a volunteer the rules allow): 200 with the place, or 202 with the offer while a leader's approval is required; 409 when taken, withdrawn, expired or pending",
        params: offerParamsSchema,
        response: { 200: ok(takeOfferResponseSchema.shape), 202: ok(offerResponseSchema.shape) },
      },
    },
    async (request, reply) => {
      const result = await service.takeOffer(currentCaller(request), request.params.offerId);
      return 'assignment' in result ? result : reply.status(202).send(result);
    },
  );

  app.post(
    '/event/:id/offers/:offerId/approve',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: "Approve a pending hand-over (admin; the leader of the shift's group): the rules are asked again",
        params: offerParamsSchema,
        response: { 200: ok(takeOfferResponseSchema.shape) },
      },
    },
    async (request) => ({ assignment: await service.approveOffer(currentCaller(request), request.params.offerId) }),
  );

  app.post(
    '/event/:id/offers/:offerId/decline',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: "Decline a pending hand-over (admin; the leader of the shift's group): the offer is open again",
        params: offerParamsSchema,
        response: { 200: ok(offerResponseSchema.shape) },
      },
    },
    async (request) => ({ offer: await service.declineOffer(currentCaller(request), request.params.offerId) }),
  );

  app.delete(
    '/event/:id/offers/:offerId',
    {
      onRequest: app.requireEventRole(0, 1, 2),
      schema: {
        ...tags,
        summary: 'Withdraw an open or pending offer (the one who offered; they keep the place)',
        params: offerParamsSchema,
        response: { 200: ok(offerResponseSchema.shape) },
      },
    },
    async (request) => ({ offer: await service.withdrawOffer(currentCaller(request), request.params.offerId) }),
  );
};
