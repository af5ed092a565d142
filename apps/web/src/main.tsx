import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { initTagManager } from './lib/analytics';
import { i18nReady } from './lib/i18n';
import { hasPrerenderedPage, seedPrerenderedData } from './lib/prerendered';
import { queryClient } from './lib/query-client';

initTagManager();
// What the person's pages showed last time, put back before the first render so they open without signal.
const offlineData = import('./lib/offline-data').then((kept) => {
  kept.restoreOfflineData(queryClient);
  kept.keepOfflineData(queryClient);
});
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // After the first paint: the app's own files are fetched for keeping only once the page is up. A painted page
  // (decision 029) loads this script after its `load` event: the worker starts at once then.
  const startServiceWorker = () => void import('./lib/service-worker').then((sw) => sw.startServiceWorker());
  if (document.readyState === 'complete') startServiceWorker();
  else window.addEventListener('load', startServiceWorker);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// A page the server sent painted (login, register, apply): the app renders the same, then takes over.
seedPrerenderedData(queryClient);

// The first paint waits for the active language's texts (a few small files fetched in parallel) and the kept data.
void Promise.allSettled([i18nReady, offlineData]).finally(() => {
  const root = createRoot(container);
  const render = () =>
    root.render(
      <StrictMode>
        <AppProviders>
          <AppRouter />
        </AppProviders>
      </StrictMode>,
    );
  // Behind a painted page the app renders in slices, so a tap or a key on the page is answered meanwhile.
  if (hasPrerenderedPage()) startTransition(render);
  else render();
});
