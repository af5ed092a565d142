import type { User } from '@funkis/shared';

/**
 * Who was signed in on this device, for opening the app without signal, and the storage keys of what was kept for
 * them (lib/offline-data.ts, decision 028). Small on purpose: the session code imports it on every page.
 */
export const DATA_KEY = 'offline-data';
const USER_KEY = 'offline-user';

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

/** On sign-out: nothing of the person stays on the device. */
export function forgetOfflineData(): void {
  localStorage.removeItem(DATA_KEY);
  localStorage.removeItem(USER_KEY);
  // The files kept for use without signal (features/files/api/kept-files.ts).
  if (typeof caches !== 'undefined') void caches.delete('kept-files');
}
