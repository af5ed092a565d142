import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { createUser, loginAs, type TestUser } from '../helpers/factories.js';
import { startSmtpServer, textOf } from '../helpers/smtp.js';
import { decryptPush, deviceKeys, startPushService, verifyVapid } from './push-service.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let service: Awaited<ReturnType<typeof startPushService>>;
let t: TestApp;
let publicKey: string;
beforeAll(async () => {
  smtp = await startSmtpServer();
  service = await startPushService();
  // The queue is driven by the tests (runOnce, drain); back-off and lease are short.
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_WORKER: 'off',
    MAIL_RETRY_BASE_MS: '50',
    MAIL_LEASE_MS: '400',
    PUSH_CA_FILE: service.caFile,
    MAIL_FROM: 'Funkis <no-reply@funkis.test>',
  });
  publicKey = (await t.app.inject({ method: 'GET', url: '/api/push/public-key' })).json().publicKey;
});
afterAll(async () => {
  await t.close();
  await service.close();
  await smtp.close();
});

/** A person signed in with a browser in `language`, and a device of theirs subscribed at `/device/<name>`. */
async function personWithDevice(name: string, language: 'en' | 'sv') {
  const user = await createUser(t.db, { firstname: name, email: `${name.toLowerCase()}-${Date.now()}@push.test` });
  const client = await loginIn(user, language);
  const device = deviceKeys();
  const endpoint = `${service.origin}/device/${name}`;
  const answer = await client.post('/api/push/subscriptions', { endpoint, keys: device.keys });
  expect(answer.statusCode, answer.body).toBe(201);
  return { user, client, device, endpoint };
}

async function loginIn(user: TestUser, language: 'en' | 'sv'): Promise<TestClient> {
  const client = await loginAs(t.app, user);
  // The account remembers the language of its last sign-in; Swedish from the browser's Accept-Language.
  if (language === 'sv') {
    const again = await client.request(
      'POST',
      '/api/login',
      { email: user.email, password: user.password },
      { headers: { 'accept-language': 'sv-SE,sv;q=0.9' } },
    );
    expect(again.statusCode).toBe(200);
  }
  return client;
}

const reminder = {
  key: 'push.shiftReminder',
  params: { shift: 'Bar', when: 'Fri 18:00–22:00', event: 'Fest' },
} as const;
const pushedTo = (name: string) => service.requests.filter((request) => request.path === `/device/${name}`);
const subscriptionIds = (userId: number) =>
  t.db.selectFrom('push_subscriptions').select(['id', 'failures']).where('user_id', '=', userId).execute();

