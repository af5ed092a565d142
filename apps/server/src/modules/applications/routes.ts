import {
  applicationDetailResponseSchema,
  applicationListQuerySchema,
  applicationListResponseSchema,
  applicationsUpdateResponseSchema,
  applicationsUpdateSchema,
  idParam,
} from '@funkis/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventParams, ok } from '../../lib/http.js';
import { currentMembership, currentUser } from '../../plugins/auth.js';
import { applicationsService, type Reviewer } from './service.js';

/** Present in every successful POST answer; filled in by the session plugin (DESIGN 4.1). */

const applicationParams = z.object({ id: idParam, applicationId: idParam });

function reviewerOf(request: FastifyRequest): Reviewer {
  const membership = currentMembership(request);
  return {
    userId: currentUser(request).id,
    eventId: membership.eventId,
    roleLevel: membership.roleLevel,
    groupId: membership.groupId,
  };
}

/** Applications review (DESIGN 4.3): admins see the whole event, group leaders their own group only. */
export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const applications = applicationsService(app.db, app.dialect);
  const tag = { tags: ['applications'] };
  const reviewers = app.requireEventRole(0, 1);

  app.get(
    '/event/:id/applications',
    {
      preHandler: reviewers,
      schema: {
        ...tag,
        params: eventParams,
        querystring: applicationListQuerySchema,
        response: { 200: applicationListResponseSchema },
      },
    },
    async (request) => {
      const { page, pageSize, sort, ...filter } = request.query;
      return applications.list(reviewerOf(request), filter, { page, pageSize, sort });
    },
  );

  app.post(
    '/event/:id/applications/update',
    {
      preHandler: reviewers,
      schema: {
        ...tag,
        params: eventParams,
        body: applicationsUpdateSchema,
        response: { 200: ok(applicationsUpdateResponseSchema.shape) },
      },
    },
    async (request) => applications.bulkUpdate(reviewerOf(request), request.body),
  );

  app.get(
    '/event/:id/applications/:applicationId',
    {
      preHandler: reviewers,
      schema: {
        ...tag,
        params: applicationParams,
        response: { 200: applicationDetailResponseSchema },
      },
    },
    async (request) => applications.detail(reviewerOf(request), request.params.applicationId),
  );
};
