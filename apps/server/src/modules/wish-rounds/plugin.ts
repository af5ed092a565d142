import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type PeriodicPass, periodicPass } from '../../lib/periodic-pass.js';
import { wishRoundsService } from './service.js';

/**
 * The wish rounds' closing pass (decision 035): every REMINDER_POLL_MS, with the reminders (REMINDER_WORKER), each
 * round that has closed unpublished without a preview made since is allocated, so the organisers find it ready. One
 * pass (`tick`) answers the rounds it allocated.
 */
export type WishRoundCloser = PeriodicPass<number[]>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests run it with `app.wishRoundCloser.tick()` and REMINDER_WORKER=off. */
    wishRoundCloser: WishRoundCloser;
  }
}

async function wishRoundCloserPlugin(app: FastifyInstance) {
  // Allocating tells nobody (publishing does).
  const service = wishRoundsService(app.serverContext);
  const closer = periodicPass(
    (now) => service.allocateClosedRounds(now),
    app.config.REMINDER_POLL_MS,
    (error) => app.log.error({ err: error }, 'wish round closing pass failed'),
  );
  app.decorate('wishRoundCloser', closer);
  if (app.config.REMINDER_WORKER === 'on') app.addHook('onReady', async () => closer.start());
  // Before the database closes.
  app.addHook('preClose', async () => closer.stop());
}

export default fp(wishRoundCloserPlugin, { name: 'wish-round-closer' });
