import fs from 'node:fs';
import path from 'node:path';
import { PUSH_LIMITS } from '@funkis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { createUser, loginAs, type TestUser } from '../helpers/factories.js';
import { deviceKeys } from './push-service.js';

let t: TestApp;
let ada: TestUser;
let bo: TestUser;
let adaClient: TestClient;
let boClient: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  ada = await createUser(t.db, { firstname: 'Ada' });
  bo = await createUser(t.db, { firstname: 'Bo' });
  adaClient = await loginAs(t.app, ada);
  boClient = await loginAs(t.app, bo);
});
afterAll(async () => {
  await t.close();
});

const endpointOf = (name: string) => `https://push.example.test/send/${name}`;
const subscriptionsOf = (userId: number) =>
  t.db.selectFrom('push_subscriptions').select(['endpoint', 'p256dh']).where('user_id', '=', userId).execute();
const codesOf = (body: { errors?: { code: string }[] }) => (body.errors ?? []).map((error) => error.code);

describe(`push subscriptions on ${dialect}`, () => {
  it('gives the VAPID public key to anyone: an uncompressed P-256 point in base64url', async () => {
    const answer = await new TestClient(t.app).get('/api/push/public-key');
    expect(answer.statusCode).toBe(200);
    const { publicKey } = answer.json();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const point = Buffer.from(publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    // Kept: the same key on every call (made once, stored in DATA_DIR).
    expect((await new TestClient(t.app).get('/api/push/public-key')).json().publicKey).toBe(publicKey);
  });

  it('takes the key pair from VAPID_* so several servers share it, and writes no key file then', async () => {
    const shared = webPush.generateVAPIDKeys();
    const env = { VAPID_PUBLIC_KEY: shared.publicKey, VAPID_PRIVATE_KEY: shared.privateKey };
    const servers = [await createTestApp(env), await createTestApp(env)];
    try {
      for (const server of servers) {
        const answer = await new TestClient(server.app).get('/api/push/public-key');
        expect(answer.json().publicKey).toBe(shared.publicKey);
        expect(server.app.config.vapid.privateKey).toBe(shared.privateKey);
        expect(fs.existsSync(path.join(server.dataDir, 'vapid-keys.json'))).toBe(false);
      }
      // The one made into DATA_DIR is another key: the environment wins.
      expect(shared.publicKey).not.toBe(t.app.config.vapid.publicKey);
    } finally {
      for (const server of servers) await server.close();
    }
    // Half a pair is refused at start with one line naming both.
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: shared.publicKey, DATA_DIR: t.dataDir })).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: shared.publicKey, DATA_DIR: t.dataDir })).toThrow(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
    );
  });

  it('subscribes a device (201) and updates it when the same address comes again', async () => {
    const first = deviceKeys();
    const created = await adaClient.post('/api/push/subscriptions', { endpoint: endpointOf('ada'), keys: first.keys });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().success).toBe(true);
    const second = deviceKeys();
    const again = await adaClient.post('/api/push/subscriptions', { endpoint: endpointOf('ada'), keys: second.keys });
    expect(again.statusCode).toBe(201);
    expect(await subscriptionsOf(ada.id)).toEqual([{ endpoint: endpointOf('ada'), p256dh: second.keys.p256dh }]);
  });

  it('needs a session and the CSRF token', async () => {
    const anonymous = new TestClient(t.app);
    const body = { endpoint: endpointOf('nobody'), keys: deviceKeys().keys };
    expect((await anonymous.post('/api/push/subscriptions', body)).statusCode).toBe(401);
    expect(
      (await anonymous.request('DELETE', '/api/push/subscriptions', { endpoint: endpointOf('ada') })).statusCode,
    ).toBe(401);
    const withoutToken = await adaClient.request('POST', '/api/push/subscriptions', body, { csrf: null });
    expect(withoutToken.statusCode).toBe(403);
    expect(await subscriptionsOf(ada.id)).toHaveLength(1);
  });

  it('refuses addresses that are not https, too long, or keys of the wrong length (400)', async () => {
    const keys = deviceKeys().keys;
    const refused = async (body: unknown) => {
      const answer = await adaClient.post('/api/push/subscriptions', body);
      expect(answer.statusCode, answer.body).toBe(400);
      return codesOf(answer.json());
    };
    expect(await refused({ endpoint: 'ftp://push.example.test/x', keys })).toEqual(['push.endpointInvalid']);
    expect(await refused({ endpoint: 'http://push.example.test/x', keys })).toEqual(['push.endpointInvalid']);
    expect(await refused({ endpoint: 'javascript:alert(1)', keys })).toEqual(['push.endpointInvalid']);
    expect(await refused({ endpoint: 'not a url', keys })).toEqual(['push.endpointInvalid']);
    expect(await refused({ endpoint: `https://push.example.test/${'å'.repeat(1900)}`, keys })).toEqual([
      'push.endpointInvalid',
    ]);
    expect(await refused({ endpoint: 'https://push.example.test/a b', keys })).toEqual(['push.endpointInvalid']);
    const long = `https://push.example.test/${'x'.repeat(PUSH_LIMITS.ENDPOINT_MAXIMUM)}`;
    expect(await refused({ endpoint: long, keys })).toEqual(['push.endpointInvalid']);
    const short = keys.p256dh.slice(0, 60);
    expect(await refused({ endpoint: endpointOf('x'), keys: { ...keys, p256dh: short } })).toEqual(['push.keyInvalid']);
    const longAuth = Buffer.alloc(32, 1).toString('base64url');
    expect(await refused({ endpoint: endpointOf('x'), keys: { ...keys, auth: longAuth } })).toEqual([
      'push.keyInvalid',
    ]);
    const standardBase64 = Buffer.alloc(16, 0xfb).toString('base64');
    expect(await refused({ endpoint: endpointOf('x'), keys: { ...keys, auth: standardBase64 } })).toEqual([
      'push.keyInvalid',
    ]);
    expect(await refused({ endpoint: endpointOf('x') })).toEqual(['push.keyInvalid']);
    expect(await subscriptionsOf(ada.id)).toHaveLength(1);
  });

  it("lets nobody remove another person's device; the owner removes it (200), then it is unknown (404)", async () => {
    const strangers = await boClient.request('DELETE', '/api/push/subscriptions', { endpoint: endpointOf('ada') });
    expect(strangers.statusCode).toBe(404);
    expect(codesOf(strangers.json())).toEqual(['push.subscriptionNotFound']);
    expect(await subscriptionsOf(ada.id)).toHaveLength(1);

    const own = await adaClient.request('DELETE', '/api/push/subscriptions', { endpoint: endpointOf('ada') });
    expect(own.statusCode).toBe(200);
    expect(await subscriptionsOf(ada.id)).toEqual([]);
    expect(
      (await adaClient.request('DELETE', '/api/push/subscriptions', { endpoint: endpointOf('ada') })).statusCode,
    ).toBe(404);
  });

  it('gives a device to whoever subscribed it last (one browser, another person signed in)', async () => {
    const keys = deviceKeys().keys;
    expect((await adaClient.post('/api/push/subscriptions', { endpoint: endpointOf('shared'), keys })).statusCode).toBe(
      201,
    );
    expect((await boClient.post('/api/push/subscriptions', { endpoint: endpointOf('shared'), keys })).statusCode).toBe(
      201,
    );
    expect(await subscriptionsOf(ada.id)).toEqual([]);
    expect((await subscriptionsOf(bo.id)).map((row) => row.endpoint)).toEqual([endpointOf('shared')]);
    expect(
      (await adaClient.request('DELETE', '/api/push/subscriptions', { endpoint: endpointOf('shared') })).statusCode,
    ).toBe(404);
  });
});

