import crypto from 'node:crypto';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
  type onSendAsyncHookHandler,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { type DatabaseHandle, migrateToLatest, openConfiguredDatabase } from './db/database.js';
import type { Db, DialectName } from './db/types.js';
import { type Clock, systemClock } from './lib/clock.js';
import type { ServerContext } from './lib/context.js';
import { openapiOptions } from './lib/openapi.js';
import { redactUrl } from './lib/redact.js';
import { serializerCompiler } from './lib/serializer.js';
import { accountRoutes } from './modules/account/routes.js';
import { applicationsRoutes } from './modules/applications/routes.js';
import { applicationsService } from './modules/applications/service.js';
import { auditRoutes } from './modules/audit/routes.js';
import { coverRoutes } from './modules/cover/routes.js';
import { eventDayRoutes } from './modules/event-day/routes.js';
import { eventsRoutes } from './modules/events/routes.js';
import { feedRoutes } from './modules/feed/routes.js';
import { filesRoutes } from './modules/files/routes.js';
import { formsRoutes } from './modules/forms/routes.js';
import { groupsRoutes } from './modules/groups/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import mailPlugin from './modules/mail/plugin.js';
import { mailRoutes } from './modules/mail/routes.js';
import { membershipsRoutes } from './modules/memberships/routes.js';
import pushPlugin from './modules/push/plugin.js';
import { pushRoutes } from './modules/push/routes.js';
import { handoverRoutes } from './modules/scheduling/handover-routes.js';
import { planningRoutes } from './modules/scheduling/planning-routes.js';
import remindersPlugin from './modules/scheduling/plugin.js';
import { schedulingRoutes } from './modules/scheduling/routes.js';
import { statisticsRoutes } from './modules/statistics/routes.js';
import wishRoundCloserPlugin from './modules/wish-rounds/plugin.js';
import { wishRoundsRoutes } from './modules/wish-rounds/routes.js';
import authPlugin from './plugins/auth.js';
import errorsPlugin, { clientErrorHandler } from './plugins/errors.js';
import mailerPlugin from './plugins/mailer.js';
import overloadPlugin from './plugins/overload.js';
import securityHeadersPlugin from './plugins/security-headers.js';
import sessionPlugin from './plugins/session.js';
import storagePlugin from './plugins/storage.js';
import webPlugin from './plugins/web.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: DialectName;
    config: Config;
    /** The time the mail queue goes by (lib/clock.ts). */
    clock: Clock;
    /** What every module's operations work with: the database, clock, configuration and services (lib/context.ts). */
    serverContext: ServerContext;
    /** Every route as registered, for tests that walk the route table. */
    routeTable: { method: string; url: string; csrfExempt: boolean }[];
  }
}

/**
 * The request log: one line per answered request with its method, url (secrets redacted), request id, client,
 * status and time — Fastify's "incoming request" and "request completed" in one line, half the log writing per
 * request. The arrival alone is logged at debug (the shutdown test watches for it).
 */
class OneLineRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

export interface BuildOptions {
  config: Config;
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  logger?: boolean;
  /** Where the log goes (tests read it); standard output otherwise. */
  logStream?: NodeJS.WritableStream;
  /** Sees every answer before it goes out, unchanged (tests check answers against the OpenAPI document). */
  onAnswer?: onSendAsyncHookHandler;
  /** The time the mail queue goes by: the system's unless a test moves its own. */
  clock?: Clock;
}

