import { auditListQuerySchema, auditListResponseSchema } from '@funkis/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventParams } from '../../lib/http.js';
import { currentMembership } from '../../plugins/auth.js';
import * as auditRepository from './repository.js';

/** The control panel's audit log (admin): every role, status, group, settings, form, file and mail change. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/event/:id/audit',
    {
      onRequest: app.requireEventRole(0),
      schema: {
        tags: ['control panel'],
        summary: "The event's audit log, newest first (admin)",
        params: eventParams,
        querystring: auditListQuerySchema,
        response: { 200: auditListResponseSchema },
      },
    },
    async (request) =>
      auditRepository.listEvent(app.db, currentMembership(request).eventId, request.query.page, request.query.pageSize),
  );
};
