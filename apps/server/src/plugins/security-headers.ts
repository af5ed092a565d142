import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers, worked out once at start. @fastify/helmet builds a new helmet middleware on every request
 * (parsing the CSP directives, dashifying names) — the third-largest cost of a small API answer in the profile
 * of the request path. Our policy has no per-request part (no nonces), so the header values never change.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Browser features the app may use: the camera on its own pages (scanning check-in codes), nothing else that
 * reaches the person or the device; embedded documents get none.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'browsing-topics=()',
  'interest-cohort=()',
].join(', ');

/**
 * Sets helmet's headers (worked out once), Permissions-Policy and `x-request-id` (the request's id, for matching
 * an answer to its log lines) on every answer, errors included, in one sync onRequest hook: no onSend hook per
 * request for the id.
 */
async function securityHeadersPlugin(app: FastifyInstance, options: HelmetOptions) {
  // Pairs, not an object walked per request: no key lookups by name on the hot path.
  const pairs = Object.entries({ ...securityHeaders(options), 'permissions-policy': PERMISSIONS_POLICY });
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of pairs) reply.header(name, value);
    reply.header('x-request-id', request.id);
    // API answers carry personal data (the user, members, applications, mail): no browser or proxy keeps them.
    // A route whose answer may be kept (an avatar) sets its own Cache-Control, which replaces this one.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
