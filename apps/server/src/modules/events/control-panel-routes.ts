import { accessQuerySchema, accessResponseSchema, auditListQuerySchema, auditListResponseSchema } from '@funkis/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMembership } from '../../plugins/auth.js';
import { eventParams, tags } from './http.js';
import { eventsRepository } from './repository.js';

/** The control panel's read-only sections (admin): who has which access, and the audit log. */
export const controlPanelRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = eventsRepository(app.db, app.dialect);

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
    async (request) => {
      const { eventId } = currentMembership(request);
      const { page, pageSize } = request.query;
      const [admins, groupLeaders, volunteers] = await Promise.all([
        repository.listAccess(eventId, 0, page, pageSize),
        repository.listAccess(eventId, 1, page, pageSize),
        repository.listAccess(eventId, 2, page, pageSize),
      ]);
      return {
        admins: admins.people,
        groupLeaders: groupLeaders.people,
        volunteers: volunteers.people,
        totals: { admins: admins.total, groupLeaders: groupLeaders.total, volunteers: volunteers.total },
      };
    },
  );

  app.get(
    '/event/:id/audit',
    {
      onRequest: app.requireEventRole(0),
      schema: {
        ...tags.controlPanel,
        summary: "The event's audit log, newest first (admin)",
        params: eventParams,
        querystring: auditListQuerySchema,
        response: { 200: auditListResponseSchema },
      },
    },
    async (request) =>
      repository.listAudit(currentMembership(request).eventId, request.query.page, request.query.pageSize),
  );
};
