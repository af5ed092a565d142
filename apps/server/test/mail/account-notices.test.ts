import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { createEvent, createUser, loginAs } from '../helpers/factories.js';
import { startSmtpServer, textOf } from '../helpers/smtp.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  // The worker runs as in production: started on ready, woken by each new message.
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const swedish = (client: TestClient) => Object.assign(client, { cookie: `${client.cookie}; language=sv` });

describe(`account mail through the queue on ${dialect}`, () => {
  it('tells the old address, in English, that the e-mail address changed', async () => {
    const user = await createUser(t.db, { firstname: 'Old' });
    const client = await loginAs(t.app, user);
    const newEmail = `new-${Date.now()}@example.test`;
    const response = await client.post('/api/change-email', { newEmail, password: user.password });
    expect(response.statusCode, response.body).toBe(200);
    // The change is made by the link mailed to the new address (decision 020); then the old one is told.
    const link = await smtp.waitFor((m) => m.to.includes(newEmail), 15_000);
    const token = textOf(link.raw).match(/confirm-email\?token=([\w-]+)/)?.[1];
    expect((await client.post('/api/confirm-email', { token })).statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(user.email), 15_000);
    const text = textOf(mail.raw);
    expect(mail.raw).toMatch(/^Subject: The e-mail address of your Funkis account was changed/m);
    expect(text).toContain(`Your Funkis account now uses the address ${newEmail} instead of this one.`);
    expect(smtp.messages.filter((m) => m.to.includes(newEmail))).toHaveLength(1);
    const queued = () =>
      t.db.selectFrom('mail_queue').selectAll().where('to_email', '=', user.email).executeTakeFirstOrThrow();
    // The worker records the delivery just after the SMTP server accepted it.
    await expect.poll(async () => (await queued()).state, { timeout: 10_000 }).toBe('sent');
    expect(await queued()).toMatchObject({ reason: 'account_notice', event_id: null, attempts: 1 });
  });

  it('tells a Swedish reader in Swedish that the password changed', async () => {
    const user = await createUser(t.db, { firstname: 'Sven' });
    const client = swedish(await loginAs(t.app, user));
    const response = await client.post('/api/change-password', {
      currentPassword: user.password,
      newPassword: 'another secret 123',
    });
    expect(response.statusCode, response.body).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(user.email), 15_000);
    const text = textOf(mail.raw);
    expect(text).toContain('Hej Sven,');
    expect(text).toContain('Lösenordet för ditt Funkis-konto har just ändrats');
    expect(text).toContain('http://funkis.test/authentication/password-recovery');
  });

  it("sends the password-reset link through the queue in the asker's language", async () => {
    const user = await createUser(t.db, { firstname: 'Astrid' });
    const anonymous = new TestClient(t.app);
    const response = await anonymous.request(
      'POST',
      '/api/recover-password',
      { email: user.email },
      { headers: { 'accept-language': 'sv' } },
    );
    expect(response.statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(user.email), 15_000);
    expect(textOf(mail.raw)).toMatch(/Hej Astrid,[\s\S]*authentication\/password-reset\?token=/);
    const row = await t.db
      .selectFrom('mail_queue')
      .selectAll()
      .where('to_email', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(row.reason).toBe('password_reset');
  });

  it('lets other modules queue mail for an event, which then keeps the event rate (the scheduling reminder door)', async () => {
    const user = await createUser(t.db, { firstname: 'Remy' });
    const event = await createEvent(t.db);
    await t.app.mail.enqueue({
      eventId: event.id,
      to: [{ userId: user.id, email: user.email, name: 'Remy User', language: 'en' }],
      subject: 'Your shift starts tomorrow',
      text: 'Bar, 18:00',
      reason: 'shift_reminder',
    });
    const mail = await smtp.waitFor((m) => m.to.includes(user.email), 15_000);
    expect(mail.raw).toMatch(/^Subject: Your shift starts tomorrow/m);
  });
});
