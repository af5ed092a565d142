import { registerSW } from 'virtual:pwa-register';
import Button from '@mui/material/Button';
import { i18n } from './i18n';
import { enqueueToast } from './toast-queue';

/** How often an open app asks whether a new version was deployed (a volunteer may keep it open all day). */
const UPDATE_CHECK_MS = 30 * 60_000;

/**
 * Registers the service worker that keeps the built app for use without signal (vite.config.ts, decision 028).
 * A new version waits: the person is told and reloads when they choose, so a form being filled in is never lost
 * and a page never runs an old shell against new chunks. The next start of the app takes the new version anyway.
 */
export function startServiceWorker(): void {
  const update = registerSW({
    onNeedRefresh() {
      enqueueToast(i18n.t('connection.updateReady'), {
        variant: 'info',
        persist: true,
        action: () => (
          <Button color="inherit" size="small" onClick={() => void update(true)}>
            {i18n.t('connection.updateReload')}
          </Button>
        ),
      });
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update();
      }, UPDATE_CHECK_MS);
    },
  });
}
