import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { createEvent, createUser, loginAs } from '../helpers/factories.js';

// Decision 029: the login, register and apply pages go out with their HTML (dist/.vite/prerendered.json, written by
// the web build) for a visitor without a session; an apply page names its event, escaped.

const NAME = '\u2063EVENT_NAME\u2063';
const page = (heading: string, extra = '') => ({
  html: `<main><h1>${heading}</h1>${extra}<form method="post"><input name="email"></form></main>`,
  title: `${heading} | Funkis`,
});
const preview = `<p id="apply-preview-name">${NAME}</p><div class="avatar">\u2063</div>`;
const link = '<a href="/event/987654321/apply/register">Create account</a>';
const prerendered = {
  pages: {
    login: { en: page('Log in'), sv: page('Logga in') },
    register: { en: page('Register'), sv: page('Registrera') },
    apply: { en: page('Log in', link) },
    'apply-preview': { en: page('Log in', preview + link) },
    'apply-register': { en: page('Register') },
    'apply-register-preview': { en: page('Register', preview) },
  },
};

let t: TestApp;
let base: string;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'funkis-prerendered-'));
  const webDist = path.join(base, 'dist');
  await fs.mkdir(path.join(webDist, '.vite'), { recursive: true });
  await fs.writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html>\n<html lang="en" dir="ltr"><head><title>Funkis</title>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>\n  </head><body><div id="root"></div></body></html>',
  );
  await fs.writeFile(path.join(webDist, '.vite', 'prerendered.json'), JSON.stringify(prerendered));
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(base, { recursive: true, force: true });
});

async function html(url: string, headers: Record<string, string> = {}): Promise<string> {
  const answer = await t.app.inject({ method: 'GET', url, headers });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/text\/html/);
  expect(answer.headers.vary).toMatch(/cookie/);
  return answer.body;
}

describe(`prerendered first pages on ${dialect}`, () => {
  it('puts the login page into index.html in the reader’s language, the app’s root hidden until it takes over', async () => {
    const english = await html('/authentication/login?returnTo=%2Fevent%2F1');
    expect(english).toContain('<div id="prerendered"><main><h1>Log in</h1>');
    expect(english).toContain('<div id="root" hidden></div>');
    expect(english).toContain('<title>Log in | Funkis</title>');
    const swedish = await html('/authentication/register', { 'accept-language': 'sv-SE,sv;q=0.9' });
    expect(swedish).toContain('<h1>Registrera</h1>');
    expect(swedish).toContain('<html lang="sv"');
    // Its script is asked for once the page is painted: public/paint-first.js names the entry in its place.
    expect(english).not.toContain('<script type="module"');
    expect(english).toContain('<script defer src="/paint-first.js" data-entry="/assets/index-1.js" data-preload="">');
    expect(english).toContain('<link rel="expect" href="#root" blocking="render">');
    // A language without its own prerendered page gets the English one.
    expect(await html('/authentication/login', { cookie: 'language=de' })).toContain('<h1>Log in</h1>');
  });

  it('sends a person with a session the plain app (the login page sends them on, the apply page is the form)', async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const cookie = client.cookie ?? '';
    expect(cookie).toMatch(/=/);
    for (const url of ['/authentication/login', '/event/1/apply']) {
      const body = await html(url, { cookie });
      expect(body, url).not.toContain('id="prerendered"');
      expect(body, url).toContain('<div id="root"></div>');
      expect(body, url).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
    }
  });

  it("names the event on its apply link, escaped, with its id in the links and its preview for the app's cache", async () => {
    const admin = await createUser(t.db);
    const hostile = '<img src=x onerror=alert(1)> "Åsa" & $& $1';
    const event = await createEvent(t.db, { adminId: admin.id, name: hostile });
    const body = await html(`/event/${event.id}/apply`);
    expect(body).toContain(
      '<p id="apply-preview-name">&lt;img src=x onerror=alert(1)&gt; &quot;Åsa&quot; &amp; $&amp; $1</p>',
    );
    expect(body).not.toContain('<img');
    expect(body).toContain('<div class="avatar">&lt;</div>');
    expect(body).toContain(`href="/event/${event.id}/apply/register"`);
    expect(body).not.toContain('987654321');
    expect(body).not.toContain('\u2063');
    const attribute = /data-apply-preview="([^"]*)"/.exec(body)?.[1] ?? '';
    const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
    const unescaped = attribute.replace(/&(amp|lt|gt|quot|#39);/g, (_match, name: string) => entities[name] ?? '');
    expect(attribute).not.toMatch(/["<>]/);
    expect(JSON.parse(unescaped)).toEqual({ event: { id: event.id, name: hostile, avatarUrl: null } });
    expect(await html(`/event/${event.id}/apply/register`)).toContain('<h1>Register</h1>');
    // The assembled page is kept for every visitor; the event's name and id are put in per request.
    const other = await createEvent(t.db, { adminId: admin.id, name: 'Harbour Fair' });
    const second = await html(`/event/${other.id}/apply`);
    expect(second).toContain('<p id="apply-preview-name">Harbour Fair</p>');
    expect(second).not.toContain('Åsa');
    expect(second).toContain(`href="/event/${other.id}/apply/register"`);
  });

  it('paints the plain login page for an event that takes no applications, an unknown one and an id out of range', async () => {
    const closed = await createEvent(t.db, { applicationsOpen: false, name: 'Closed Fair' });
    for (const url of [`/event/${closed.id}/apply`, '/event/999999/apply', '/event/99999999999/apply']) {
      const body = await html(url);
      expect(body, url).not.toContain('Closed Fair');
      expect(body, url).not.toContain('data-apply-preview');
      if (url.includes('99999999999')) {
        expect(body, url).not.toContain('id="prerendered"');
      } else {
        expect(body, url).toContain('<h1>Log in</h1>');
        expect(body, url).toContain(`href="${url}/register"`);
      }
    }
  });
});
