import type { Page } from '@playwright/test';
import { apiLogin, DEMO, expect, login, postJson, test } from './fixtures';

/**
 * The installable app without signal (decision 028): the manifest, the service worker that keeps the app, and what a
 * volunteer's pages showed last time, opened again with the network cut off.
 */

interface Summary {
  id: number;
  name: string;
  roleLevel: number | null;
}

async function volunteersEvent(page: Page): Promise<Summary> {
  const answer = await page.request.get('/api/events');
  const { events } = (await answer.json()) as { events: Summary[] };
  const event = events.find((candidate) => candidate.roleLevel === 2);
  if (!event) throw new Error('the demo volunteer is a volunteer of no event');
  return event;
}

/** The service worker controls the page: what it keeps is there once its installation finished. */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test.use({ serviceWorkers: 'allow' });

test.describe('offline', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the app is installable: a manifest with its icons, and a service worker', async ({ page }) => {
    await page.goto('/authentication/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = (await (await page.request.get(href as string)).json()) as {
      name: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Funkis', display: 'standalone', start_url: '/' });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const answer = await page.request.get(icon.src);
      expect(answer.status(), icon.src).toBe(200);
      expect(answer.headers()['content-type']).toBe('image/png');
    }
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveCount(1);
    await page.evaluate(() => navigator.serviceWorker.ready);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBeNull();
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
      .toMatch(/\/sw\.js$/);
  });

  test('a volunteer who opened their event once sees it and their shifts without signal, and is told what must wait', async ({
    page,
    context,
    browser,
  }) => {
    await login(page, DEMO.volunteer.email, DEMO.volunteer.password);
    const event = await volunteersEvent(page);
    // The event's admin posts to everyone: the newest feed post is among what the volunteer keeps.
    const message = `Gates open at nine – ${Date.now()}`;
    const admin = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    await postJson(
      await apiLogin(admin.request, DEMO.admin),
      `/api/event/${event.id}/posts`,
      {
        message,
        groupId: null,
      },
      { status: 201 },
    );
    await admin.close();
    await controlledByServiceWorker(page);

    // With signal: the event's home and the scheduling screen, whose answers are kept on the phone.
    await page.goto(`/event/${event.id}`);
    await expect(page.getByRole('article').filter({ hasText: message })).toBeVisible();
    await page.goto(`/event/${event.id}/scheduling`);
    await expect(page.getByRole('heading', { name: 'My shifts' })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('offline-data')?.includes('"shifts"') ?? false))
      .toBe(true);

    // No signal at all: the app itself comes from the service worker, the person and the data from the phone.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My shifts' })).toBeVisible();
    const notice = page.getByTestId('server-unreachable');
    await expect(notice).toContainText(/Offline – last updated \d{1,2}[:.]\d{2}/);
    await expect(notice).toContainText('need a connection');

    await page.goto(`/event/${event.id}`);
    const post = page.getByRole('article').filter({ hasText: message });
    await expect(post).toBeVisible();
    await expect(notice).toContainText('Offline – last updated');
    // A change needs the server: it says so at once instead of waiting unseen.
    await post.getByRole('textbox', { name: 'Write a comment' }).fill('See you there');
    await post.getByRole('button', { name: 'Comment' }).click();
    await expect(page.getByText('You are offline. This needs a connection').first()).toBeVisible();

    // Back online: the notice goes and the pages are fetched again.
    await context.setOffline(false);
    await expect(notice).toBeHidden();
  });

  test('a file kept on the phone opens without signal; one not kept does not', async ({ page, context, browser }) => {
    await login(page, DEMO.volunteer.email, DEMO.volunteer.password);
    const event = await volunteersEvent(page);
    const admin = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const { csrf: token } = await apiLogin(admin.request, DEMO.admin);
    const stamp = Date.now();
    const upload = async (name: string, text: string) => {
      const answer = await admin.request.post(`/api/event/${event.id}/files`, {
        headers: { 'x-csrf-token': token },
        multipart: { roles: '0,1,2', file: { name, mimeType: 'text/plain', buffer: Buffer.from(text) } },
      });
      expect(answer.status()).toBe(201);
      return ((await answer.json()) as { file: { id: number } }).file.id;
    };
    const keptId = await upload(`site-map-${stamp}.txt`, 'Gate A is by the lake.');
    const otherId = await upload(`menu-${stamp}.txt`, 'Soup on Friday.');
    await admin.close();
    await controlledByServiceWorker(page);

    await page.goto(`/event/${event.id}/files`);
    const row = page.getByTestId('file-row').filter({ hasText: `site-map-${stamp}.txt` });
    const keep = row.getByRole('button', { name: `Keep site-map-${stamp}.txt on this device for use without signal` });
    await expect(keep).toHaveAttribute('aria-pressed', 'false');
    await keep.click();
    await expect(keep).toHaveAttribute('aria-pressed', 'true');
    await expect(row).toContainText('kept on this device');

    await context.setOffline(true);
    await page.reload();
    await expect(row).toContainText('kept on this device');
    const read = (fileId: number) =>
      page.evaluate(async (url) => {
        try {
          const answer = await fetch(url);
          return answer.ok ? await answer.text() : `status ${answer.status}`;
        } catch {
          return 'no answer';
        }
      }, `/api/event/${event.id}/files/${fileId}/download`);
    expect(await read(keptId)).toBe('Gate A is by the lake.');
    expect(await read(otherId)).toBe('no answer');
    await context.setOffline(false);
  });

  test('signing out removes what was kept for the person', async ({ page }) => {
    await login(page, DEMO.volunteer.email, DEMO.volunteer.password);
    const event = await volunteersEvent(page);
    await page.goto(`/event/${event.id}/scheduling`);
    await expect(page.getByRole('heading', { name: 'My shifts' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('offline-data') !== null)).toBe(true);
    expect(await page.evaluate(() => window.localStorage.getItem('offline-user'))).toContain(DEMO.volunteer.email);
    // A kept file, as the files screen keeps one.
    await page.evaluate(async () => {
      const cache = await caches.open('kept-files');
      await cache.put('/api/event/1/files/1/download', new Response('kept'));
    });
    expect(await page.evaluate(() => caches.has('kept-files'))).toBe(true);

    await page
      .getByRole('button', { name: /account|profile/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: /log out/i }).click();
    await page.waitForURL(/\/authentication\/login/);
    expect(await page.evaluate(() => window.localStorage.getItem('offline-data'))).toBeNull();
    expect(await page.evaluate(() => window.localStorage.getItem('offline-user'))).toBeNull();
    await expect.poll(() => page.evaluate(() => caches.has('kept-files'))).toBe(false);
  });
});
