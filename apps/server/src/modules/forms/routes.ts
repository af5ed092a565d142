import {
  applicationAnswersSchema,
  appliedSchema,
  applyBodySchema,
  applyPageSchema,
  eventFormSchema,
  idParam,
  saveFormSchema,
} from '@funkis/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventParams, ok } from '../../lib/http.js';
import { currentMembership, currentUser } from '../../plugins/auth.js';
import { formsService } from './service.js';

/** Present in every successful POST answer; filled in by the session plugin (DESIGN 4.1). */

const applicationParams = z.object({ id: idParam, applicationId: idParam });

/**
 * The application form (builder: admins only), the apply page and call (any logged-in user, member or not)
 * and the answers of one application as they were given, across later form edits (DESIGN 4.3, issue 5).
 */
export const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  const forms = formsService(app.db);
  const admin = app.requireEventRole(0);

  app.get(
    '/event/:id/form',
    {
      preHandler: admin,
      schema: { tags: ['forms'], params: eventParams, response: { 200: eventFormSchema } },
    },
    async (request) => forms.getForm(request.params.id),
  );

  app.post(
    '/event/:id/form',
    {
      preHandler: admin,
      schema: {
        tags: ['forms'],
        params: eventParams,
        body: saveFormSchema,
        response: { 200: ok(eventFormSchema.shape) },
      },
    },
    async (request) =>
      forms.saveForm({
        eventId: request.params.id,
        actorId: currentUser(request).id,
        fields: request.body.fields,
        expectedUpdatedAt: request.body.updatedAt,
      }),
  );

  app.get(
    '/event/:id/apply',
    {
      preHandler: app.requireUser,
      schema: { tags: ['apply'], params: eventParams, response: { 200: applyPageSchema } },
    },
    async (request) => forms.getApplyPage(request.params.id, currentUser(request).id),
  );

  app.post(
    '/event/:id/apply',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['apply'],
        params: eventParams,
        body: applyBodySchema,
        response: { 201: ok(appliedSchema.shape) },
      },
    },
    async (request, reply) => {
      const application = await forms.apply(request.params.id, currentUser(request), request.body.answers);
      return reply.status(201).send({ application });
    },
  );

  app.get(
    '/event/:id/applications/:applicationId/answers',
    {
      preHandler: app.requireEventRole(0, 1),
      schema: {
        tags: ['applications'],
        params: applicationParams,
        response: { 200: applicationAnswersSchema },
      },
    },
    async (request) => ({
      answers: await forms.getApplicationAnswers(currentMembership(request), request.params.applicationId),
    }),
  );
};
