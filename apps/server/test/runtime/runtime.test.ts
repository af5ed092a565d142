import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, withStatementCache } from '../../src/db/database.js';
import { prepared } from '../../src/lib/prepared.js';
import { securityHeaders } from '../../src/plugins/security-headers.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { addMember, createEvent, createGroup, createUser, loginAs } from '../helpers/factories.js';

// What the production request path does besides the modules (decision 011).

describe('SQLite prepared-statement cache', () => {
  it('reuses the statement of the same SQL text and prepares a new one for new text', () => {
    const sqlite = new SQLite(':memory:');
    const cached = withStatementCache(sqlite);
    const first = cached.prepare('select ? as value');
    const again = cached.prepare('select ? as value');
    const other = cached.prepare('select ? + 1 as value');
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(first.all([41])).toEqual([{ value: 41 }]);
    expect(again.all([42])).toEqual([{ value: 42 }]);
    expect(cached.cachedStatements()).toBe(2);
    cached.close();
  });

  it('keeps at most its size, dropping the least recently used', () => {
    const sqlite = new SQLite(':memory:');
    const cached = withStatementCache(sqlite, 2);
    const a = cached.prepare('select 1');
    cached.prepare('select 2');
    cached.prepare('select 1'); // a is now the most recent
    cached.prepare('select 3'); // evicts "select 2"
    expect(cached.cachedStatements()).toBe(2);
    expect(cached.prepare('select 1')).toBe(a);
    expect(cached.prepare('select 2').all([])).toEqual([{ 2: 2 }]);
    cached.close();
  });

  it('still answers correctly after the schema changed under a cached statement', () => {
    const sqlite = new SQLite(':memory:');
    const cached = withStatementCache(sqlite);
    cached.prepare('create table t (a integer)').run([]);
    cached.prepare('insert into t (a) values (?)').run([1]);
    const count = cached.prepare('select count(*) as n from t');
    expect(count.all([])).toEqual([{ n: 1 }]);
    cached.prepare('create index t_a on t (a)').run([]);
    cached.prepare('insert into t (a) values (?)').run([2]);
    expect(cached.prepare('select count(*) as n from t').all([])).toEqual([{ n: 2 }]);
    cached.close();
  });
});

describe('prepared reads on SQLite, run straight on the connection', () => {
  it('answers objects with every column, also after the table gained one under the statement', async () => {
    const handle = openDatabase({ sqliteFile: ':memory:' });
    const raw = handle.db as unknown as Kysely<{ t: { a: number; 'odd "name"': string | null } }>;
    await sql`create table t (a integer, "odd ""name""" text)`.execute(raw);
    await sql`insert into t (a, "odd ""name""") values (1, 'x'), (2, null)`.execute(raw);
    const all = prepared((db: typeof raw, min: number) => db.selectFrom('t').selectAll().where('a', '>=', min));
    expect(await all(raw, 1)).toEqual([
      { a: 1, 'odd "name"': 'x' },
      { a: 2, 'odd "name"': null },
    ]);
    await sql`alter table t add column b text default 'new'`.execute(raw);
    expect(await all(raw, 2)).toEqual([{ a: 2, 'odd "name"': null, b: 'new' }]);
    await handle.close();
  });
});

describe('security headers', () => {
  it('are worked out once from the helmet options', () => {
    const headers = securityHeaders({
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
    });
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
  });
});

let t: TestApp;
let webDist: string;
const asset = 'assets/index-abc123.js';
const assetText = `console.log(${JSON.stringify('funkis '.repeat(400))});`;

beforeAll(async () => {
  const base = await fs.mkdtemp(path.join((await import('node:os')).tmpdir(), 'funkis-web-'));
  webDist = path.join(base, 'dist');
  await fs.mkdir(path.join(webDist, 'assets'), { recursive: true });
  await fs.writeFile(path.join(webDist, 'index.html'), '<html><head></head><body>funkis-app</body></html>');
  await fs.writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  await fs.writeFile(path.join(webDist, asset), assetText);
  // As apps/web/scripts/compress.mjs writes them at build time.
  await fs.writeFile(path.join(webDist, `${asset}.br`), zlib.brotliCompressSync(assetText));
  await fs.writeFile(path.join(webDist, `${asset}.gz`), zlib.gzipSync(assetText));
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(path.dirname(webDist), { recursive: true, force: true });
});