describe(`notification settings on ${dialect}`, () => {
  it('has push on for every kind by default', async () => {
    const answer = await adaClient.get('/api/account/notifications');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      notifications: {
        shiftReminder: { push: true },
        shiftChange: { push: true },
        coverRequest: { push: true },
        waitlistPlace: { push: true },
      },
    });
    expect((await new TestClient(t.app).get('/api/account/notifications')).statusCode).toBe(401);
  });

  it('changes the kinds given and keeps the others, for the caller only', async () => {
    const changed = await adaClient.post('/api/account/notifications', {
      notifications: { shiftReminder: { push: false }, coverRequest: { push: false } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().notifications).toEqual({
      shiftReminder: { push: false },
      shiftChange: { push: true },
      coverRequest: { push: false },
      waitlistPlace: { push: true },
    });
    const back = await adaClient.post('/api/account/notifications', {
      notifications: { coverRequest: { push: true } },
    });
    expect(back.json().notifications.coverRequest).toEqual({ push: true });
    expect((await adaClient.get('/api/account/notifications')).json().notifications.shiftReminder).toEqual({
      push: false,
    });
    expect((await boClient.get('/api/account/notifications')).json().notifications.shiftReminder).toEqual({
      push: true,
    });
    const bad = await adaClient.post('/api/account/notifications', {
      notifications: { shiftReminder: { push: 'no' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await adaClient.request('POST', '/api/account/notifications', { notifications: {} }, { csrf: null })).statusCode,
    ).toBe(403);
  });
});
