import fs from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import {
  type CodedMessage,
  catalogue,
  isMessageKey,
  type MessageKey,
  type MessageParams,
  messageParams,
  messageText,
} from '@funkis/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AllowedMethods } from '../lib/allowed-methods.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../lib/db-errors.js';
import { HttpError } from '../lib/http-error.js';

interface Envelope {
  success: false;
  errorMessages: string[];
  errors: CodedMessage[];
  fieldErrors?: Record<string, string>;
}

/** The error envelope: English texts, their keys with parameters, and the texts per field. */
export function envelope(errors: CodedMessage[], texts?: string[]): Envelope {
  const errorMessages = texts ?? errors.map((error) => messageText(error.code, error.params));
  const fieldErrors: Record<string, string> = {};
  for (const error of errors) {
    if (error.field && !(error.field in fieldErrors)) fieldErrors[error.field] = messageText(error.code, error.params);
  }
  return {
    success: false,
    errorMessages,
    errors,
    ...(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
  };
}

const STATUS_CODES: Record<number, MessageKey> = {
  400: 'error.badRequest',
  401: 'error.notLoggedIn',
  403: 'error.forbidden',
  404: 'error.notFound',
  405: 'error.methodNotAllowed',
  413: 'error.payloadTooLarge',
  415: 'error.unsupportedType',
  429: 'error.tooManyRequests',
  503: 'error.unavailable',
};

interface ZodIssueLike {
  maximum?: number | bigint;
  minimum?: number | bigint;
}

/**
 * A schema's message is a catalogue key; a limit the issue reports fills `{max}`/`{min}` unless the key fixes it
 * (only when the text has that placeholder: "Last name is required." from `.min(1)` gets no `min`).
 */
function codedIssue(message: string | undefined, issue: ZodIssueLike | undefined, field: string): CodedMessage {
  const code: MessageKey = message && isMessageKey(message) ? message : 'error.invalid';
  const template = catalogue[code].en;
  const params: MessageParams = {};
  if (issue?.maximum !== undefined && template.includes('{max}')) params.max = Number(issue.maximum);
  if (issue?.minimum !== undefined && template.includes('{min}')) params.min = Number(issue.minimum);
  const merged = { ...params, ...messageParams(code) };
  return {
    code,
    ...(Object.keys(merged).length > 0 ? { params: merged } : {}),
    ...(field ? { field } : {}),
  };
}

/**
 * One error handler for the whole API: the one error envelope, validation messages from the shared
 * schemas, and nothing internal (stack, SQL, paths) in any response.
 */
async function errorsPlugin(app: FastifyInstance, options: { webDist: string }) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(envelope(error.errors, error.errorMessages));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: CodedMessage[] = [];
      const seenFields = new Set<string>();
      for (const issue of error.validation) {
        // fastify-type-provider-zod spreads the zod issue (minus path, code, message) into `params`.
        const zodIssue = issue.params as ZodIssueLike | undefined;
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        if (field && seenFields.has(field)) continue;
        if (field) seenFields.add(field);
        const coded = codedIssue(issue.message, zodIssue, field);
        if (!field && errors.some((known) => !known.field && known.code === coded.code)) continue;
        errors.push(coded);
      }
      const texts = [...new Set(errors.map((entry) => messageText(entry.code, entry.params)))];
      return reply.status(400).send(envelope(errors, texts));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable: answering 503');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send(envelope([{ code: 'error.unavailable' }]));
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500 && status !== 503) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(envelope([{ code: 'error.internal' }]));
    }
    return reply.status(status).send(envelope([{ code: STATUS_CODES[status] ?? 'error.badRequest' }]));
  });

  const indexFile = path.join(options.webDist, 'index.html');
  const allowedMethods = new AllowedMethods(app.routeTable);
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // A missing hashed asset (an old page after a new build) must fail, not get index.html as JavaScript.
    const isAsset = request.url.startsWith('/assets/');
    const isPage = !isApi && !isAsset;
    // A path that exists with other methods answers 405 naming them (RFC 9110 15.5.6); every page path is a GET.
    const allowed = isPage ? ['GET', 'HEAD'] : allowedMethods.of(request.url.split('?')[0] ?? '');
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send(envelope([{ code: 'error.methodNotAllowed', params: { method: request.method } }]));
    }
    if (isPage && (request.method === 'GET' || request.method === 'HEAD')) {
      if (!fs.existsSync(indexFile)) {
        return reply
          .status(503)
          .type('text/plain')
          .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
      }
      return reply.serveIndex();
    }
    return reply.status(404).send(envelope([{ code: 'error.notFound' }]));
  });
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request gets the error envelope too: a method it does not
 * know (`FOO`) 501 (RFC 9110 9.1), headers too large 431, a timeout 408, anything else malformed 400.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code]: [number, MessageKey] =
    error.code === 'HPE_INVALID_METHOD'
      ? [501, 'error.notImplemented']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'error.headersTooLarge']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'error.requestTimeout']
          : [400, 'error.badRequest'];
  const body = JSON.stringify(envelope([{ code }]));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export default fp(errorsPlugin, { name: 'errors' });
