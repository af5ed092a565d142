import fs from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Notify, type PushService, pushService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Web push and the notices other modules send through it (`app.push.notify`). */
    push: PushService;
  }
}

declare module '../../lib/context.js' {
  interface ContextServices {
    /** Tells a person something: by push where they allow the kind, by e-mail otherwise (`app.push.notify`). */
    notify: Notify;
  }
}

/** How long a push service keeps a notice for a device that is offline: a day (a reminder is stale after). */
const TTL_SECONDS = 24 * 60 * 60;

/** Makes the push service available to every module and gives the mail queue's worker its push sender. */
async function pushPlugin(app: FastifyInstance) {
  const caFile = app.config.PUSH_CA_FILE;
  const agent = caFile
    ? new https.Agent({ keepAlive: true, ca: [...tls.rootCertificates, fs.readFileSync(caFile, 'utf8')] })
    : undefined;
  const service = pushService(app.serverContext, { ttlSeconds: TTL_SECONDS, ...(agent ? { agent } : {}) });
  app.decorate('push', service);
  app.mail.worker.setPushSender(service.sender);
  if (agent) app.addHook('onClose', async () => agent.destroy());
}

export default fp(pushPlugin, { name: 'push', dependencies: ['mail'] });
