import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { initTagManager } from './lib/analytics';
import { i18nReady } from './lib/i18n';

initTagManager();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first paint waits for the active language's texts (a few small files fetched in parallel).
void i18nReady.finally(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
});
