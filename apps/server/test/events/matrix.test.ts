import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { createGroup, createUser } from '../helpers/factories.js';
import {
  addFreshMember,
  type Cast,
  createCast,
  multipartFile,
  PNG,
  ROLES,
  type Role,
  uploadAvatar,
} from './fixtures.js';

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app, t.db);
  expect((await uploadAvatar(cast.clients.admin, cast.eventId)).statusCode).toBe(200);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
interface Call {
  url: string;
  body?: unknown;
  multipart?: boolean;
}

interface RouteCase {
  method: Method;
  /** The route as registered, to prove every route of the module is in the matrix. */
  route: string;
  /** Builds a fresh call: routes that change or remove something get their own target per request. */
  call: () => Promise<Call> | Call;
  expected: Record<Role, number>;
}

const everyone = (ok: number): Record<Role, number> => ({
  admin: ok,
  leaderA: ok,
  leaderB: ok,
  volunteer: ok,
  nonMember: ok,
  anonymous: 401,
});
const members = (ok: number): Record<Role, number> => ({
  admin: ok,
  leaderA: ok,
  leaderB: ok,
  volunteer: ok,
  nonMember: 403,
  anonymous: 401,
});
const adminsAndLeaders = (ok: number): Record<Role, number> => ({
  admin: ok,
  leaderA: ok,
  leaderB: ok,
  volunteer: 403,
  nonMember: 403,
  anonymous: 401,
});
const adminsOnly = (ok: number): Record<Role, number> => ({
  admin: ok,
  leaderA: 403,
  leaderB: 403,
  volunteer: 403,
  nonMember: 403,
  anonymous: 401,
});

