import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type PeriodicPass, periodicPass } from '../../lib/periodic-pass.js';
import { schedulingService } from './service.js';

/**
 * The shift reminder worker: queues the reminders that are due, every REMINDER_POLL_MS, in the server process. One
 * pass (`tick`, what the timer runs) queues every due reminder and answers how many mails it queued.
 */
export type ReminderWorker = PeriodicPass<number>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Shift reminders by e-mail; tests run it with `app.reminders.tick()` and REMINDER_WORKER=off. */
    reminders: ReminderWorker;
  }
}

async function remindersPlugin(app: FastifyInstance) {
  const service = schedulingService(app.serverContext);
  const worker = periodicPass(
    (now) => service.sendDueReminders(now),
    app.config.REMINDER_POLL_MS,
    (error) => app.log.error({ err: error }, 'reminder pass failed'),
  );
  app.decorate('reminders', worker);
  if (app.config.REMINDER_WORKER === 'on') app.addHook('onReady', async () => worker.start());
  // Before the mail worker stops and the database closes.
  app.addHook('preClose', async () => worker.stop());
}

export default fp(remindersPlugin, { name: 'reminders', dependencies: ['mail', 'push'] });
