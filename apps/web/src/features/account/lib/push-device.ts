import type { PushSubscriptionInput } from '@funkis/shared';

/**
 * Web push on this device (decision 030): whether the browser can, what the person allowed, and the
 * subscription the browser's push service gave the app's service worker. The server keeps the subscription
 * (`POST /api/push/subscriptions`); this module only talks to the browser.
 */

/** How long to wait for the app's service worker before saying push cannot start here. */
const SERVICE_WORKER_WAIT_MS = 10_000;

/** The server's VAPID public key (base64url, padded or not) as the bytes `pushManager.subscribe` wants. */
export function base64UrlToUint8Array(value: string): Uint8Array<ArrayBuffer> {
  const trimmed = value.trim().replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(trimmed) || trimmed.length % 4 === 1) throw new Error('not base64url');
  const base64 = trimmed.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Can this browser receive push at all: a service worker, the Push API and notifications. */
export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** An iPhone or iPad, where Safari offers push only to the app added to the home screen. */
export function isAppleMobile(): boolean {
  if (typeof navigator === 'undefined') return false;
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.maxTouchPoints > 1 && /Macintosh/.test(navigator.userAgent))
  );
}

export type PushPermission = NotificationPermission | 'unsupported';

export function currentPermission(): PushPermission {
  return isPushSupported() ? Notification.permission : 'unsupported';
}

/** The service worker's registration, waiting a while for it (a first visit installs it after the page). */
async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('service worker not ready')), SERVICE_WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** This device's subscription, if the app's service worker has one (without waiting for a worker to install). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return null;
  return registration.pushManager.getSubscription();
}

/** What the server stores of a subscription: its address and keys. */
export function subscriptionInput(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** Why turning push on did not work: the person said no (or had before), or the browser could not subscribe. */
export class PushSetupError extends Error {
  constructor(readonly reason: 'denied' | 'dismissed' | 'failed') {
    super(`push setup ${reason}`);
    this.name = 'PushSetupError';
  }
}

/**
 * Asks for permission (call only from a press of a button), then subscribes the service worker with the server's
 * key. An existing subscription made with another key is replaced.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError('denied');
  if (permission !== 'granted') throw new PushSetupError('dismissed');
  try {
    const registration = await readyRegistration();
    const applicationServerKey = base64UrlToUint8Array(publicKey);
    const options = { userVisibleOnly: true, applicationServerKey };
    try {
      return await registration.pushManager.subscribe(options);
    } catch (error) {
      // Subscribed before with another server key: that subscription must go first.
      const existing = await registration.pushManager.getSubscription();
      if (!existing) throw error;
      await existing.unsubscribe();
      return await registration.pushManager.subscribe(options);
    }
  } catch {
    throw new PushSetupError('failed');
  }
}
