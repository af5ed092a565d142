// Web push in the app's service worker (issue 29, decision 030): the worker Workbox generates (vite.config.ts) takes
// this file in with `importScripts`. It is not hashed, so the server sends it with `cache-control: no-cache` like
// sw.js, and the precache's list names its revision: a change here makes a new service worker.
//
// A message is JSON `{ title, body, url, kind }` (PushPayload, packages/shared/src/push.ts), already in the
// receiver's language. A click opens `url` in a window of the app: only a path of this app, never another site.
(() => {
  const ICON = '/icon-192.png';
  const BADGE = '/icon-192.png';

  /** A notice that came without a readable payload still says where it is from, in the browser's language. */
  const fallbackBody = () =>
    /^sv\b/i.test(self.navigator?.language ?? '')
      ? 'Öppna Funkis för att se vad som är nytt.'
      : 'Open Funkis to see what is new.';

  /** The path of this app that `value` names (`/event/7/scheduling?x#y`), or '/' for anything else. */
  const appPath = (value) => {
    if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
      return '/';
    }
    try {
      const origin = self.location.origin;
      const url = new URL(value, origin);
      return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : '/';
    } catch {
      return '/';
    }
  };

  /** The notice a push message asks for; a broken or empty payload gives a plain one that opens the app. */
  const noticeOf = (data) => {
    let payload = null;
    try {
      payload = data ? data.json() : null;
    } catch {
      payload = null;
    }
    const text = (value, maximum) => (typeof value === 'string' ? value.trim().slice(0, maximum) : '');
    const record = payload && typeof payload === 'object' ? payload : {};
    const title = text(record.title, 200);
    const body = text(record.body, 1000);
    const url = appPath(record.url);
    const kind = text(record.kind, 40) || 'notice';
    return title
      ? { title, options: { body, icon: ICON, badge: BADGE, tag: `${kind}:${url}`, data: { url, kind } } }
      : {
          title: 'Funkis',
          options: { body: body || fallbackBody(), icon: ICON, badge: BADGE, tag: 'notice', data: { url, kind } },
        };
  };

  self.addEventListener('push', (event) => {
    const notice = noticeOf(event.data);
    event.waitUntil(self.registration.showNotification(notice.title, notice.options));
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const target = new URL(appPath(event.notification.data?.url), self.location.origin).href;
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
        if (open) {
          try {
            const focused = await open.focus();
            if (focused.url !== target) await focused.navigate(target);
            return;
          } catch {
            // A window this worker does not control cannot be sent elsewhere: a new one opens instead.
          }
        }
        await self.clients.openWindow(target);
      })(),
    );
  });
})();
