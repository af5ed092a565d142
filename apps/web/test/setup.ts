import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { FEATURE_NAMESPACES, i18n, loadNamespaces, writeLanguageCookie } from '../src/lib/i18n';

// MUI in jsdom is slow when test files run in parallel: give findBy/waitFor more than the default second.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs; the app only needs them to exist.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
window.scrollTo = (() => {}) as typeof window.scrollTo;

beforeEach(async () => {
  // The app fetches a screen's texts with its route; tests render screens directly, so every namespace is loaded.
  await loadNamespaces(FEATURE_NAMESPACES);
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  writeLanguageCookie('en');
  delete window.dataLayer;
});
