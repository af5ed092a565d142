import { DEMO, expect, login, test } from './fixtures';

/**
 * Decision 017: index.html names the files its page loads next (screen, layout, texts of the reader's language) as
 * <link rel="modulepreload">, so they load with the entry instead of one after the other.
 */
const preloadsOf = (html: string) => [
  ...[...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1] ?? ''),
  // A painted page (decision 029) names them for public/paint-first.js, which adds them once the page is shown.
  ...(/<script defer src="\/paint-first.js" [^>]*data-preload="([^"]*)"/.exec(html)?.[1]?.split(' ').filter(Boolean) ??
    []),
];

/** Loads a page in the browser and counts how often each script was fetched. */
async function scriptFetches(page: import('@playwright/test').Page, url: string, heading: RegExp | string) {
  const fetched = new Map<string, number>();
  const count = (requestUrl: string) => {
    const { pathname } = new URL(requestUrl);
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js'))
      fetched.set(pathname, (fetched.get(pathname) ?? 0) + 1);
  };
  page.on('request', (request) => count(request.url()));
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // A painted page is the app's once the app has taken it over.
  await expect(page.locator('#prerendered')).toHaveCount(0);
  page.removeAllListeners('request');
  return fetched;
}

test('the login page preloads its screen and English texts, each fetched once', async ({ page, request }) => {
  const html = await (await request.get('/authentication/login')).text();
  const preloads = preloadsOf(html);
  expect(html).toContain('<div id="prerendered">');
  expect(preloads.some((href) => /^\/assets\/translation-[\w-]+\.js$/.test(href))).toBe(true);
  expect(preloads.some((href) => /^\/assets\/login-[\w-]+\.js$/.test(href))).toBe(true);
  expect(preloads.some((href) => /^\/assets\/scheduling-/.test(href))).toBe(false);
  for (const href of preloads) {
    const file = await request.get(href);
    expect(file.status(), href).toBe(200);
    expect(file.headers()['content-type']).toMatch(/javascript/);
  }

  const fetched = await scriptFetches(page, '/authentication/login', 'Log in');
  for (const href of preloads) expect(fetched.get(href), `${href} fetched once`).toBe(1);
  expect([...fetched.values()].every((times) => times === 1)).toBe(true);
});

test('a logged-in event screen preloads its layout, screen and texts in the reader language', async ({ page }) => {
  await login(page, DEMO.admin.email, DEMO.admin.password);
  const english = preloadsOf(await (await page.request.get('/event/1/scheduling')).text());
  // The scheduling screen's texts (scheduling, planning) and the event layout's (events) come with the shell's.
  expect(
    english.filter((href) => /^\/assets\/(translation|events|scheduling|planning)-/.test(href)).length,
  ).toBeGreaterThanOrEqual(4);

  const origin = new URL(page.url()).origin;
  await page.context().addCookies([{ name: 'language', value: 'sv', url: origin }]);
  const swedish = preloadsOf(await (await page.request.get('/event/1/scheduling')).text());
  await page.context().addCookies([{ name: 'language', value: 'en', url: origin }]);
  // Same screen, other language: the screen's chunks are shared, the text files differ.
  expect(swedish).not.toEqual(english);
  expect(swedish.length).toBe(english.length);

  const fetched = await scriptFetches(page, '/event/1/scheduling', /Scheduling/);
  for (const href of english) expect(fetched.get(href), `${href} fetched once`).toBe(1);
  expect([...fetched.values()].every((times) => times === 1)).toBe(true);
});
