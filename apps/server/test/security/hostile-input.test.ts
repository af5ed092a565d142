import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { addMember, createApplication, createEvent, createGroup, createUser, loginAs } from '../helpers/factories.js';

/**
 * The class test of hostile input: random and hostile values in the params, query and body of every route
 * of the route table, sent as a logged-in admin of a real event with a valid CSRF token, on both databases.
 * Whatever comes in, the answer is never a 5xx. Deterministic: a fixed seed (FUZZ_SEED overrides it); a failure
 * names the route, the request and the seed to replay it.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 20);

/** Routes that end or replace the session the walk runs in, and the static API docs. */
const SKIPPED = new Set([
  'GET /api/logout',
  'POST /api/remove-user',
  'POST /api/change-password',
  'POST /api/change-email',
]);
const METHODS = new Set(['GET', 'POST', 'DELETE']);

let t: TestApp;
let admin: TestClient;
let eventId: number;
let known: number[];

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUser(t.db, { firstname: 'Fuzz', lastname: 'Admin' });
  const event = await createEvent(t.db, { adminId: owner.id });
  eventId = event.id;
  const group = await createGroup(t.db, eventId);
  const member = await createUser(t.db);
  const memberId = await addMember(t.db, eventId, member.id, 2, group.id);
  const applicant = await createUser(t.db);
  const applicationId = await createApplication(t.db, eventId, applicant.id, { answers: {} });
  known = [eventId, group.id, memberId, applicationId, owner.id, member.id];
  admin = await loginAs(t.app, owner);
});
afterAll(() => t?.close());

const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u180e'];
const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];

const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    INVISIBLE.join(''),
    `${BIDI[4]}gnp.exe`,
    'K\u006f\u0308k',
    '2147483648',
    '99999999999999999999999',
    '-1',
    '0',
    '1e308',
    'NaN',
    'Infinity',
    '1.5',
    'null',
    'true',
    '[]',
    '{}',
    '%00',
    '%',
    '\ud800',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '=1+1',
    'a'.repeat(70_000),
    '\u{1f600}'.repeat(3000),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...INVISIBLE, ...BIDI, '\u0000', 'a', ' '), maxLength: 20 }),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER, -1, 0, 1.5, 1e308, -0),
  fc.integer(),
  fc.double(),
);

/** Deep nesting, built directly so it is deep without a large shrink tree. */
const deep = fc.integer({ min: 50, max: 2000 }).map((depth) => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
});

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  fc.constantFrom(null, true, false, [], {}),
  fc.array(fc.oneof(hostileNumber, hostileString), { maxLength: 5 }),
  fc.constantFrom(
    Array.from({ length: 5000 }, (_, i) => i),
    [2_147_483_648, 1],
  ),
  deep,
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'name', 'a', ''), hostileString, { maxKeys: 3 }),
);

/** The names the routes read, so hostile values reach the handlers, plus any name at all. */
const FIELDS = [
  'name',
  'description',
  'email',
  'newEmail',
  'password',
  'firstname',
  'lastname',
  'roleLevel',
  'groupId',
  'ids',
  'status',
  'answers',
  'fields',
  'form',
  'open',
  'applicationsOpen',
  'useWeekSeparation',
  'weekSeparationConfig',
  'userId',
  'token',
  'newPassword',
  'search',
  'week',
  'sort',
  'order',
  'page',
  'pageSize',
  'format',
  'separator',
  'grouped',
  'limit',
  'offset',
];
const fieldName = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FIELDS) }, fc.string({ maxLength: 12 }));

const body = fc.oneof({ weight: 6, arbitrary: fc.dictionary(fieldName, hostileValue, { maxKeys: 6 }) }, hostileValue);
const query = fc.dictionary(fieldName, fc.oneof(hostileString, hostileNumber.map(String)), { maxKeys: 4 });