describe(`web push delivered to a push service on ${dialect}`, () => {
  it('encrypts the notice for the device (RFC 8291) in its owner’s language, signed with VAPID', async () => {
    const en = await personWithDevice('Ada', 'en');
    const sv = await personWithDevice('Siv', 'sv');
    expect(await t.app.push.notify(en.user.id, 'shiftReminder', reminder, { url: '/event/3/scheduling' })).toBe('push');
    expect(await t.app.push.notify(sv.user.id, 'shiftReminder', reminder, { url: '/event/3/scheduling' })).toBe('push');
    await t.app.mail.worker.drain();

    const [toAda] = pushedTo('Ada');
    const [toSiv] = pushedTo('Siv');
    expect(pushedTo('Ada')).toHaveLength(1);
    expect(JSON.parse(decryptPush(toAda.body, en.device))).toEqual({
      title: 'Shift soon: Bar',
      body: 'Fri 18:00–22:00 – Fest',
      url: '/event/3/scheduling',
      kind: 'shiftReminder',
    });
    expect(JSON.parse(decryptPush(toSiv.body, sv.device))).toEqual({
      title: 'Snart pass: Bar',
      body: 'Fri 18:00–22:00 – Fest',
      url: '/event/3/scheduling',
      kind: 'shiftReminder',
    });
    // Only the device's own keys open it.
    expect(() => decryptPush(toAda.body, sv.device)).toThrow();

    expect(toAda.headers['content-encoding']).toBe('aes128gcm');
    expect(toAda.headers.ttl).toBe('86400');
    const claims = verifyVapid(String(toAda.headers.authorization), publicKey);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe('mailto:no-reply@funkis.test');
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());

    const [stored] = await t.db
      .selectFrom('push_subscriptions')
      .select(['last_success_at', 'failures'])
      .where('user_id', '=', en.user.id)
      .execute();
    expect(stored.last_success_at).not.toBeNull();
    expect(stored.failures).toBe(0);
    expect(smtp.messages.filter((mail) => mail.to.includes(en.user.email))).toEqual([]);
  });

  it('removes a device its push service no longer knows (410), with nothing retried', async () => {
    const gone = await personWithDevice('Gone', 'en');
    service.setAnswer((request) => (request.path === '/device/Gone' ? 410 : 201));
    await t.app.push.notify(gone.user.id, 'shiftChange', reminder, { url: '/' });
    await t.app.mail.worker.drain();
    expect(pushedTo('Gone')).toHaveLength(1);
    expect(await subscriptionIds(gone.user.id)).toEqual([]);
    // Without a device the next notice comes by e-mail.
    expect(await t.app.push.notify(gone.user.id, 'shiftChange', reminder, { url: '/' })).toBe('mail');
    await t.app.mail.worker.drain();
    expect(textOf((await smtp.waitFor((received) => received.to.includes(gone.user.email))).raw)).toContain(
      'Shift soon: Bar',
    );
    service.setAnswer(() => 201);
  });

  it('keeps a device whose push service fails (500) and tries the notice again through the queue', async () => {
    const flaky = await personWithDevice('Flaky', 'en');
    let calls = 0;
    service.setAnswer((request) => {
      if (request.path !== '/device/Flaky') return 201;
      calls += 1;
      return calls === 1 ? 500 : 201;
    });
    const cover = { key: 'push.coverRequest', params: { shift: 'Bar', when: 'Fri 18:00', event: 'Fest' } } as const;
    await t.app.push.notify(flaky.user.id, 'coverRequest', cover, { url: '/cover-requests' });
    expect(await t.app.mail.worker.runOnce()).toBe(1);
    expect(pushedTo('Flaky')).toHaveLength(1);
    const [waiting] = await t.db
      .selectFrom('mail_queue')
      .select(['state', 'attempts', 'last_error'])
      .where('user_id', '=', flaky.user.id)
      .execute();
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1, last_error: 'push service: 500' });
    expect(await subscriptionIds(flaky.user.id)).toEqual([{ id: expect.any(Number), failures: 1 }]);

    await t.app.mail.worker.drain();
    expect(pushedTo('Flaky')).toHaveLength(2);
    expect(JSON.parse(decryptPush(pushedTo('Flaky')[1].body, flaky.device)).title).toBe('Can you cover a shift?');
    expect(await subscriptionIds(flaky.user.id)).toEqual([{ id: expect.any(Number), failures: 0 }]);
    service.setAnswer(() => 201);
  });

  it('sends the e-mail instead to a person who turned push off for that kind, in their language', async () => {
    const off = await personWithDevice('Olle', 'sv');
    const changed = await off.client.post('/api/account/notifications', {
      notifications: { waitlistPlace: { push: false } },
    });
    expect(changed.statusCode).toBe(200);
    const waitlist = { key: 'push.waitlistPlace', params: { shift: 'Kök', when: 'lör 10:00', event: 'Fest' } } as const;
    expect(await t.app.push.notify(off.user.id, 'waitlistPlace', waitlist, { url: '/event/3/scheduling' })).toBe(
      'mail',
    );
    await t.app.mail.worker.drain();
    expect(pushedTo('Olle')).toEqual([]);
    const mail = await smtp.waitFor((received) => received.to.includes(off.user.email));
    expect(mail.raw).toMatch(/Subject: =\?UTF-8\?|Subject: En plats/);
    const text = textOf(mail.raw);
    expect(text).toContain('Hej Olle,');
    expect(text).toContain('En plats är ledig: Kök');
    expect(text).toContain('http://funkis.test/event/3/scheduling');

    // Other kinds still come by push.
    expect(await t.app.push.notify(off.user.id, 'shiftReminder', reminder, { url: '/' })).toBe('push');
    await t.app.mail.worker.drain();
    expect(JSON.parse(decryptPush(pushedTo('Olle')[0].body, off.device)).title).toBe('Snart pass: Bar');
  });

  it('sends the e-mail to a person without any device', async () => {
    const user = await createUser(t.db, { firstname: 'Nils', email: `nils-${Date.now()}@push.test` });
    const change = {
      key: 'push.shiftChange',
      params: { shift: 'Bar', when: 'Fri 19:00–23:00', event: 'Fest' },
    } as const;
    expect(await t.app.push.notify(user.id, 'shiftChange', change, { url: '/event/3/scheduling' })).toBe('mail');
    await t.app.mail.worker.drain();
    const text = textOf((await smtp.waitFor((received) => received.to.includes(user.email))).raw);
    expect(text).toContain('Hello Nils,');
    expect(text).toContain('Your shift changed: Bar');
  });
});
