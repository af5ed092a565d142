import fs from 'node:fs';
import path from 'node:path';
import { messageText } from '@funkis/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.js';

interface Envelope {
  success: false;
  errorMessages: string[];
  fieldErrors?: Record<string, string>;
}

const envelope = (errorMessages: string[], fieldErrors?: Record<string, string>): Envelope => ({
  success: false,
  errorMessages,
  ...(fieldErrors && Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
});

const STATUS_MESSAGES: Record<number, string> = {
  400: messageText('error.badRequest'),
  401: messageText('error.notLoggedIn'),
  403: messageText('error.forbidden'),
  404: messageText('error.notFound'),
  413: messageText('error.payloadTooLarge'),
  415: messageText('error.badRequest'),
  429: messageText('error.tooManyRequests'),
};

/**
 * One error handler for the whole API: the envelope of DESIGN 4.1, validation messages from the shared
 * schemas, and nothing internal (stack, SQL, paths) in any response.
 */
async function errorsPlugin(app: FastifyInstance, options: { webDist: string }) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(envelope(error.errorMessages, error.fieldErrors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string> = {};
      const messages: string[] = [];
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(issue.params?.issue ?? '');
        const text = messageText(issue.message ?? 'error.invalid');
        if (field && !(field in fieldErrors)) fieldErrors[field] = text;
        if (!messages.includes(text)) messages.push(text);
      }
      return reply.status(400).send(envelope(messages, fieldErrors));
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(envelope([messageText('error.internal')]));
    }
    if (status === 429 && error.message) {
      return reply.status(429).send(envelope([messageText('error.tooManyRequests')]));
    }
    return reply.status(status).send(envelope([STATUS_MESSAGES[status] ?? messageText('error.badRequest')]));
  });

  const indexFile = path.join(options.webDist, 'index.html');
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // A missing hashed asset (an old page after a new build) must fail, not get index.html as JavaScript.
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && (request.method === 'GET' || request.method === 'HEAD')) {
      if (!fs.existsSync(indexFile)) {
        return reply
          .status(503)
          .type('text/plain')
          .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
      }
      return reply.serveIndex();
    }
    return reply.status(404).send(envelope([messageText('error.notFound')]));
  });
}

export default fp(errorsPlugin, { name: 'errors' });
