import { statisticsQuerySchema, statisticsResponseSchema } from '@funkis/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mapInSlices } from '../../lib/event-loop.js';
import { eventParams } from '../../lib/http.js';
import { currentMembership } from '../../plugins/auth.js';
import { statisticsService } from './service.js';

/** Statistics of an event: admins only, one call per screen, every count from SQL. */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const statistics = statisticsService(app.serverContext);

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
    async (request, reply) => {
      const answer = await statistics.forEvent(currentMembership(request).eventId, request.query);
      // The biggest form's answer (200 fields of 100 options, ~1 MB) is written a slice of fields at a time, the
      // loop turning between slices (decision 021); the rest, small, in one piece, with `fields` put after it as
      // its last key. A string is sent as it is, not serialized again.
      const { fields, ...rest } = answer;
      const written = await mapInSlices(fields, (field) => JSON.stringify(field), 20);
      const head = JSON.stringify(rest);
      const json = `${head.slice(0, -1)}${head === '{}' ? '' : ','}"fields":[${written.join(',')}]}`;
      // The type provider types `send` by the schema's object; the JSON text of that object is sent instead.
      return reply.type('application/json; charset=utf-8').send(json as unknown as typeof answer);
    },
  );
};
