import { eventFormSchema, saveFormSchema } from '@funkis/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventParams, ok } from '../../lib/http.js';
import { currentUser } from '../../plugins/auth.js';
import { formsService } from './service.js';

/** The application form's builder (admins only; DESIGN 4.3, issue 5). The apply page is the applications module's. */
export const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  const forms = formsService(app.db);
  const admin = app.requireEventRole(0);

  app.get(
    '/event/:id/form',
    {
      onRequest: admin,
      schema: { tags: ['forms'], params: eventParams, response: { 200: eventFormSchema } },
    },
    async (request) => forms.getForm(request.params.id),
  );

  app.post(
    '/event/:id/form',
    {
      onRequest: admin,
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
};
