import { errorEnvelope } from '@funkis/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/types.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/db-errors.js';
import { prepared } from '../../lib/prepared.js';

/** The health check's one cheap query, built once (lib/prepared.ts). */
const selectOne = prepared((_db: Db) => sql`select 1`);

/** Longest a readiness check waits for the database before it says "not ready". */
const READY_TIMEOUT_MS = 2_000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Resolves when the database answers `select 1` within the time; rejects otherwise. */
  const pingDatabase = async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database did not answer in time')), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([selectOne(app.db), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  const status = z.object({ status: z.literal('ok'), database: z.string() });
  // A session cookie makes the session lookup run first; with the database gone that answers the envelope.
  const unavailable = z.union([z.object({ status: z.literal('unavailable'), database: z.string() }), errorEnvelope]);

  app.get(
    '/health',
    { config: { public: true }, schema: { tags: ['health'], response: { 200: status, 503: unavailable } } },
    async (request, reply) => {
      try {
        await pingDatabase();
        return { status: 'ok' as const, database: app.dialect };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable' as const, database: app.dialect });
      }
    },
  );

  /**
   * Readiness for a load balancer: 200 when this server can serve requests (the database answers within
   * 2 s), 503 with Retry-After when it cannot. While the server shuts down Fastify answers 503 itself.
   */
  app.get(
    '/health/ready',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ready'), database: z.string() }),
          503: z.union([
            z.object({ status: z.literal('not-ready'), database: z.string(), reason: z.string() }),
            errorEnvelope,
          ]),
        },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase();
        return { status: 'ready' as const, database: app.dialect };
      } catch (error) {
        request.log.warn({ err: error }, 'not ready: database unreachable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply
          .status(503)
          .send({ status: 'not-ready' as const, database: app.dialect, reason: 'database-unreachable' });
      }
    },
  );
};
