import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { SESSION_IDLE_MS } from '../../src/modules/sessions/store.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { createUser, loginAs } from '../helpers/factories.js';
import { confirmationTokenFromMailDir, registerClient, sessionCookieLine } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const DAY = 24 * 60 * 60 * 1000;

async function sessionRows(userId: number) {
  return t.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).execute();
}

describe(`sessions on ${dialect}`, () => {
  it('keeps the session in the database; the cookie holds a token whose hash is the row id', async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const token = client.cookie?.split('=')[1] ?? '';
    expect(token).toMatch(/^[\w-]{40,}$/);
    const rows = await sessionRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).not.toBe(token);
    expect(rows[0].id).not.toContain(token);
    expect(rows[0].csrf_token).toBe(client.csrf);
    // The session survives a restart: a second app on the same database knows it.
    const second = await buildApp({ config: t.app.config, logger: false });
    try {
      const me = await second.inject({ method: 'GET', url: '/api/me', headers: { cookie: client.cookie ?? '' } });
      expect(me.json().user.id).toBe(user.id);
    } finally {
      await second.close();
    }
  });

  it('sets the cookie HttpOnly, SameSite=Lax, path /, not Secure over plain http', async () => {
    const user = await createUser(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    const line = sessionCookieLine(response) ?? '';
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Path=\//);
    expect(line).not.toMatch(/; Secure/);
  });

  it('marks the cookie Secure when https came through a proxy on the TRUST_PROXY list, and only then', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const user = await createUser(proxied.db);
      const login = (remoteAddress: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress,
          headers: { 'x-forwarded-proto': 'https' },
          payload: { email: user.email, password: user.password },
        });
      const trusted = await login('127.0.0.1');
      expect(trusted.statusCode).toBe(200);
      expect(sessionCookieLine(trusted)).toMatch(/; Secure/);
      const untrusted = await login('203.0.113.9');
      expect(untrusted.statusCode).toBe(200);
      expect(sessionCookieLine(untrusted)).not.toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY no forwarded header is believed, not even from loopback.
    const user = await createUser(t.db);
    const direct = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: user.email, password: user.password },
    });
    expect(sessionCookieLine(direct)).not.toMatch(/; Secure/);
  });

  it('starts a new session id and CSRF token on login; the old cookie and token stop working', async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const oldCookie = client.cookie;
    const oldCsrf = client.csrf;
    await client.login(user.email, user.password);
    expect(client.cookie).not.toBe(oldCookie);
    expect(client.csrf).not.toBe(oldCsrf);
    expect(await sessionRows(user.id)).toHaveLength(1);
    const replay = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: oldCookie ?? '' } });
    expect(replay.statusCode).toBe(401);
    const staleToken = await client.request(
      'POST',
      '/api/user/update-info',
      { firstname: 'Ann', lastname: 'Ek' },
      {
        csrf: oldCsrf,
      },
    );
    expect(staleToken.statusCode).toBe(403);
  });

  it('ignores a session id the attacker chose (no fixation)', async () => {
    const user = await createUser(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: 'funkis_sid=attacker-chosen-value' },
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(200);
    const line = sessionCookieLine(response) ?? '';
    expect(line).not.toContain('attacker-chosen-value');
    expect(line).toMatch(/^funkis_sid=[\w-]{40,};/);
  });

  it('starts a new session on register and ends the one the browser had', async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const oldCookie = client.cookie;
    const response = await client.post('/api/register', {
      email: `fresh-${user.id}@example.test`,
      firstname: 'Ny',
      lastname: 'Person',
      password: 'new person password',
    });
    expect(response.statusCode).toBe(201);
    expect(client.cookie).not.toBe(oldCookie);
    expect((await client.get('/api/me')).json().user.email).toBe(`fresh-${user.id}@example.test`);
    expect(await sessionRows(user.id)).toHaveLength(0);
  });

  it('ends a session idle for longer than the idle limit, and touches one in use', async () => {
    const user = await createUser(t.db);
    const idle = await loginAs(t.app, user);
    const active = await loginAs(t.app, user);
    const [idleRow, activeRow] = await Promise.all(
      [idle, active].map(async (client) => {
        const rows = await sessionRows(user.id);
        return rows.find((row) => row.csrf_token === client.csrf);
      }),
    );
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: ago(SESSION_IDLE_MS + 1000) })
      .where('id', '=', idleRow?.id ?? '')
      .execute();
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: ago(SESSION_IDLE_MS - DAY) })
      .where('id', '=', activeRow?.id ?? '')
      .execute();

    const gone = await idle.get('/api/me');
    expect(gone.statusCode).toBe(401);
    expect(String(gone.headers['set-cookie'])).toMatch(/funkis_sid=;/);
    expect((await active.get('/api/me')).statusCode).toBe(200);
    const rows = await sessionRows(user.id);
    expect(rows.map((row) => row.id)).toEqual([activeRow?.id]);
    expect(Date.parse(rows[0].last_seen_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('ends a session past its absolute expiry however active it is', async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const [row] = await sessionRows(user.id);
    // 30 days at most (ASVS level 2).
    expect(Date.parse(row.expires_at)).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(Date.parse(row.expires_at)).toBeLessThanOrEqual(Date.now() + 30 * DAY);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: ago(1000), last_seen_at: new Date().toISOString() })
      .where('id', '=', row.id)
      .execute();
    expect((await client.get('/api/me')).statusCode).toBe(401);
    expect(await sessionRows(user.id)).toHaveLength(0);
  });

  it('clears expired sessions of the user on the next login', async () => {
    const user = await createUser(t.db);
    await loginAs(t.app, user);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: ago(1000) })
      .where('user_id', '=', user.id)
      .execute();
    await loginAs(t.app, user);
    const rows = await sessionRows(user.id);
    expect(rows).toHaveLength(1);
    expect(Date.parse(rows[0].expires_at)).toBeGreaterThan(Date.now());
  });

  it('ends every other session on a change of e-mail or password, and all of them on removal', async () => {
    const { client, payload, user } = await registerClient(t.app);
    await new TestClient(t.app).login(payload.email, payload.password);
    expect(await sessionRows(user.id)).toHaveLength(2);

    await client.post('/api/change-email', { newEmail: `moved-${user.id}@example.test`, password: payload.password });
    // The change waits for its link (decision 020); opening it ends the others, keeping the one that asked.
    expect(await sessionRows(user.id)).toHaveLength(2);
    const token = await confirmationTokenFromMailDir(t.app, t.dataDir, `moved-${user.id}@example.test`);
    expect((await new TestClient(t.app).post('/api/confirm-email', { token })).statusCode).toBe(200);
    expect(await sessionRows(user.id)).toHaveLength(1);

    const other = new TestClient(t.app);
    await other.login(`moved-${user.id}@example.test`, payload.password);
    expect(await sessionRows(user.id)).toHaveLength(2);
    await client.post('/api/change-password', { currentPassword: payload.password, newPassword: 'changed-secret' });
    expect(await sessionRows(user.id)).toHaveLength(1);
    expect((await other.get('/api/me')).statusCode).toBe(401);
    expect((await client.get('/api/me')).statusCode).toBe(200);

    const third = new TestClient(t.app);
    await third.login(`moved-${user.id}@example.test`, 'changed-secret');
    const removed = await client.post('/api/remove-user', { password: 'changed-secret' });
    expect(removed.statusCode).toBe(200);
    expect(await sessionRows(user.id)).toHaveLength(0);
    expect((await third.get('/api/me')).statusCode).toBe(401);
    expect((await client.get('/api/me')).statusCode).toBe(401);
  });
});
