import {
  applicationAnswersSchema,
  applicationDetailResponseSchema,
  applicationExportQuerySchema,
  applicationListQuerySchema,
  applicationListResponseSchema,
  applicationsUpdateResponseSchema,
  applicationsUpdateSchema,
  appliedSchema,
  applyBodySchema,
  applyPageSchema,
  applyPreviewSchema,
} from '@funkis/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventParams, idSchema, ok } from '../../lib/http.js';
import { languageOf } from '../../lib/language.js';
import { answers } from '../../lib/openapi.js';
import { readForExport, XLSX_TYPE } from '../../lib/table-export.js';
import { currentCaller, currentMembership, currentUser } from '../../plugins/auth.js';
import { applicationsToCsv, applicationsToXlsx, exportColumnsOf } from './export.js';
import { applicationsService } from './service.js';

const applicationParams = z.object({ id: idSchema, applicationId: idSchema });

/**
 * Applications: the apply page and call (any logged-in user, member or not), the review (admins
 * the whole event, group leaders their own group only) and the answers of one application as they were given.
 */
export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const applications = applicationsService(app.serverContext);
  const tag = { tags: ['applications'] };
  const reviewers = app.requireEventRole(0, 1);

  app.get(
    '/event/:id/applications',
    {
      onRequest: reviewers,
      schema: {
        ...tag,
        params: eventParams,
        querystring: applicationListQuerySchema,
        response: { 200: applicationListResponseSchema },
      },
    },
    async (request) => {
      const { page, pageSize, sort, ...filter } = request.query;
      return applications.list(currentCaller(request), filter, { page, pageSize, sort });
    },
  );

  app.get(
    '/event/:id/applications/export',
    {
      onRequest: reviewers,
      schema: {
        ...tag,
        summary:
          "The review's filtered applications (every page, its sort) with the chosen columns, as CSV or XLSX (admin: all; group leader: own group)",
        params: eventParams,
        querystring: applicationExportQuerySchema,
        ...answers(
          { 'text/csv': 'text', [XLSX_TYPE]: 'binary' },
          'The file: text/csv (UTF-8 with BOM, `,` or `;`) or XLSX; one row per application, answers headed by their question',
        ),
      },
    },
    async (request, reply) => {
      const reviewer = currentCaller(request);
      const { format, delimiter, columns: asked, sort, ...filter } = request.query;
      const {
        applications: rows,
        fields,
        weekConfig,
      } = await readForExport(() => applications.exportRows(reviewer, filter, sort));
      const data = {
        applications: rows,
        columns: exportColumnsOf(asked, fields, weekConfig),
        weekConfig,
        language: languageOf(request),
      };
      const name = `event-${reviewer.eventId}-applications.${format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store');
      if (format === 'xlsx') return reply.type(XLSX_TYPE).send(await applicationsToXlsx(data));
      return reply
        .type('text/csv; charset=utf-8')
        .send(await applicationsToCsv(data, delimiter === 'semicolon' ? ';' : ','));
    },
  );

  app.post(
    '/event/:id/applications/update',
    {
      onRequest: reviewers,
      schema: {
        ...tag,
        params: eventParams,
        body: applicationsUpdateSchema,
        response: { 200: ok(applicationsUpdateResponseSchema.shape) },
      },
    },
    async (request) => applications.bulkUpdate(currentCaller(request), request.body),
  );

  app.get(
    '/event/:id/applications/:applicationId',
    {
      onRequest: reviewers,
      schema: {
        ...tag,
        params: applicationParams,
        response: { 200: applicationDetailResponseSchema },
      },
    },
    async (request) => applications.detail(currentCaller(request), request.params.applicationId),
  );

  app.get(
    '/event/:id/apply',
    {
      onRequest: app.requireUser,
      schema: { tags: ['apply'], params: eventParams, response: { 200: applyPageSchema } },
    },
    async (request) => applications.getApplyPage(request.params.id, currentUser(request).id),
  );

  app.get(
    '/event/:id/apply/preview',
    {
      config: { public: true },
      schema: {
        tags: ['apply'],
        summary: "The event's name and picture for a visitor not logged in, while it takes applications (else 404)",
        params: eventParams,
        response: { 200: applyPreviewSchema },
      },
    },
    async (request) => applications.getApplyPreview(request.params.id),
  );

  app.post(
    '/event/:id/apply',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['apply'],
        params: eventParams,
        body: applyBodySchema,
        response: { 201: ok(appliedSchema.shape) },
      },
    },
    async (request, reply) => {
      const application = await applications.apply(request.params.id, currentUser(request), request.body.answers);
      return reply.status(201).send({ application });
    },
  );

  app.get(
    '/event/:id/applications/:applicationId/answers',
    {
      onRequest: reviewers,
      schema: {
        ...tag,
        params: applicationParams,
        response: { 200: applicationAnswersSchema },
      },
    },
    async (request) => ({
      answers: await applications.answers(currentMembership(request), request.params.applicationId),
    }),
  );
};
