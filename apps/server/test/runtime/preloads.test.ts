import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';

// Decision 017: index.html names the files its page loads next (screen, layout, texts of the reader's language)
// as <link rel="modulepreload">, from the list the web build writes (dist/.vite/preloads.json).

const preloads = {
  routes: [
    {
      route: 'login',
      pattern: '^/authentication/login/?$',
      auth: false,
      files: ['assets/login-1.js', 'assets/TextField-1.js'],
      namespaces: ['translation'],
    },
    {
      route: 'event/scheduling',
      pattern: '^/event/\\d+/scheduling/?$',
      auth: true,
      files: ['assets/layout-1.js', 'assets/scheduling-1.js'],
      namespaces: ['translation', 'events', 'scheduling', 'planning'],
    },
  ],
  locales: {
    en: {
      translation: 'assets/translation-en.js',
      events: 'assets/events-en.js',
      scheduling: 'assets/scheduling-en.js',
      planning: 'assets/planning-en.js',
    },
    sv: {
      translation: 'assets/translation-sv.js',
      events: 'assets/events-sv.js',
      scheduling: 'assets/scheduling-sv.js',
      planning: 'assets/planning-sv.js',
    },
    de: { translation: 'assets/translation-de.js' },
  },
};

let t: TestApp;
let base: string;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'funkis-preloads-'));
  const webDist = path.join(base, 'dist');
  await fs.mkdir(path.join(webDist, '.vite'), { recursive: true });
  await fs.writeFile(path.join(webDist, 'index.html'), '<html><head><title>Funkis</title></head><body></body></html>');
  await fs.writeFile(path.join(webDist, '.vite', 'preloads.json'), JSON.stringify(preloads));
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(base, { recursive: true, force: true });
});

/** The hrefs of the page's modulepreload links, in order. */
async function preloaded(url: string, headers: Record<string, string> = {}): Promise<string[]> {
  const page = await t.app.inject({ method: 'GET', url, headers });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  return [...page.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (match) => match[1] ?? '',
  );
}

describe(`index.html preloads on ${dialect}`, () => {
  it("names the login page's screen and English texts", async () => {
    expect(await preloaded('/authentication/login?returnTo=%2F')).toEqual([
      '/assets/translation-en.js',
      '/assets/login-1.js',
      '/assets/TextField-1.js',
    ]);
  });

  it('takes the language from the cookie, else from Accept-Language by q-value', async () => {
    expect(await preloaded('/authentication/login', { cookie: 'language=sv' })).toContain('/assets/translation-sv.js');
    const byHeader = await preloaded('/authentication/login', { 'accept-language': 'de-DE, en;q=0.5, sv;q=0.9' });
    expect(byHeader).toContain('/assets/translation-sv.js');
    expect(byHeader).not.toContain('/assets/translation-en.js');
    // A language with partial texts falls back to English: both are fetched.
    const german = await preloaded('/authentication/login', { cookie: 'language=de' });
    expect(german).toEqual(expect.arrayContaining(['/assets/translation-de.js', '/assets/translation-en.js']));
  });

  it('a page behind the login gate preloads the login page for a visitor without a session cookie', async () => {
    expect(await preloaded('/event/12/scheduling')).toEqual([
      '/assets/translation-en.js',
      '/assets/login-1.js',
      '/assets/TextField-1.js',
    ]);
  });

  it('with a session cookie, the screen, its layout and every namespace it names, in the reader language', async () => {
    const files = await preloaded('/event/12/scheduling', { cookie: 'funkis_sid=anything; language=sv' });
    expect(files).toEqual([
      '/assets/translation-sv.js',
      '/assets/events-sv.js',
      '/assets/scheduling-sv.js',
      '/assets/planning-sv.js',
      '/assets/layout-1.js',
      '/assets/scheduling-1.js',
    ]);
  });

  it('a page the list does not know gets the shell texts only, and the answer varies by language and cookie', async () => {
    expect(await preloaded('/no/such/page')).toEqual(['/assets/translation-en.js']);
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(String(page.headers.vary)).toMatch(/accept-language/i);
    expect(String(page.headers.vary)).toMatch(/cookie/i);
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
