import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { createUser, loginAs } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  // The whole app, every module registered: routes other modules add later are walked too.
  t = await createTestApp();
});
afterAll(() => t.close());

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The four calls that need no CSRF token, and the confirmation link (it may be opened in another browser). */
const EXEMPT = [
  'POST /api/confirm-email',
  'POST /api/login',
  'POST /api/recover-password',
  'POST /api/register',
  'POST /api/reset-password',
];
const CSRF_REFUSED = {
  success: false,
  errorMessages: ['Invalid or missing CSRF token.'],
  errors: [{ code: 'error.csrf' }],
};

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const unsafeRoutes = () => t.app.routeTable.filter((route) => UNSAFE.has(route.method));
/** A concrete URL for a route pattern: every :param (with or without a regexp) becomes 1. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]\w*(\([^)]*\))?/g, '1').replace(/\*/g, 'x');

describe(`CSRF on ${dialect}`, () => {
  it('exempts exactly login, register, recover-password, reset-password and confirm-email', () => {
    const exempt = unsafeRoutes()
      .filter((route) => route.csrfExempt)
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(exempt).toEqual(EXEMPT);
  });

  it('walks the route table: every other unsafe route refuses a missing or wrong x-csrf-token with 403', async () => {
    const routes = unsafeRoutes().filter((route) => !route.csrfExempt);
    const names = routes.map((route) => `${route.method} ${route.url}`);
    // The walk sees the account routes, and whatever other modules have registered by now.
    for (const known of [
      'POST /api/user/update-info',
      'POST /api/user/avatar',
      'POST /api/change-email',
      'POST /api/resend-confirmation',
      'POST /api/change-password',
      'POST /api/remove-user',
    ]) {
      expect(names).toContain(known);
    }
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const failures: string[] = [];
    for (const route of routes) {
      const url = concrete(route.url);
      const method = route.method as Method;
      const missing = await client.request(method, url, {}, { csrf: null });
      const wrong = await client.request(method, url, {}, { csrf: `${client.csrf}x` });
      const other = await client.request(method, url, {}, { csrf: 'a'.repeat(client.csrf?.length ?? 43) });
      for (const [what, response] of [
        ['missing', missing],
        ['wrong', wrong],
        ['same-length wrong', other],
      ] as const) {
        if (response.statusCode !== 403 || JSON.stringify(response.json()) !== JSON.stringify(CSRF_REFUSED)) {
          failures.push(`${route.method} ${route.url} (${what} token): ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Nothing those requests did changed the account: the session still works with its real token.
    const ok = await client.post('/api/user/update-info', { firstname: 'Still', lastname: 'Here' });
    expect(ok.statusCode).toBe(200);
  });

  it('answers 401 to anonymous callers of every unsafe route that is not exempt', async () => {
    const failures: string[] = [];
    for (const route of unsafeRoutes().filter((r) => !r.csrfExempt)) {
      const response = await t.app.inject({
        method: route.method as Method,
        url: concrete(route.url),
        headers: { 'x-csrf-token': 'anything' },
        payload: {},
      });
      if (response.statusCode !== 401) failures.push(`${route.method} ${route.url}: ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('reads the token from the x-csrf-token header only: not from the body, the query or a cookie', async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const token = client.csrf ?? '';
    const body = { firstname: 'Anna', lastname: 'Berg', _csrf: token };
    const inBody = await client.request('POST', '/api/user/update-info', body, { csrf: null });
    const inQuery = await client.request('POST', `/api/user/update-info?_csrf=${token}`, body, { csrf: null });
    const inCookie = await client.request('POST', '/api/user/update-info', body, {
      csrf: null,
      headers: { cookie: `${client.cookie}; _csrf=${token}; csrf=${token}` },
    });
    for (const response of [inBody, inQuery, inCookie]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(CSRF_REFUSED);
    }
    expect((await client.post('/api/user/update-info', body)).statusCode).toBe(200);
  });

  it("refuses another session's token", async () => {
    const alice = await loginAs(t.app, await createUser(t.db));
    const bob = await loginAs(t.app, await createUser(t.db));
    const response = await alice.request(
      'POST',
      '/api/user/update-info',
      { firstname: 'Eve', lastname: 'Evil' },
      {
        csrf: bob.csrf,
      },
    );
    expect(response.statusCode).toBe(403);
  });

  it('returns a new token after login, and every successful POST answers success and the current _csrf', async () => {
    const user = await createUser(t.db);
    const client = new TestClient(t.app);
    const first = await client.login(user.email, user.password);
    const second = await client.login(user.email, user.password);
    expect(first.json()._csrf).toBeTruthy();
    expect(second.json()._csrf).not.toBe(first.json()._csrf);
    const update = await client.post('/api/user/update-info', { firstname: 'Anna', lastname: 'Berg' });
    expect(update.json()).toMatchObject({ success: true, _csrf: second.json()._csrf });
  });

  it('needs no token (and no session) for the four exempt calls', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.post('/api/recover-password', { email: 'someone@example.test' })).statusCode).toBe(200);
    expect((await anonymous.post('/api/reset-password', { token: 'x', newPassword: 'whatever-1' })).statusCode).toBe(
      400,
    );
    expect((await anonymous.post('/api/login', { email: 'someone@example.test', password: 'x' })).statusCode).toBe(401);
  });
});
