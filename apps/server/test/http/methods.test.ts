import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { createUser, loginAs } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  // The whole app, every module registered: routes other modules add later are walked too.
  t = await createTestApp();
});
afterAll(() => t.close());

/** A concrete URL for a route pattern: every :param (with or without a regexp) becomes 1. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]\w*(\([^)]*\))?/g, '1').replace(/\*/g, 'x');
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'] as const;
type Method = (typeof METHODS)[number];
const allowOf = (header: unknown) =>
  String(header ?? '')
    .split(/,\s*/)
    .filter(Boolean);
/** The first error code of an answer; a HEAD answer has no body. */
const codeOf = (answer: { body: string }) => (answer.body ? JSON.parse(answer.body).errors?.[0]?.code : undefined);

describe(`methods a path does not have, on ${dialect}`, () => {
  it('walks every known API path: a method it lacks answers 405 with Allow naming exactly the ones that reach it', async () => {
    const paths = new Map<string, Set<string>>();
    for (const route of t.app.routeTable) {
      if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) continue;
      const path = concrete(route.url);
      paths.set(path, (paths.get(path) ?? new Set()).add(route.method));
    }
    expect(paths.size).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const [path, own] of paths) {
      // TRACE is no route anywhere: every known path answers it with 405.
      const trace = await t.app.inject({ method: 'TRACE', url: path });
      const allow = allowOf(trace.headers.allow);
      if (trace.statusCode !== 405) failures.push(`TRACE ${path}: ${trace.statusCode}`);
      for (const method of own) if (!allow.includes(method)) failures.push(`${path}: Allow ${allow} lacks ${method}`);
      // Every method Allow names reaches a route (whatever its guard then says), never 405 or the router's 404.
      for (const method of allow) {
        const answer = await t.app.inject({ method: method as Method, url: path });
        const isRouterMiss = answer.statusCode === 404 && codeOf(answer) === 'error.notFound' && !own.has(method);
        if (answer.statusCode === 405 || isRouterMiss) {
          failures.push(`${method} ${path} is in Allow but answers ${answer.statusCode}`);
        }
      }
      for (const method of METHODS.filter((candidate) => !allow.includes(candidate))) {
        const answer = await t.app.inject({ method, url: path });
        if (answer.statusCode !== 405) failures.push(`${method} ${path}: ${answer.statusCode}`);
        else if (answer.headers.allow !== trace.headers.allow) failures.push(`${method} ${path}: Allow differs`);
        else if (method !== 'HEAD' && codeOf(answer) !== 'error.methodNotAllowed') failures.push(`${method} ${path}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers the issue's examples with 405, Allow and the error envelope; an unknown path stays 404", async () => {
    const client = await loginAs(t.app, await createUser(t.db));
    const put = await client.request('PUT', '/api/event/1', {});
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD');
    expect(put.json()).toEqual({
      success: false,
      errorMessages: ['This address does not accept PUT requests.'],
      errors: [{ code: 'error.methodNotAllowed', params: { method: 'PUT' } }],
    });
    const login = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(login.statusCode).toBe(405);
    expect(login.headers.allow).toBe('POST');
    for (const method of ['OPTIONS', 'TRACE'] as const) {
      const answer = await t.app.inject({ method, url: '/api/me' });
      expect(answer.statusCode).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD');
      expect(answer.json().success).toBe(false);
    }
    // A page of the web app is a GET (the app's index), whatever its path.
    const page = await t.app.inject({ method: 'POST', url: '/event/1/files' });
    expect(page.statusCode).toBe(405);
    expect(page.headers.allow).toBe('GET, HEAD');
    const unknown = await t.app.inject({ method: 'PUT', url: '/api/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.allow).toBeUndefined();
  });

  it('answers a method HTTP parsing does not know (FOO) with 501 in the error envelope, over a real socket', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    expect(address).toContain(String(port));
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write('FOO /api/event/1 HTTP/1.1\r\nHost: funkis.test\r\n\r\n');
      });
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString('utf8');
      });
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 501 Not Implemented\r\n/);
    expect(head).toMatch(/\r\nContent-Type: application\/json; charset=utf-8/i);
    expect(JSON.parse(body ?? '')).toEqual({
      success: false,
      errorMessages: ['The server does not know this request method.'],
      errors: [{ code: 'error.notImplemented' }],
    });
  });

  it('refuses a text/plain body to a JSON route with 415 (not as a string that fails validation)', async () => {
    const client = await loginAs(t.app, await createUser(t.db));
    const answer = await client.request('POST', '/api/events', undefined, {
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      payload: '{"name":"Plain text"}',
    });
    expect(answer.statusCode).toBe(415);
    expect(answer.json().errors).toEqual([{ code: 'error.unsupportedType' }]);
    const json = await client.post('/api/events', { name: 'As JSON' });
    expect(json.statusCode).toBe(201);
  });
});
