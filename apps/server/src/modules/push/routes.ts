import {
  notificationSettingsInputSchema,
  notificationSettingsSchema,
  pushPublicKeySchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
} from '@funkis/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http.js';
import { currentUser } from '../../plugins/auth.js';

const tags = { tags: ['push'] };

/** Web push: the server's public key, a device's subscription, and what each person allows by push. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.push;

  app.get(
    '/push/public-key',
    {
      config: { public: true },
      schema: {
        ...tags,
        summary: "The server's VAPID public key (base64url), for the browser's pushManager.subscribe",
        response: { 200: pushPublicKeySchema },
      },
    },
    async () => ({ publicKey: service.publicKey() }),
  );

  app.post(
    '/push/subscriptions',
    {
      onRequest: app.requireUser,
      schema: {
        ...tags,
        summary: "Receive push messages on this device (the same address again updates it; it becomes the caller's)",
        body: pushSubscriptionInputSchema,
        response: { 201: ok({}) },
      },
    },
    async (request, reply) => {
      await service.subscribe(currentUser(request).id, request.body);
      return reply.status(201).send({});
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      onRequest: app.requireUser,
      schema: {
        ...tags,
        summary: "Stop push messages to one of the caller's devices (404 when the address is not theirs)",
        body: pushUnsubscribeInputSchema,
        response: { 200: ok({}) },
      },
    },
    async (request) => {
      await service.unsubscribe(currentUser(request).id, request.body.endpoint);
      return {};
    },
  );

  app.get(
    '/account/notifications',
    {
      onRequest: app.requireUser,
      schema: {
        ...tags,
        summary: 'Which kinds of notice may come by push (the others come by e-mail)',
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => service.notificationSettings(currentUser(request).id),
  );

  app.post(
    '/account/notifications',
    {
      onRequest: app.requireUser,
      schema: {
        ...tags,
        summary: 'Change which kinds of notice may come by push; kinds left out stay as they are',
        body: notificationSettingsInputSchema,
        response: { 200: ok(notificationSettingsSchema.shape) },
      },
    },
    async (request) => service.saveNotificationSettings(currentUser(request).id, request.body),
  );
};
