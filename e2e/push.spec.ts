import type { BrowserContext, Page } from '@playwright/test';
import { axeOn, expect, login, ownAddress, settled, test, uniqueEmail } from './fixtures';

/**
 * Web push on the account page (decision 030): a person allows notifications on this device, the
 * subscription goes to our server, the app's service worker shows a pushed notice, each kind of notice is push or
 * e-mail by their choice, and the device can be turned off again.
 *
 * The browser here has no internet, so its push service (Google's, for Chromium) cannot be reached: an init script
 * puts a push service of its own in place of `PushManager.subscribe`/`getSubscription`, which answers with an https
 * address and keys of the right lengths. Only the browser's push service is replaced; every call to our server is
 * real. The message then reaches the service worker through the DevTools protocol, as a push service's would.
 */

test.use({ serviceWorkers: 'allow' });

const ENDPOINT = 'https://push.example.test/send/e2e-device-1';

/** The browser's push service, replaced: what `subscribe` got and the subscription it made (kept per tab). */
async function fakePushService(context: BrowserContext) {
  await context.addInitScript((endpoint: string) => {
    const STORED = 'e2e-push-subscription';
    const base64url = (bytes: number[]) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    // An uncompressed P-256 point (65 bytes, 0x04 first) and a 16-byte secret: the lengths a push service gives.
    const p256dh = base64url([4, ...Array.from({ length: 64 }, (_value, index) => index + 1)]);
    const auth = base64url(Array.from({ length: 16 }, (_value, index) => 200 + index));
    const subscription = () => ({
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
      unsubscribe: async () => {
        sessionStorage.removeItem(STORED);
        return true;
      },
    });
    const target = window as unknown as { __e2ePushOptions?: { userVisibleOnly?: boolean; keyBytes: number[] } };
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      const bytes =
        key instanceof ArrayBuffer ? new Uint8Array(key) : ArrayBuffer.isView(key) ? new Uint8Array(key.buffer) : [];
      target.__e2ePushOptions = { userVisibleOnly: options?.userVisibleOnly, keyBytes: [...bytes] };
      sessionStorage.setItem(STORED, '1');
      return subscription() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return (sessionStorage.getItem(STORED) ? subscription() : null) as unknown as PushSubscription | null;
    };
  }, ENDPOINT);
}

