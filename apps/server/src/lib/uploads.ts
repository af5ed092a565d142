import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/**
 * Registers upload routes in a scope of their own with multipart parsing (one file, at most UPLOAD_MAX_BYTES).
 * @fastify/multipart adds an async onResponse hook (removing files saved to disk, which we never do) to every
 * request of the scope it is registered in: registered for the whole app it ran on every answer, health checks
 * and the event screen's call included (issue 12). Other routes refuse a multipart body with 415.
 */
export async function uploadRoutes<App extends FastifyInstance>(app: App, routes: (uploads: App) => void) {
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, {
      limits: { fileSize: app.config.UPLOAD_MAX_BYTES, files: 1, fields: 20 },
    });
    routes(uploads as unknown as App);
  });
}
