import { NOTIFICATION_KINDS, UI } from '@funkis/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_KINDS, NotificationsCard } from '../src/features/account/components/notifications-card';
import { i18n } from '../src/lib/i18n';
import en from '../src/locales/lazy/en/notifications.json';
import sv from '../src/locales/lazy/sv/notifications.json';
import { mockFetch, renderWithProviders, testUser } from './test-utils';

/** The account's notifications section (decision 030): this device's push, and push or e-mail per kind. */

const SETTINGS = {
  notifications: {
    shiftReminder: { push: true },
    shiftChange: { push: true },
    coverRequest: { push: false },
    waitlistPlace: { push: true },
  },
};
const PUBLIC_KEY = `B${'A'.repeat(86)}`;
const SUBSCRIPTION = {
  endpoint: 'https://push.example.com/send/abc',
  keys: { p256dh: `B${'C'.repeat(86)}`, auth: 'D'.repeat(22) },
};

/** A browser with push: a permission, and the app's service worker whose push manager `subscribe` fills. */
function stubPushBrowser(permission: NotificationPermission, answer: NotificationPermission = permission) {
  let subscription: (PushSubscription & { unsubscribe: ReturnType<typeof vi.fn> }) | null = null;
  const state = { permission };
  const requestPermission = vi.fn(async () => {
    state.permission = answer;
    return answer;
  });
  const subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => {
    subscription = {
      endpoint: SUBSCRIPTION.endpoint,
      toJSON: () => SUBSCRIPTION,
      unsubscribe: vi.fn(async () => {
        subscription = null;
        return true;
      }),
    } as unknown as PushSubscription & { unsubscribe: ReturnType<typeof vi.fn> };
    return subscription;
  });
  const registration = { pushManager: { subscribe, getSubscription: async () => subscription } };
  vi.stubGlobal('PushManager', class {});
  const NotificationStub = Object.defineProperties(class {}, {
    requestPermission: { value: requestPermission },
    permission: { get: () => state.permission },
  });
  vi.stubGlobal('Notification', NotificationStub);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { requestPermission, subscribe, current: () => subscription };
}

function renderCard() {
  return renderWithProviders(
    <Suspense fallback={null}>
      <NotificationsCard />
    </Suspense>,
    { user: testUser },
  );
}