/** A new person, logged in on the page (their choices and devices are theirs alone). */
async function newPerson(page: Page) {
  const email = uniqueEmail('push');
  const password = 'push-password-1';
  const registered = await page.request.post('/api/register', {
    headers: ownAddress(),
    data: { email, firstname: 'Pia', lastname: 'Push', password },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  await page.context().clearCookies();
  await login(page, email, password);
}

async function openNotifications(page: Page) {
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Notifications' });
  await expect(section.getByRole('switch', { name: 'Push for shift reminders' })).toBeVisible();
  // The app's service worker is installed after the page; push needs it.
  await page.evaluate(() => navigator.serviceWorker.ready);
  return section;
}

test.describe('web push', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a person turns on push here, gets a notice from the service worker, chooses per kind and turns it off', async ({
    page,
    context,
    baseURL,
  }) => {
    const origin = new URL(baseURL as string).origin;
    await context.grantPermissions(['notifications'], { origin });
    await fakePushService(context);
    await newPerson(page);
    const section = await openNotifications(page);

    // The service worker file is served fresh each time (not hashed), like sw.js.
    const worker = await page.request.get('/push-sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');

    const status = section.getByTestId('push-device-status');
    await expect(status).toHaveText('Notifications are off for this device.');
    const subscribed = page.waitForResponse(
      (response) => response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'POST',
    );
    await section.getByRole('button', { name: 'Turn on notifications on this device' }).click();
    const answer = await subscribed;
    expect(answer.status()).toBe(201);
    expect(answer.request().postDataJSON()).toEqual({
      endpoint: ENDPOINT,
      keys: { p256dh: expect.stringMatching(/^B[\w-]{86}$/), auth: expect.stringMatching(/^[\w-]{22}$/) },
    });
    expect(answer.request().headers()['x-csrf-token']).toBeTruthy();
    await expect(status).toHaveText('Notifications are on for this device.');

    // The subscription was made for the server's key, as bytes.
    const { publicKey } = (await (await page.request.get('/api/push/public-key')).json()) as { publicKey: string };
    const options = await page.evaluate(
      () =>
        (window as unknown as { __e2ePushOptions?: { userVisibleOnly?: boolean; keyBytes: number[] } })
          .__e2ePushOptions,
    );
    expect(options?.userVisibleOnly).toBe(true);
    expect(Buffer.from(options?.keyBytes ?? []).toString('base64url')).toBe(publicKey.replace(/=+$/, ''));

    await page.reload();
    await expect(section.getByTestId('push-device-status')).toHaveText('Notifications are on for this device.');

    // A push message reaches the app's service worker, which shows it.
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.some((item) => item.scopeURL === `${origin}/` && !item.isDeleted)).toBe(true);
    const registrationId = registrations.find((item) => item.scopeURL === `${origin}/`)?.registrationId as string;
    const notices = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((notice) => ({
          title: notice.title,
          body: notice.body,
          icon: notice.icon,
          data: notice.data as unknown,
        })),
      );

    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: JSON.stringify({
        title: 'Shift soon: Bar',
        body: 'Saturday 18:00 – Summer fest',
        url: '/event/1/scheduling',
        kind: 'shiftReminder',
      }),
    });
    await expect.poll(notices).toContainEqual({
      title: 'Shift soon: Bar',
      body: 'Saturday 18:00 – Summer fest',
      icon: `${origin}/icon-192.png`,
      data: { url: '/event/1/scheduling', kind: 'shiftReminder' },
    });

    // A broken message still shows a notice, and a foreign address never gets into it.
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: 'not json' });
    await expect.poll(async () => (await notices()).some((notice) => notice.title === 'Funkis')).toBe(true);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: JSON.stringify({ title: 'Elsewhere', body: '', url: 'https://evil.example/', kind: 'coverRequest' }),
    });
    await expect
      .poll(async () => (await notices()).find((notice) => notice.title === 'Elsewhere')?.data)
      .toEqual({ url: '/', kind: 'coverRequest' });
    await cdp.detach();

    // Cover requests by e-mail only: saved, and still so after a reload.
    const cover = section.getByRole('switch', { name: 'Push for cover requests' });
    await expect(cover).toBeChecked();
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/account/notifications') && response.request().method() === 'POST',
    );
    await cover.click();
    expect((await saved).status()).toBe(200);
    await expect(cover).not.toBeChecked();
    await page.reload();
    await expect(section.getByRole('switch', { name: 'Push for cover requests' })).not.toBeChecked();
    await expect(section.getByRole('switch', { name: 'Push for shift reminders' })).toBeChecked();
    const settings = await (await page.request.get('/api/account/notifications')).json();
    expect(settings).toMatchObject({ notifications: { coverRequest: { push: false }, shiftReminder: { push: true } } });

    // Off on this device: the server forgets it (it answers 404 for a device that is not the caller's, so the 200
    // also says it had the subscription stored).
    const removed = page.waitForResponse(
      (response) => response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'DELETE',
    );
    await section.getByRole('button', { name: 'Turn off on this device' }).click();
    const removal = await removed;
    expect(removal.status()).toBe(200);
    expect(removal.request().postDataJSON()).toEqual({ endpoint: ENDPOINT });
    await expect(section.getByTestId('push-device-status')).toHaveText('Notifications are off for this device.');
    await expect(section.getByRole('button', { name: 'Turn on notifications on this device' })).toBeVisible();
  });

  test('a person who blocked notifications is told how to allow them again', async ({ page, context }) => {
    await context.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { configurable: true, get: () => 'denied' });
    });
    await newPerson(page);
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Notifications' });
    await expect(section.getByTestId('push-device-status')).toContainText('Notifications are blocked for Funkis');
    await expect(section.getByRole('button', { name: 'Turn on notifications on this device' })).toHaveCount(0);
  });

  for (const width of [375, 1280]) {
    test(`the account page with its notifications passes axe at ${width} px`, async ({ page, context, baseURL }) => {
      await context.grantPermissions(['notifications'], { origin: new URL(baseURL as string).origin });
      await fakePushService(context);
      await page.setViewportSize({ width, height: 900 });
      await newPerson(page);
      const section = await openNotifications(page);
      await expect(section.getByRole('button', { name: 'Turn on notifications on this device' })).toBeVisible();
      await settled(page);
      // Nothing wider than the screen on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const results = await axeOn(page).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`),
        'serious or critical axe violations',
      ).toEqual([]);

      // Keyboard: the switches are reached with Tab and turned with Space.
      const reminders = section.getByRole('switch', { name: 'Push for shift reminders' });
      await reminders.focus();
      await expect(reminders).toBeFocused();
      await page.keyboard.press('Space');
      await expect(reminders).not.toBeChecked();
      await page.keyboard.press('Tab');
      await expect(section.getByRole('switch', { name: 'Push for changes to my shifts' })).toBeFocused();
    });
  }
});
