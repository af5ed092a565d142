import {
  createMailLabelSchema,
  mailCandidatesQuerySchema,
  mailCandidatesResponseSchema,
  mailLabelResponseSchema,
  mailLabelsResponseSchema,
  mailListQuerySchema,
  mailListResponseSchema,
  mailPreviewRequestSchema,
  mailPreviewResponseSchema,
  mailResponseSchema,
  mailSettingsResponseSchema,
  sendMailSchema,
  setMailLabelsSchema,
  updateMailSettingsSchema,
} from '@funkis/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventParams, idSchema, ok } from '../../lib/http.js';
import { languageOf } from '../../lib/language.js';
import { currentCaller, currentUser } from '../../plugins/auth.js';
import type { MailActor } from './service.js';

const mailParams = eventParams.extend({ emailId: idSchema });

function actorOf(request: FastifyRequest): MailActor {
  const user = currentUser(request);
  return { ...currentCaller(request), name: `${user.firstname} ${user.lastname}`, email: user.email };
}

/** E-mail to members (spec section 7): admins for the event, group leaders for their own group. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const tag = { tags: ['mail'] };
  const organisers = app.requireEventRole(0, 1);
  const admins = app.requireEventRole(0);

  app.get(
    '/event/:id/get-mails',
    {
      onRequest: organisers,
      schema: {
        ...tag,
        params: eventParams,
        querystring: mailListQuerySchema,
        response: { 200: mailListResponseSchema },
      },
    },
    async (request) => ({ emails: await app.mail.list(actorOf(request), request.query) }),
  );

  app.get(
    '/event/:id/get-mail/:emailId',
    { onRequest: organisers, schema: { ...tag, params: mailParams, response: { 200: mailResponseSchema } } },
    async (request) => ({ email: await app.mail.get(actorOf(request), request.params.emailId) }),
  );

  app.post(
    '/event/:id/send-mail',
    {
      onRequest: organisers,
      schema: { ...tag, params: eventParams, body: sendMailSchema, response: { 201: ok(mailResponseSchema.shape) } },
    },
    async (request, reply) => {
      const email = await app.mail.send(actorOf(request), request.body, languageOf(request));
      return reply.status(201).send({ email });
    },
  );

  app.post(
    '/event/:id/mail-receivers/preview',
    {
      onRequest: organisers,
      schema: {
        ...tag,
        params: eventParams,
        body: mailPreviewRequestSchema,
        response: { 200: ok(mailPreviewResponseSchema.shape) },
      },
    },
    async (request) => app.mail.preview(actorOf(request), request.body, languageOf(request)),
  );

  app.get(
    '/event/:id/mail-candidates',
    {
      onRequest: organisers,
      schema: {
        ...tag,
        params: eventParams,
        querystring: mailCandidatesQuerySchema,
        response: { 200: mailCandidatesResponseSchema },
      },
    },
    async (request) => ({ candidates: await app.mail.candidates(actorOf(request), request.query.search) }),
  );

  app.get(
    '/event/:id/mail-labels',
    { onRequest: organisers, schema: { ...tag, params: eventParams, response: { 200: mailLabelsResponseSchema } } },
    async (request) => ({ labels: await app.mail.labels(actorOf(request)) }),
  );

  app.post(
    '/event/:id/mail-labels',
    {
      onRequest: organisers,
      schema: {
        ...tag,
        params: eventParams,
        body: createMailLabelSchema,
        response: { 201: ok(mailLabelResponseSchema.shape) },
      },
    },
    async (request, reply) => {
      const label = await app.mail.createLabel(actorOf(request), request.body);
      return reply.status(201).send({ label });
    },
  );

  app.post(
    '/event/:id/get-mail/:emailId/labels',
    {
      onRequest: organisers,
      schema: {
        ...tag,
        params: mailParams,
        body: setMailLabelsSchema,
        response: { 200: ok(mailResponseSchema.shape) },
      },
    },
    async (request) => ({
      email: await app.mail.setLabels(actorOf(request), request.params.emailId, request.body.labelIds),
    }),
  );

  app.post(
    '/event/:id/get-mail/:emailId/retry',
    { onRequest: admins, schema: { ...tag, params: mailParams, response: { 200: ok(mailResponseSchema.shape) } } },
    async (request) => ({ email: await app.mail.retryFailed(actorOf(request), request.params.emailId) }),
  );

  app.get(
    '/event/:id/mail-settings',
    {
      onRequest: organisers,
      schema: {
        ...tag,
        summary: "The event's sending rate (messages a minute) with the server's default and bounds",
        params: eventParams,
        response: { 200: mailSettingsResponseSchema },
      },
    },
    async (request) => ({ settings: await app.mail.settings(actorOf(request)) }),
  );

  app.post(
    '/event/:id/mail-settings',
    {
      onRequest: admins,
      schema: {
        ...tag,
        summary: "Sets the event's sending rate (admin); mail queued afterwards keeps it",
        params: eventParams,
        body: updateMailSettingsSchema,
        response: { 200: ok(mailSettingsResponseSchema.shape) },
      },
    },
    async (request) => ({ settings: await app.mail.updateSettings(actorOf(request), request.body) }),
  );
};