describe('notifications section', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces('notifications');
  });
  beforeEach(() => {
    window.localStorage.setItem(UI.CSRF_STORAGE_KEY, 'token-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('shows every kind of notice the server knows', () => {
    expect([...NOTICE_KINDS]).toEqual([...NOTIFICATION_KINDS]);
  });

  it('has a Swedish text for every English one', () => {
    type Tree = { [key: string]: string | Tree };
    const keys = (tree: Tree, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
      );
    expect(keys(sv as Tree)).toEqual(keys(en as Tree));
    expect(Object.values(sv).length).toBeGreaterThan(0);
  });

  it('shows each kind with its saved choice and saves a change with the CSRF header', async () => {
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST' && call.url.endsWith('/api/account/notifications')) {
        return { body: { success: true, notifications: { ...SETTINGS.notifications, coverRequest: { push: true } } } };
      }
      return { body: SETTINGS };
    });
    renderCard();
    expect(screen.getByText('Loading your choices…')).toBeInTheDocument();
    const cover = await screen.findByRole('switch', { name: 'Push for cover requests' });
    expect(cover).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Push for shift reminders' })).toBeChecked();
    expect(screen.getAllByRole('switch')).toHaveLength(4);
    expect(cover).toHaveAccessibleDescription(/e-mail instead/);

    await userEvent.click(cover);
    await waitFor(() => expect(cover).toBeChecked());
    const saved = calls.find((call) => call.method === 'POST');
    expect(saved?.body).toEqual({ notifications: { coverRequest: { push: true } } });
    expect(saved?.headers['x-csrf-token']).toBe('token-1');
    // Without push here, the device part says so; the choices still apply to the person's other devices.
    expect(screen.getByTestId('push-device-status')).toHaveTextContent('cannot receive notifications');
  });

  it('speaks Swedish, also after a switch of language', async () => {
    mockFetch(() => ({ body: SETTINGS }));
    renderCard();
    expect(await screen.findByRole('switch', { name: 'Push for cover requests' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('sv'));
    expect(await screen.findByRole('switch', { name: 'Push för förfrågningar om att ta pass' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Aviseringar' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Notifications' })).toBeInTheDocument();
  });

  it('shows the error when the choices cannot be loaded, and loads them again on request', async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? { status: 500, body: { success: false, errorMessages: ['x'], errors: [{ code: 'error.internal' }] } }
        : { body: SETTINGS },
    );
    renderCard();
    expect(await screen.findByTestId('form-errors')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: 'Push for waitlist places' })).toBeChecked();
  });

  it('puts a switch back and says why when saving fails', async () => {
    mockFetch((call) =>
      call.method === 'POST'
        ? { status: 500, body: { success: false, errorMessages: ['x'], errors: [{ code: 'error.internal' }] } }
        : { body: SETTINGS },
    );
    renderCard();
    const reminders = await screen.findByRole('switch', { name: 'Push for shift reminders' });
    await userEvent.click(reminders);
    expect(await screen.findByTestId('form-errors')).toBeInTheDocument();
    expect(reminders).toBeChecked();
  });

  it('asks for permission only on the button, subscribes with the server key and hands the device to the server', async () => {
    const browser = stubPushBrowser('default', 'granted');
    const { calls } = mockFetch((call) => {
      if (call.url.endsWith('/api/push/public-key')) return { body: { publicKey: PUBLIC_KEY } };
      if (call.url.endsWith('/api/push/subscriptions')) return { status: call.method === 'POST' ? 201 : 200, body: {} };
      return { body: SETTINGS };
    });
    renderCard();
    const turnOn = await screen.findByRole('button', { name: 'Turn on notifications on this device' });
    expect(browser.requestPermission).not.toHaveBeenCalled();
    await userEvent.click(turnOn);

    const status = () => screen.getByTestId('push-device-status');
    await waitFor(() => expect(status()).toHaveTextContent('Notifications are on for this device.'));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    expect(options?.applicationServerKey).toHaveLength(65);
    const posted = calls.find((call) => call.method === 'POST' && call.url.endsWith('/api/push/subscriptions'));
    expect(posted?.body).toEqual(SUBSCRIPTION);
    expect(posted?.headers['x-csrf-token']).toBe('token-1');

    await userEvent.click(screen.getByRole('button', { name: 'Turn off on this device' }));
    await waitFor(() => expect(status()).toHaveTextContent('Notifications are off for this device.'));
    const deleted = calls.find((call) => call.method === 'DELETE');
    expect(deleted?.body).toEqual({ endpoint: SUBSCRIPTION.endpoint });
    expect(browser.current()).toBeNull();
  });

  it('explains how to allow notifications again when the person says no', async () => {
    stubPushBrowser('default', 'denied');
    mockFetch((call) =>
      call.url.endsWith('/api/push/public-key') ? { body: { publicKey: PUBLIC_KEY } } : { body: SETTINGS },
    );
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications on this device' }));
    await waitFor(() => expect(screen.getByTestId('push-device-status')).toHaveTextContent('blocked for Funkis'));
    expect(within(screen.getByTestId('push-device-status')).getByText(/site settings/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on notifications on this device' })).not.toBeInTheDocument();
  });

  it('says so when the browser cannot subscribe, and keeps the server out of it', async () => {
    const browser = stubPushBrowser('granted');
    browser.subscribe.mockRejectedValue(new DOMException('push service error', 'AbortError'));
    const { calls } = mockFetch((call) =>
      call.url.endsWith('/api/push/public-key') ? { body: { publicKey: PUBLIC_KEY } } : { body: SETTINGS },
    );
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications on this device' }));
    expect(await screen.findByText(/could not be turned on/)).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/api/push/subscriptions'))).toBe(false);
  });
});