export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
  onAnswer,
  clock = systemClock,
}: BuildOptions): Promise<FastifyInstance> {
  const handle =
    database ??
    openConfiguredDatabase(config, (error) => app.log.warn({ err: error }, 'database connection lost (idle)'));
  await handle.exclusive(() => migrateToLatest(handle));

  const app = Fastify({
    logger: logger
      ? {
          level: config.LOG_LEVEL,
          ...(logStream ? { stream: logStream } : {}),
          serializers: {
            // Secrets in URLs (a password-reset link's token) never reach the log.
            req: (request: { method: string; url: string; id: string; ip?: string }) => ({
              method: request.method,
              url: redactUrl(request.url),
              reqId: request.id,
              remoteAddress: request.ip,
            }),
          },
        }
      : false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    trustProxy: config.trustProxy,
    logController: new OneLineRequestLog(),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  // JSON routes take JSON (and the upload routes multipart): a text/plain body is 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  if (onAnswer) app.addHook('onSend', onAnswer);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', handle.db);
  app.decorate('dialect', handle.dialect);
  app.decorate('config', config);
  app.decorate('clock', clock);
  // The services are the plugins' below; the context asks for them when an operation uses them, not before.
  app.decorate('serverContext', {
    db: handle.db,
    clock,
    config,
    mail: {
      enqueue: (input, db) => app.mail.enqueue(input, db),
      enqueueEach: (eventId, count, render, db) => app.mail.enqueueEach(eventId, count, render, db),
      enqueuePush: (input, db) => app.mail.enqueuePush(input, db),
    },
    notify: (userId, kind, message, options) => app.push.notify(userId, kind, message, options),
    get storage() {
      return app.storage;
    },
  } satisfies ServerContext);
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      app.routeTable.push({ method, url: route.url, csrfExempt: Boolean(route.config?.csrfExempt) });
    }
  });
  app.addHook('onClose', async () => handle.close());
  const gtm = config.GTM_ID ? ['https://www.googletagmanager.com'] : [];
  // Helmet's headers and x-request-id on every answer (one sync onRequest hook, the first to run).
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...gtm],
        // MUI (emotion) inserts <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...gtm],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...gtm],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Overload: only when saturated for a whole window, and only API calls (never the app's shell, its assets or
  // /api/health) answer 503 with Retry-After at once; expensive work waits in bounded queues instead.
  await app.register(overloadPlugin, {
    maxEventLoopDelayMs: config.MAX_EVENT_LOOP_DELAY_MS,
    windowMs: config.OVERLOAD_WINDOW_MS,
    maxHeapUsedBytes: config.MAX_HEAP_USED_BYTES,
    maxRssBytes: config.MAX_RSS_BYTES,
  });
  // JSON (and other text) answers above 1 KB go out compressed when the client accepts it: brotli at quality 4
  // (fast enough per request), else gzip at level 3 (a 110 KB timeline: ~0.3 ms against ~0.9–2.4 ms at the
  // default 6, 4 % larger; decision 024). Static assets are already compressed at build time (plugins/web.ts).
  // Stored files and avatars are sent as stored, with their length and byte ranges (routes set `compress: false`),
  // and application/octet-stream is not compressed (mostly archives already compressed; decision 023).
  await app.register(fastifyCompress, {
    customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)/u,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 3 },
  });
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, openapiOptions(config.PUBLIC_URL));
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(errorsPlugin, { webDist: config.WEB_DIST });
  await app.register(sessionPlugin, { db: handle.db, secret: config.SESSION_SECRET });
  await app.register(authPlugin, { db: handle.db });
  await app.register(mailerPlugin, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, mailDir: config.mailDir });
  await app.register(storagePlugin, { root: config.filesDir });
  await app.register(mailPlugin);
  await app.register(pushPlugin);
  await app.register(remindersPlugin);
  await app.register(wishRoundCloserPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(accountRoutes);
      await api.register(eventsRoutes);
      await api.register(groupsRoutes);
      await api.register(membershipsRoutes);
      await api.register(auditRoutes);
      await api.register(formsRoutes);
      await api.register(applicationsRoutes);
      await api.register(schedulingRoutes);
      await api.register(planningRoutes);
      await api.register(handoverRoutes);
      await api.register(statisticsRoutes);
      await api.register(mailRoutes);
      await api.register(feedRoutes);
      await api.register(filesRoutes);
      await api.register(eventDayRoutes);
      await api.register(pushRoutes);
      await api.register(coverRoutes);
      await api.register(wishRoundsRoutes);
    },
    { prefix: '/api' },
  );

  // The apply link's first paint names the event (plugins/web.ts); an event not taking applications gets none.
  const applyPages = applicationsService(app.serverContext);
  await app.register(webPlugin, {
    webDist: config.WEB_DIST,
    gtmId: config.GTM_ID,
    applyPreview: (eventId) =>
      applyPages.getApplyPreview(eventId).then(
        (preview) => preview.event,
        () => null,
      ),
  });
  return app;
}
