import { statisticsQuerySchema, statisticsResponseSchema } from '@funkis/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventParams } from '../../lib/http.js';
import { currentMembership } from '../../plugins/auth.js';
import { statisticsService } from './service.js';

/** Statistics of an event: admins only, one call per screen, every count from SQL. */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const statistics = statisticsService(app.db, app.dialect);

  app.get(
    '/event/:id/statistics',
    {
      onRequest: app.requireEventRole(0),
      schema: {
        tags: ['statistics'],
        summary: 'Applications by status, group, week and day; members by role and group; answers per option (admin)',
        params: eventParams,
        querystring: statisticsQuerySchema,
        response: { 200: statisticsResponseSchema },
      },
    },
    async (request) => statistics.forEvent(currentMembership(request).eventId, request.query),
  );
};
