import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/lib/redact.js';
import { resetLinkIn } from '../account/helpers.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { createUser, loginAs, TEST_PASSWORD, type TestUser } from '../helpers/factories.js';
import { startSmtpServer } from '../helpers/smtp.js';

/**
 * The secret calendar URL is a way into the account's data without a session: it is never written to the log,
 * and a password change or reset (which ends every other session) ends it too.
 */
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

async function feedPathOf(user: TestUser): Promise<{ client: TestClient; path: string }> {
  const client = await loginAs(t.app, user);
  const made = await client.post('/api/user/calendar-feed');
  expect(made.statusCode, made.body).toBe(201);
  const path = new URL(made.json().feed.url as string).pathname;
  expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
  return { client, path };
}

describe(`the secret calendar URL on ${dialect}`, () => {
  it('is written to the log without its key', () => {
    const key = 'k'.repeat(32);
    expect(redactUrl(`/api/calendar/${key}.ics`)).toBe('/api/calendar/[redacted]');
    expect(redactUrl(`/api/calendar/${key}.ics?x=1`)).toBe('/api/calendar/[redacted]');
    expect(redactUrl('/api/calendar')).toBe('/api/calendar');
  });

  it('stops working when the password is changed, and the owner can make a new one', async () => {
    const user = await createUser(t.db);
    const { client, path } = await feedPathOf(user);
    const changed = await client.post('/api/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a new password 1',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await client.get('/api/user/calendar-feed')).json().feed).toEqual({ createdAt: null, url: null });
    // The session that changed the password goes on and may make a new URL.
    await feedPathOf({ ...user, password: 'a new password 1' });
  });

  it('stops working when the password is reset through a recovery link', async () => {
    const user = await createUser(t.db);
    const { path } = await feedPathOf(user);
    const before = smtp.messages.length;
    await new TestClient(t.app).post('/api/recover-password', { email: user.email });
    const mail = await smtp.waitFor(
      (message, index = smtp.messages.indexOf(message)) => index >= before && message.to.includes(user.email),
    );
    const { token } = resetLinkIn(mail.raw);
    const reset = await new TestClient(t.app).post('/api/reset-password', { token, newPassword: 'recovered pass' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
  });

  it("leaves another user's URL working", async () => {
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    const { path } = await feedPathOf(other);
    const client = await loginAs(t.app, owner);
    await client.post('/api/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'another new one' });
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
  });
});