/** A path parameter: often a real id (so the request gets past the role check), else anything. */
const param = (name: string) =>
  fc.oneof(
    { weight: name === 'id' ? 6 : 2, arbitrary: fc.constantFrom(...(name === 'id' ? [eventId] : known)).map(String) },
    { weight: 3, arbitrary: hostileString },
    { weight: 1, arbitrary: hostileNumber.map(String) },
  );

/** Percent-encodes a value; a lone surrogate becomes the invalid UTF-8 bytes it would be (hostile too). */
const encode = (value: string) =>
  Array.from(value, (char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');

function buildUrl(pattern: string, params: Record<string, string>, search: Record<string, string>): string {
  const path = pattern.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => encode(params[name] ?? '1'));
  const text = new URLSearchParams(search).toString();
  return text ? `${path}?${text}` : path;
}

describe(`hostile input on ${dialect}`, () => {
  it('no route answers 5xx to random and hostile params, query and body', async () => {
    const routes = t.app.routeTable.filter(
      (route) =>
        METHODS.has(route.method) &&
        route.url.startsWith('/api/') &&
        !route.url.startsWith('/api/docs') &&
        !SKIPPED.has(`${route.method} ${route.url}`),
    );
    // The walk covers the modules' routes, not a handful.
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const [index, route] of routes.entries()) {
      const names = [...route.url.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1]);
      const params = fc.record(Object.fromEntries(names.map((name) => [name, param(name)])));
      const seed = SEED + index;
      const result = await fc.check(
        fc.asyncProperty(params, query, body, async (p, q, b) => {
          const url = buildUrl(route.url, p, q);
          const method = route.method as 'GET' | 'POST' | 'DELETE';
          const response =
            method === 'POST'
              ? await admin.request(method, url, undefined, {
                  payload: JSON.stringify(b) ?? 'null',
                  headers: { 'content-type': 'application/json' },
                })
              : await admin.request(method, url);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode >= 500) {
            throw new Error(`${method} ${url.slice(0, 300)} -> ${response.statusCode} ${response.body.slice(0, 300)}`);
          }
        }),
        { seed, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
      if (result.failed) {
        failures.push(
          `${route.method} ${route.url} (seed ${seed}, path ${result.counterexamplePath}): ${String(
            (result.errorInstance as Error | undefined)?.message ?? result.errorInstance,
          ).slice(0, 600)}`,
        );
      }
    }
    if (failures.length > 0) console.error(`hostile input failures (seed base ${SEED}):\n${failures.join('\n')}`);
    expect(failures).toEqual([]);
    // The requests got past the session, CSRF and role checks: some succeeded, most were refused by a schema.
    const count = (from: number, to: number) =>
      [...statuses].filter(([code]) => code >= from && code < to).reduce((sum, [, n]) => sum + n, 0);
    expect(count(200, 300)).toBeGreaterThan(0);
    expect(count(400, 401)).toBeGreaterThan(count(401, 404));
    // The session survived the walk: the admin still reads the event.
    expect((await admin.get(`/api/event/${eventId}`)).statusCode).toBe(200);
  }, 120_000);

  it('no route answers 5xx to ids beyond the bound in path, query string and nested body arrays and filters', async () => {
    const routes = t.app.routeTable.filter(
      (route) =>
        METHODS.has(route.method) &&
        route.url.startsWith('/api/') &&
        !route.url.startsWith('/api/docs') &&
        !SKIPPED.has(`${route.method} ${route.url}`),
    );
    const failures: string[] = [];
    let sent = 0;
    const send = async (method: string, url: string, body?: unknown) => {
      sent += 1;
      const response =
        method === 'POST'
          ? await admin.request('POST', url, undefined, {
              payload: JSON.stringify(body ?? {}),
              headers: { 'content-type': 'application/json' },
            })
          : await admin.request(method as 'GET' | 'DELETE', url);
      if (response.statusCode >= 500) {
        failures.push(
          `${method} ${url.slice(0, 200)} ${JSON.stringify(body)?.slice(0, 200) ?? ''} -> ${response.statusCode}`,
        );
      }
    };
    for (const [index, route] of routes.entries()) {
      const names = [...route.url.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1]);
      const real = Object.fromEntries(names.map((name) => [name, String(name === 'id' ? eventId : known[1])]));
      // Each path id beyond the bound, the others real.
      for (const name of names) {
        await send(route.method, buildUrl(route.url, { ...real, [name]: HOSTILE_IDS[index % HOSTILE_IDS.length] }, {}));
      }
      const url = buildUrl(route.url, real, {});
      // Each id the query strings read: just beyond the bound, and one more hostile value in turn over the routes.
      for (const [position, field] of ID_FIELDS.entries()) {
        for (const value of new Set([
          HOSTILE_IDS[0],
          HOSTILE_IDS[1 + ((index + position) % (HOSTILE_IDS.length - 1))],
        ])) {
          await send(route.method, `${url}?${new URLSearchParams({ [field]: value })}`);
        }
      }
      if (route.method !== 'POST') continue;
      for (const body of nestedBodies(BIG_IDS[index % BIG_IDS.length])) await send('POST', url, body);
    }
    if (failures.length > 0) console.error(`hostile id failures:\n${failures.join('\n')}`);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length * ID_FIELDS.length);
  }, 120_000);
});

