import { defineConfig } from '@playwright/test';
import { findBrowser } from './e2e/find-browser';

/**
 * Browser tests: a Chromium found by e2e/find-browser.ts (CHROMIUM_PATH, Debian's chromium, or Playwright's own
 * build, downloaded when missing) against the built app, served by the real server on a free port with a
 * temporary data directory. Each worker has a server of its own (e2e/server.ts, started by the worker fixture in
 * e2e/fixtures.ts), so spec files run side by side without sharing data; the tests of one file run in order.
 * E2E_WORKERS sets how many (default 2: one per core of the CI machine, each with a browser and a server).
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: process.env.CI ? 1 : 0,
  // A ceiling, not a wait: the longest journeys (a form built, opened, applied to and closed; a scheduling day with
  // two people) took 50–60 s with two workers at load 8–13, and a slow run must not fail for that alone.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    // The service worker fetches the whole app for keeping after each first load: only the offline spec wants it
    // (test.use there), the rest would each download it again in a fresh context.
    serviceWorkers: 'block',
    // Recorded on the retry of a failed test only: a trace records the page continuously (frames and snapshots),
    // which cost about a quarter of the browser's CPU on every test (axe over every screen: 3.2 -> 2.5 min alone).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: findBrowser(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
});
