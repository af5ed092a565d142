import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { initTagManager } from './lib/analytics';
import { i18nReady } from './lib/i18n';
import { queryClient } from './lib/query-client';

initTagManager();
// What the person's pages showed last time, put back before the first render so they open without signal.
const offlineData = import('./lib/offline-data').then((kept) => {
  kept.restoreOfflineData(queryClient);
  kept.keepOfflineData(queryClient);
});
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // After the first paint: the app's own files are fetched for keeping only once the page is up.
  window.addEventListener('load', () => void import('./lib/service-worker').then((sw) => sw.startServiceWorker()));
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first paint waits for the active language's texts (a few small files fetched in parallel) and the kept data.
void Promise.allSettled([i18nReady, offlineData]).finally(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
});