let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter}`;

const cases = (): RouteCase[] => {
  const e = `/api/event/${cast.eventId}`;
  return [
    { method: 'GET', route: '/api/events', call: () => ({ url: '/api/events' }), expected: everyone(200) },
    {
      method: 'POST',
      route: '/api/events',
      call: () => ({ url: '/api/events', body: { name: unique('New event') } }),
      expected: everyone(201),
    },
    { method: 'GET', route: '/api/event/:id', call: () => ({ url: e }), expected: members(200) },
    {
      method: 'POST',
      route: '/api/event/:id/settings',
      call: () => ({ url: `${e}/settings`, body: { description: unique('Described') } }),
      expected: adminsOnly(200),
    },
    {
      method: 'POST',
      route: '/api/event/:id/applications-open',
      call: () => ({ url: `${e}/applications-open`, body: { open: false } }),
      expected: adminsOnly(200),
    },
    {
      method: 'POST',
      route: '/api/event/:id/avatar',
      call: () => ({ url: `${e}/avatar`, multipart: true }),
      expected: adminsOnly(200),
    },
    { method: 'GET', route: '/api/event/:id/avatar', call: () => ({ url: `${e}/avatar` }), expected: members(200) },
    { method: 'GET', route: '/api/event/:id/groups', call: () => ({ url: `${e}/groups` }), expected: members(200) },
    {
      method: 'POST',
      route: '/api/event/:id/groups',
      call: () => ({ url: `${e}/groups`, body: { name: unique('Group') } }),
      expected: adminsOnly(201),
    },
    {
      method: 'POST',
      route: '/api/event/:id/groups/:groupId',
      call: async () => {
        const group = await createGroup(t.db, cast.eventId, unique('Rename me'));
        return { url: `${e}/groups/${group.id}`, body: { name: unique('Renamed') } };
      },
      expected: adminsOnly(200),
    },
    {
      method: 'DELETE',
      route: '/api/event/:id/groups/:groupId',
      call: async () => {
        const group = await createGroup(t.db, cast.eventId, unique('Delete me'));
        return { url: `${e}/groups/${group.id}` };
      },
      expected: adminsOnly(200),
    },
    {
      method: 'GET',
      route: '/api/event/:id/users',
      call: () => ({ url: `${e}/users` }),
      expected: adminsAndLeaders(200),
    },
    {
      method: 'GET',
      route: '/api/event/:id/users/export',
      call: () => ({ url: `${e}/users/export?format=csv` }),
      expected: adminsAndLeaders(200),
    },
    {
      method: 'POST',
      route: '/api/event/:id/users',
      call: async () => {
        const user = await createUser(t.db);
        return { url: `${e}/users`, body: { email: user.email, roleLevel: 2, groupId: cast.groupA.id } };
      },
      expected: adminsOnly(201),
    },
    {
      method: 'POST',
      route: '/api/event/:id/users/:eventUserId',
      call: async () => {
        const { eventUserId } = await addFreshMember(t.db, cast.eventId, 2, cast.groupA.id);
        return { url: `${e}/users/${eventUserId}`, body: { roleLevel: 1 } };
      },
      expected: adminsOnly(200),
    },
    {
      method: 'DELETE',
      route: '/api/event/:id/users/:eventUserId',
      call: async () => {
        const { eventUserId } = await addFreshMember(t.db, cast.eventId, 2, cast.groupA.id);
        return { url: `${e}/users/${eventUserId}` };
      },
      expected: adminsOnly(200),
    },
    { method: 'GET', route: '/api/event/:id/access', call: () => ({ url: `${e}/access` }), expected: adminsOnly(200) },
    { method: 'GET', route: '/api/event/:id/audit', call: () => ({ url: `${e}/audit` }), expected: adminsOnly(200) },
  ];
};

async function send(role: Role, method: Method, call: Call) {
  const client = cast.clients[role];
  if (call.multipart) {
    const { payload, headers } = multipartFile(PNG);
    return client.request(method, call.url, undefined, { payload, headers });
  }
  return client.request(method, call.url, method === 'GET' ? undefined : (call.body ?? {}));
}

/** The routes this module registers: everything under /api/events and these paths under /api/event/:id. */
const MODULE_ROUTE =
  /^\/api\/(events|event\/:id(\/(settings|applications-open|avatar|groups(\/:groupId)?|users(\/export|\/:eventUserId)?|access|audit))?)$/;

describe(`events: role × route matrix on ${dialect}`, () => {
  it('covers every route of the module', () => {
    const registered = t.app.routeTable
      .filter((route) => route.method !== 'HEAD' && MODULE_ROUTE.test(route.url))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    const covered = cases()
      .map((route) => `${route.method} ${route.route}`)
      .sort();
    expect(registered).toHaveLength(18);
    expect(covered).toEqual(registered);
  });

  for (const role of ROLES) {
    it(`answers ${role} with the exact status on every route`, async () => {
      const results: string[] = [];
      const expected: string[] = [];
      for (const route of cases()) {
        const call = await route.call();
        const response = await send(role, route.method, call);
        results.push(`${route.method} ${route.route} → ${response.statusCode}`);
        expected.push(`${route.method} ${route.route} → ${route.expected[role]}`);
        if (response.statusCode >= 400) {
          expect(response.json().success).toBe(false);
        }
      }
      expect(results).toEqual(expected);
    });
  }

  it('refuses every POST and DELETE of the module without the CSRF token (403), even for the admin', async () => {
    for (const route of cases().filter((candidate) => candidate.method !== 'GET')) {
      const call = await route.call();
      const response = await cast.clients.admin.request(
        route.method,
        call.url,
        route.method === 'POST' ? {} : undefined,
        {
          csrf: null,
        },
      );
      expect(`${route.method} ${route.route} → ${response.statusCode}`).toBe(`${route.method} ${route.route} → 403`);
      expect(response.json().errorMessages).toEqual(['Invalid or missing CSRF token.']);
    }
  });

  it('answers 404 for an unknown group or member id inside an event the admin may see', async () => {
    const e = `/api/event/${cast.eventId}`;
    const admin = cast.clients.admin;
    expect((await admin.post(`${e}/groups/999999`, { name: 'Nope' })).statusCode).toBe(404);
    expect((await admin.delete(`${e}/groups/999999`)).statusCode).toBe(404);
    expect((await admin.post(`${e}/users/999999`, { roleLevel: 2 })).statusCode).toBe(404);
    expect((await admin.delete(`${e}/users/999999`)).statusCode).toBe(404);
    expect((await admin.get(`${e}/users?groupId=999999`)).statusCode).toBe(404);
    expect((await admin.post(`${e}/users/${cast.eventUserIds.volunteer}`, { groupId: 999999 })).statusCode).toBe(404);
  });

  it('answers a non-member the same 403 whether or not the event exists', async () => {
    const unknown = await cast.clients.nonMember.get('/api/event/999999');
    const known = await cast.clients.nonMember.get(`/api/event/${cast.eventId}`);
    expect(unknown.statusCode).toBe(403);
    expect(known.statusCode).toBe(403);
    expect(unknown.body).toBe(known.body);
    expect((await cast.clients.nonMember.get('/api/event/99999999999')).statusCode).toBe(404);
  });
});
