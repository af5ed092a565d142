import type { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.js';

/**
 * Registers upload routes in a scope of their own with multipart parsing (one file, at most UPLOAD_MAX_BYTES).
 * @fastify/multipart adds an async onResponse hook (removing files saved to disk, which we never do) to every
 * request of the scope it is registered in: registered for the whole app it ran on every answer, health checks
 * and the event screen's call included. Other routes refuse a multipart body with 415.
 */
export async function uploadRoutes<App extends FastifyInstance>(app: App, routes: (uploads: App) => void) {
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, {
      limits: { fileSize: app.config.UPLOAD_MAX_BYTES, files: 1, fields: 20 },
    });
    routes(uploads as unknown as App);
  });
}

/** The answers of a body that cannot be read: they end the connection, since the rest of the body is not read. */
const closing = { connection: 'close' };
const malformed = () => new HttpError(400, { code: 'error.multipartInvalid', field: 'file' }, { headers: closing });
const timedOut = () => new HttpError(408, { code: 'error.uploadTimeout', field: 'file' }, { headers: closing });

/**
 * Reads an upload's body with `read`, within UPLOAD_TIMEOUT_MS. A body that is not multipart, has no boundary, ends
 * without its closing boundary or is cut off answers 400 `error.multipartInvalid`; one still arriving at the
 * deadline answers 408 `error.uploadTimeout`. Both close the connection, so its descriptor is given back.
 * `read` hands every file stream it reads to `track`: on any failure those are destroyed, which fails the part
 * being written, and the store removes it (`FileStorage.save`). The multipart plugin would only unpipe a stream
 * whose request ends with an answer, leaving the write waiting, and the half file and its descriptor kept, forever.
 * HTTP errors of `read` (413, 415 …), the multipart plugin's 4xx and errors of the file system pass through.
 */
export async function readUploadBody<T>(
  request: FastifyRequest,
  read: (track: (file: Readable) => void) => Promise<T>,
): Promise<T> {
  const files: Readable[] = [];
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), request.server.config.UPLOAD_TIMEOUT_MS);
  });
  const reading = read((file) => files.push(file));
  try {
    return await Promise.race([reading, deadline]);
  } catch (error) {
    reading.catch(() => {});
    for (const file of files) file.destroy(error as Error);
    if (error instanceof HttpError) throw error;
    if ((error as NodeJS.ErrnoException).syscall) throw error;
    // The multipart plugin's own refusals (too many parts or fields: 413) keep their status.
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) throw error;
    throw malformed();
  } finally {
    clearTimeout(timer);
  }
}
