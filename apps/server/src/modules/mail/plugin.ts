import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type MailService, mailService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** E-mail to members and the delivery queue every module sends through (`app.mail.enqueue`). */
    mail: MailService;
  }
}

declare module '../../lib/context.js' {
  interface ContextServices {
    /** The mail queue: what other modules send through, in the caller's transaction when given one. */
    mail: MailQueue;
  }
}

/** The queue's doors other modules use. */
export type MailQueue = Pick<MailService, 'enqueue' | 'enqueueEach' | 'enqueuePush'>;

/** Makes the mail service available to every module and runs the queue's worker while the server runs. */
async function mailPlugin(app: FastifyInstance) {
  const service = mailService(app.serverContext, { mailer: app.mailer, log: app.log });
  app.decorate('mail', service);
  if (app.config.MAIL_WORKER === 'on') {
    app.addHook('onReady', async () => service.worker.start());
  }
  // Before the database closes (onClose): the message in hand is finished and recorded.
  app.addHook('preClose', async () => service.worker.stop());
}

export default fp(mailPlugin, { name: 'mail', dependencies: ['mailer', 'storage'] });
