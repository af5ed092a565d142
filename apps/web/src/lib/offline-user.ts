import type { User } from '@funkis/shared';

/**
 * Who was signed in on this device, for opening the app without signal, and the storage keys of what was kept for
 * them (lib/offline-data.ts, decision 028). Small on purpose: the session code imports it on every page.
 */
export const DATA_KEY = 'offline-data';
const USER_KEY = 'offline-user';
/**
 * The check-ins scanned without a connection and not sent yet (features/event-day/offline-queue.ts). Here, not there,
 * because sign-out removes them with the rest: they would otherwise be sent with the next person's session.
 */
export const CHECK_IN_QUEUE_KEY = 'funkis.checkInQueue';

export function readStored<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

/** The person who was signed in when the data was kept: lets the app open offline (lib/auth.tsx). */
export function rememberedUser(): User | null {
  return readStored<User>(USER_KEY);
}

export function rememberUser(user: User): void {
  try {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    // Storage full or refused (a private window): the app then needs signal to open, as before.
  }
}

/**
 * On sign-out (and when the session ended, or somebody else signs in): nothing of the person stays on the device,
 * including check-ins they scanned offline that were never sent (the check-in screen shows how many wait) and the
 * device's push subscription.
 */
export function forgetOfflineData(): void {
  localStorage.removeItem(DATA_KEY);
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(CHECK_IN_QUEUE_KEY);
  // The files kept for use without signal (features/files/api/kept-files.ts).
  if (typeof caches !== 'undefined') void caches.delete('kept-files');
  // Their notices (decision 030): unsubscribed here, the push service refuses the address from now on and the
  // server drops it at its next message, so a shared phone or desk computer shows nobody else's.
  void forgetPushSubscription();
}

async function forgetPushSubscription(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    await (await registration?.pushManager?.getSubscription())?.unsubscribe();
  } catch {
    // No worker, no push, or the browser refused: nothing of the person is subscribed that could be removed.
  }
}