describe(`serving on ${dialect}`, () => {
  it('sends the brotli or gzip file written at build time, cached for a year, varying by encoding', async () => {
    const brotli = await t.app.inject({ method: 'GET', url: `/${asset}`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(assetText);

    const gzip = await t.app.inject({ method: 'GET', url: `/${asset}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(assetText);

    const plain = await t.app.inject({ method: 'GET', url: `/${asset}`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(assetText);
  });

  it('never lets index.html or unhashed files be reused without asking', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/event/1/applications' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.headers['cache-control']).toBe('no-cache');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('compresses JSON answers above 1 KB for clients that accept it, and leaves small ones alone', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('gzip');
    const document = JSON.parse(zlib.gunzipSync(docs.rawPayload).toString());
    expect(document.openapi).toMatch(/^3\./);
    expect(docs.rawPayload.length).toBeLessThan(JSON.stringify(document).length / 3);

    const brotli = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers['content-encoding']).toBe('br');

    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().status).toBe('ok');

    const none = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json().openapi).toMatch(/^3\./);
  });

  it('sends the same security headers on every answer, and the API docs keep their own policy', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/health' });
    const second = await t.app.inject({ method: 'GET', url: '/event/1' });
    const policy = first.headers['content-security-policy'];
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(second.headers['content-security-policy']).toBe(policy);
    expect(first.headers['x-frame-options']).toBe('SAMEORIGIN');
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    if (docs.statusCode === 200) expect(docs.headers['content-security-policy']).not.toBe(policy);
  });
});

describe(`headers of every answer on ${dialect}`, () => {
  it('sends the request id and the security headers on errors too, and echoes a well-formed given id', async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/event/1' }), // 401: not logged in
      await client.request('POST', '/api/events', { name: 'No token' }, { csrf: null }), // 403: no CSRF token
      await t.app.inject({ method: 'GET', url: '/api/no-such-call' }), // 404
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      }), // 400: malformed JSON
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 403, 404, 400]);
    const ids = new Set<string>();
    for (const answer of answers) {
      expect(String(answer.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
      ids.add(String(answer.headers['x-request-id']));
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(ids.size).toBe(answers.length);
    const given = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-42_a' } });
    expect(given.headers['x-request-id']).toBe('lb-42_a');
    const refused = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'not ok!' } });
    expect(String(refused.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('parses multipart bodies on the upload routes only; a JSON call refuses one with 415', async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const boundary = 'funkisboundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nVia multipart\r\n--${boundary}--\r\n`;
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const refused = await client.request('POST', '/api/events', undefined, { headers, payload: body });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().errors).toEqual([{ code: 'error.unsupportedType' }]);
    // The avatar upload reads it (and finds no file in it).
    const upload = await client.request('POST', '/api/user/avatar', undefined, { headers, payload: body });
    expect(upload.statusCode).toBe(400);
    expect(upload.json().fieldErrors).toHaveProperty('file');
  });
});

describe(`event guard with the membership read in the session query, on ${dialect}`, () => {
  it('lets a member in, refuses the same user on an event they are not a member of, and 404s a bad id', async () => {
    const user = await createUser(t.db);
    const mine = await createEvent(t.db, { adminId: user.id });
    const other = await createEvent(t.db);
    const volunteerOf = await createEvent(t.db);
    await addMember(t.db, volunteerOf.id, user.id, 2);
    const client = await loginAs(t.app, user);

    const own = await client.request('GET', `/api/event/${mine.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().event.id).toBe(mine.id);
    expect(own.json().eventUser.role.eventRole.roleLevel).toBe(0);

    expect((await client.request('GET', `/api/event/${other.id}`)).statusCode).toBe(403);
    // A volunteer may read the event but not an admin-only screen of it.
    expect((await client.request('GET', `/api/event/${volunteerOf.id}`)).statusCode).toBe(200);
    expect((await client.request('GET', `/api/event/${volunteerOf.id}/users`)).statusCode).toBe(403);
    expect((await client.request('GET', '/api/event/2147483648')).statusCode).toBe(404);

    const anonymous = await t.app.inject({ method: 'GET', url: `/api/event/${mine.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers the event screen's call with the caller's group and the form, as read with the session", async () => {
    const user = await createUser(t.db);
    const event = await createEvent(t.db);
    const group = await createGroup(t.db, event.id, 'Bar crew');
    const eventUserId = await addMember(t.db, event.id, user.id, 1, group.id);
    const client = await loginAs(t.app, user);
    const first = await client.request('GET', `/api/event/${event.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().eventUser).toEqual({
      id: eventUserId,
      userId: user.id,
      role: { eventRole: { roleLevel: 1 }, eventGroup: { id: group.id, name: 'Bar crew' } },
    });
    expect(Array.isArray(first.json().eventForm.fields)).toBe(true);
    // The same answer again (statement and parsed form reused).
    expect((await client.request('GET', `/api/event/${event.id}`)).json()).toEqual(first.json());
  });

  it('reads the event with the session, and shows a change made just before', async () => {
    const user = await createUser(t.db);
    const event = await createEvent(t.db, { adminId: user.id });
    const client = await loginAs(t.app, user);
    expect((await client.request('GET', `/api/event/${event.id}`)).json().event.name).toBe(event.name);
    const changed = await client.post(`/api/event/${event.id}/settings`, { name: 'Renamed just now' });
    expect(changed.statusCode).toBe(200);
    const after = await client.request('GET', `/api/event/${event.id}`);
    expect(after.json().event).toMatchObject({ id: event.id, name: 'Renamed just now' });
    // The same answer as the event's own read gives (every column of the joined read mapped back).
    const { eventsService } = await import('../../src/modules/events/service.js');
    const { toEvent } = await import('../../src/modules/events/event-view.js');
    const row = await eventsService(t.app.serverContext).findEventWithForm(event.id);
    expect(row).toBeDefined();
    expect(after.json().event).toEqual(JSON.parse(JSON.stringify(toEvent(row as NonNullable<typeof row>))));
  });
});

describe(`prepared queries on ${dialect}`, () => {
  const userByEmail = prepared((db: TestApp['db'], email: string, limit: number) =>
    db.selectFrom('users').select(['id', 'email']).where('email', '=', email).where('id', '>', 0).limit(limit),
  );

  it("runs the query built once with each call's arguments, constants kept", async () => {
    const anna = await createUser(t.db, { email: 'prepared-anna@example.com' });
    const bo = await createUser(t.db, { email: 'prepared-bo@example.com' });
    expect(await userByEmail(t.db, 'prepared-anna@example.com', 5)).toEqual([{ id: anna.id, email: anna.email }]);
    expect(await userByEmail(t.db, 'prepared-bo@example.com', 5)).toEqual([{ id: bo.id, email: bo.email }]);
    expect(await userByEmail(t.db, 'prepared-bo@example.com', 0)).toEqual([]);
    expect(await userByEmail(t.db, 'nobody@example.com', 5)).toEqual([]);
    // Inside a transaction too (another handle: built again for it).
    await t.db.transaction().execute(async (trx) => {
      expect(await userByEmail(trx, 'prepared-anna@example.com', 1)).toEqual([{ id: anna.id, email: anna.email }]);
    });
  });

  it('never reads what an open transaction has not committed (SQLite: waits for it, then reads)', async () => {
    const email = 'prepared-rolled-back@example.com';
    let read: Promise<unknown[]> | undefined;
    await expect(
      t.db.transaction().execute(async (trx) => {
        await createUser(trx, { email });
        expect(await userByEmail(trx, email, 1)).toHaveLength(1);
        // Outside the transaction, while it is open (SQLite: on the connection the transaction holds).
        read = userByEmail(t.db, email, 1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await read).toEqual([]);
    const committed = await createUser(t.db, { email });
    expect(await userByEmail(t.db, email, 1)).toEqual([{ id: committed.id, email }]);
  });
});
