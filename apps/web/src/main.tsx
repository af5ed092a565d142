import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter, createAppRouter } from './app/router';
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

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// A page the server sent painted (login, register, apply): the app renders the same, then takes over.
seedPrerenderedData(queryClient);

/** The next task: the start is cut into steps so no one of them holds a slow phone's main thread for long. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * After the first page is up and the main thread is idle: the app's own files are fetched for keeping (a
 * painted page, decision 029, is the person's page meanwhile, so the worker waits for the app's start too).
 */
function startServiceWorkerWhenIdle() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => void import('./lib/service-worker').then((sw) => sw.startServiceWorker());
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 5_000 }) : setTimeout(start, 0);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

// The first paint waits for the active language's texts (a few small files fetched in parallel) and the kept data.
// Then, each in a task of its own: making the router, starting it (it matches the address and asks for the page's
// chunk), and the first render (decision 029).
void Promise.allSettled([i18nReady, offlineData])
  .then(nextTask)
  .then(() => {
    const router = createAppRouter(queryClient);
    return nextTask().then(() => router);
  })
  .then((router) => {
    router.initialize();
    return nextTask().then(() => router);
  })
  .then((router) => {
    const root = createRoot(container);
    const render = () =>
      root.render(
        <StrictMode>
          <AppProviders>
            <AppRouter router={router} />
          </AppProviders>
        </StrictMode>,
      );
    // Behind a painted page the app renders in slices, so a tap or a key on the page is answered meanwhile.
    if (hasPrerenderedPage()) startTransition(render);
    else render();
    startServiceWorkerWhenIdle();
  });
