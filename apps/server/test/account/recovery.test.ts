import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/lib/tokens.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { createUser, loginAs, type TestUser } from '../helpers/factories.js';
import { startSmtpServer } from '../helpers/smtp.js';
import { resetLinkIn } from './helpers.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const anonymous = () => new TestClient(t.app);
const INVALID_LINK = {
  success: false,
  errorMessages: ['The link is invalid or has expired.'],
  errors: [{ code: 'error.tokenInvalid', field: 'token' }],
  fieldErrors: { token: 'The link is invalid or has expired.' },
};

/** Asks for a link and reads it from the mail the real SMTP server received. */
async function requestLink(user: TestUser): Promise<{ link: string; token: string }> {
  const before = smtp.messages.length;
  const response = await anonymous().post('/api/recover-password', { email: user.email });
  expect(response.statusCode).toBe(200);
  const mail = await smtp.waitFor(
    (m, index = smtp.messages.indexOf(m)) => index >= before && m.to.includes(user.email),
  );
  return resetLinkIn(mail.raw);
}

const canLogin = async (email: string, password: string) =>
  (await anonymous().post('/api/login', { email, password })).statusCode === 200;

describe(`password recovery on ${dialect}`, () => {
  it('answers 200 with the same body for known and unknown addresses, and mails only the known one', async () => {
    const user = await createUser(t.db);
    const known = await anonymous().post('/api/recover-password', { email: user.email.toUpperCase() });
    const unknown = await anonymous().post('/api/recover-password', { email: 'nobody-here@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ success: true, _csrf: '' });
    await smtp.waitFor((mail) => mail.to.includes(user.email));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.some((mail) => mail.to.includes('nobody-here@example.test'))).toBe(false);
  });

  it('mails a link to /authentication/password-reset?token=… that resets the password once', async () => {
    const user = await createUser(t.db);
    const { link, token } = await requestLink(user);
    expect(link).toBe(`http://funkis.test/authentication/password-reset?token=${token}`);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    // Only a keyed hash of the token is stored.
    const rows = await t.db.selectFrom('password_reset_tokens').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toBe(token);
    expect(rows[0].token_hash).toBe(hashToken(token, 'test-secret-test-secret-test-secret-123'));
    expect(Date.parse(rows[0].expires_at) - Date.parse(rows[0].created_at)).toBe(60 * 60 * 1000);

    const reset = await anonymous().post('/api/reset-password', { token, newPassword: 'recovered password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true, _csrf: '' });
    expect(await canLogin(user.email, 'recovered password')).toBe(true);
    expect(await canLogin(user.email, user.password)).toBe(false);

    const again = await anonymous().post('/api/reset-password', { token, newPassword: 'second try password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_LINK);
    expect(await canLogin(user.email, 'recovered password')).toBe(true);
  });

  it('refuses a link older than one hour', async () => {
    const user = await createUser(t.db);
    const { token } = await requestLink(user);
    await t.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const response = await anonymous().post('/api/reset-password', { token, newPassword: 'too late password' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_LINK);
    expect(await canLogin(user.email, user.password)).toBe(true);
  });

  it('voids a link when a newer one is asked for', async () => {
    const user = await createUser(t.db);
    const older = await requestLink(user);
    const newer = await requestLink(user);
    expect(newer.token).not.toBe(older.token);
    const first = await anonymous().post('/api/reset-password', { token: older.token, newPassword: 'from old link' });
    expect(first.json()).toEqual(INVALID_LINK);
    const second = await anonymous().post('/api/reset-password', { token: newer.token, newPassword: 'from new link' });
    expect(second.statusCode).toBe(200);
    expect(await canLogin(user.email, 'from new link')).toBe(true);
  });

  it('voids a link when the password is changed', async () => {
    const user = await createUser(t.db);
    const { token } = await requestLink(user);
    const client = await loginAs(t.app, user);
    const change = await client.post('/api/change-password', {
      currentPassword: user.password,
      newPassword: 'changed meanwhile',
    });
    expect(change.statusCode).toBe(200);
    const response = await anonymous().post('/api/reset-password', { token, newPassword: 'attacker password' });
    expect(response.json()).toEqual(INVALID_LINK);
    expect(await canLogin(user.email, 'changed meanwhile')).toBe(true);
  });

  it('ends every session of the account when the password is reset', async () => {
    const user = await createUser(t.db);
    const elsewhere = await loginAs(t.app, user);
    const here = await loginAs(t.app, user);
    const { token } = await requestLink(user);
    const reset = await here.post('/api/reset-password', { token, newPassword: 'fresh start password' });
    expect(reset.statusCode).toBe(200);
    expect((await elsewhere.get('/api/me')).statusCode).toBe(401);
    expect((await here.get('/api/me')).statusCode).toBe(401);
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('applies the password rules to the new password and keeps the link usable after a refusal', async () => {
    const user = await createUser(t.db);
    const { token } = await requestLink(user);
    const short = await anonymous().post('/api/reset-password', { token, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toEqual({ newPassword: 'Password must be at least 7 characters long.' });
    expect((await anonymous().post('/api/reset-password', { token, newPassword: 'long enough now' })).statusCode).toBe(
      200,
    );
  });

  it('lets only one of two simultaneous resets with the same link through', async () => {
    const user = await createUser(t.db);
    const { token } = await requestLink(user);
    const results = await Promise.all(
      ['parallel one pw', 'parallel two pw'].map((newPassword) =>
        anonymous().post('/api/reset-password', { token, newPassword }),
      ),
    );
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 400]);
  });

  it('writes the mail as an .eml file under DATA_DIR/mail when SMTP_URL is not set', async () => {
    const local = await createTestApp();
    try {
      const user = await createUser(local.db);
      const response = await local.app.inject({
        method: 'POST',
        url: '/api/recover-password',
        payload: { email: user.email },
      });
      expect(response.statusCode).toBe(200);
      const mailDir = path.join(local.dataDir, 'mail');
      let files: string[] = [];
      for (let i = 0; i < 100 && files.length === 0; i++) {
        files = await fs.readdir(mailDir).catch(() => []);
        if (files.length === 0) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const raw = await fs.readFile(path.join(mailDir, files[0]), 'utf8');
      expect(raw).toMatch(new RegExp(`^To: Test User <${user.email}>`, 'm'));
      const { token } = resetLinkIn(raw);
      const reset = await local.app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { token, newPassword: 'from the eml file' },
      });
      expect(reset.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});
