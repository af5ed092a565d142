import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { schedulingService } from './service.js';

/** The shift reminder worker: queues the reminders that are due, every REMINDER_POLL_MS, in the server process. */
export interface ReminderWorker {
  /** One pass (what the timer runs): queues every due reminder; answers how many mails it queued. */
  tick(now?: Date): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Shift reminders by e-mail; tests run it with `app.reminders.tick()` and REMINDER_WORKER=off. */
    reminders: ReminderWorker;
  }
}

async function remindersPlugin(app: FastifyInstance) {
  const service = schedulingService(app.db, app.dialect, {
    enqueue: (input, db) => app.mail.enqueue(input, db),
    // Reminders go by push first, to those who allow it; the reminder mail to the others.
    notify: (userId, kind, message, options) => app.push.notify(userId, kind, message, options),
    secret: app.config.SESSION_SECRET,
    publicUrl: app.config.PUBLIC_URL,
  });
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<unknown> | null = null;
  let running = false;

  const pass = () => {
    timer = null;
    if (!running || current) return;
    current = service
      .sendDueReminders()
      .catch((error: unknown) => app.log.error({ err: error }, 'reminder pass failed'))
      .finally(() => {
        current = null;
        if (running) timer = setTimeout(pass, app.config.REMINDER_POLL_MS);
      });
  };

  const worker: ReminderWorker = {
    tick: (now) => service.sendDueReminders(now),
    start() {
      running = true;
      pass();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await current;
    },
  };
  app.decorate('reminders', worker);
  if (app.config.REMINDER_WORKER === 'on') app.addHook('onReady', async () => worker.start());
  // Before the mail worker stops and the database closes.
  app.addHook('preClose', async () => worker.stop());
}

export default fp(remindersPlugin, { name: 'reminders', dependencies: ['mail', 'push'] });