/** Ids as a query string or a path gives them: beyond the databases' bound, negative, fractional, not numbers. */
const HOSTILE_IDS = [
  '2147483648',
  '99999999999999999999',
  '9007199254740993',
  '-2147483649',
  '1e308',
  '1.5',
  '0x80000000',
  '2147483648,none',
  'none,2147483648',
  '1,2147483648',
];
/** Every name the query strings read ids and numbers under. */
const ID_FIELDS = [
  'groupId',
  'userId',
  'eventUserId',
  'shiftId',
  'customLabel',
  'before',
  'roleLevel',
  'page',
  'pageSize',
  'fileId',
  'labelId',
  'applicationId',
  'id',
  'ids',
];
const BIG_IDS: unknown[] = [2_147_483_648, '2147483648', 1e20, -2_147_483_649, 2_147_483_647.5, '99999999999999999999'];

/** Bodies with a hostile id where each route reads ids: top level, arrays, and nested filters and receivers. */
function nestedBodies(id: unknown): unknown[] {
  return [
    { ids: [id], status: 'staged' },
    { ids: [1, id], groupId: 1 },
    { ids: [known[3]], groupId: id },
    { filter: { groupId: [String(id)] }, status: 'staged' },
    { filter: { groupId: String(id), status: ['pending'] }, status: 'staged' },
    { filter: { groupId: ['none', id] }, groupId: null },
    { receivers: { userIds: [id] }, subject: 'S', message: 'M' },
    { receivers: { groupIds: [id], roleLevels: [2] }, subject: 'S', message: 'M', fileIds: [id] },
    { receivers: { roleLevels: [0] }, fileIds: [id] },
    { labelIds: [id] },
    { groupId: id, roleLevel: 2, email: 'x@example.org' },
    { userId: id, roleLevel: 2, groupId: null },
    { eventUserId: id },
    { shiftId: id },
    { shiftIds: [id], groupId: id, closesAt: '2030-01-01T00:00:00Z', minShifts: 0, maxShifts: 1 },
    { selfSignupGroupIds: [id], minRestMinutes: 0 },
    { title: 'T', startsAt: '2030-01-01T10:00:00Z', endsAt: '2030-01-01T11:00:00Z', capacity: 1, groupId: id },
    {
      shifts: [
        { title: 'T', startsAt: '2030-01-01T10:00:00Z', endsAt: '2030-01-01T11:00:00Z', capacity: 1, groupId: id },
      ],
    },
    { audience: id, message: 'M' },
    { groupIds: [id], ranked: [id], cannot: [id], count: 1 },
  ];
}
