import type { Browser, Page } from '@playwright/test';
import { axeOn, DEMO, expect, inviteAndAccept, login, ownAddress, settled, test, uniqueEmail } from './fixtures';

/**
 * Volunteers and newcomers, and what everyone meets (decision 026): the apply link while logged out, members who
 * cannot apply, who signs up for shifts, focus after a route change, cards on a phone, the app's language in
 * tables and dates, right-to-left, and the smaller things (toasts, sticky menu, denied screens asking nothing).
 */
const EVENT = 13;
const THEMES = ['LIGHT', 'DARK', 'NATURE'];

async function csrf(page: Page) {
  const token = await page.evaluate(() => window.localStorage.getItem('csrf'));
  if (!token) throw new Error('no CSRF token');
  return token;
}

async function seriousViolations(page: Page) {
  const results = await axeOn(page).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 120)).join(' | ')}`);
}

/** A fresh account with its own request context, logged in (as the register page does). */
async function newAccount(browser: Browser, settings?: object) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  if (settings) {
    await context.addInitScript((value) => window.localStorage.setItem('settings', JSON.stringify(value)), settings);
  }
  const email = uniqueEmail('volunteers');
  const registered = await context.request.post('/api/register', {
    headers: ownAddress(),
    data: { email, firstname: 'Nova', lastname: 'Newcomer', password: 'newcomer-password-1' },
  });
  expect(registered.status()).toBeLessThan(300);
  const { _csrf: token } = (await registered.json()) as { _csrf: string };
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate((value) => window.localStorage.setItem('csrf', value), token);
  return { context, page, email, csrf: token };
}

async function openEvent(page: Page, name: string) {
  const token = await csrf(page);
  const created = await page.request.post('/api/events', { data: { name }, headers: { 'x-csrf-token': token } });
  const { event } = (await created.json()) as { event: { id: number } };
  const opened = await page.request.post(`/api/event/${event.id}/applications-open`, {
    data: { open: true },
    headers: { 'x-csrf-token': token },
  });
  expect(opened.status()).toBe(200);
  return event.id;
}

test.describe('volunteers and newcomers', () => {
  test.describe.configure({ timeout: 240_000 });

  test("the apply link opened while logged out shows the event's name and the way in, only while it takes applications", async ({
    page,
    browser,
  }) => {
    await login(page, DEMO.admin.email, DEMO.admin.password);
    const name = `Harbour Festival ${Date.now()}`;
    const open = await openEvent(page, name);
    for (const theme of THEMES) {
      const guest = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
      await guest.addInitScript((value) => window.localStorage.setItem('settings', JSON.stringify(value)), { theme });
      const visitor = await guest.newPage();
      for (const width of [1280, 375]) {
        await visitor.setViewportSize({ width, height: 800 });
        await visitor.goto(`/event/${open}/apply`);
        const preview = visitor.getByTestId('apply-preview');
        await expect(preview).toContainText(name);
        await expect(preview).toContainText('Log in or create an account to apply.');
        await expect(visitor.getByRole('button', { name: /log in/i })).toBeVisible();
        expect(await seriousViolations(visitor), `${theme} ${width}`).toEqual([]);
      }
      await guest.close();
    }
    // Closed: the plain login page, nothing of the event.
    const token = await csrf(page);
    await page.request.post(`/api/event/${open}/applications-open`, {
      data: { open: false },
      headers: { 'x-csrf-token': token },
    });
    const guest = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const visitor = await guest.newPage();
    await visitor.goto(`/event/${open}/apply`);
    await expect(visitor.getByRole('button', { name: /log in/i })).toBeVisible();
    await expect(visitor.getByTestId('apply-preview')).toHaveCount(0);
    await expect(visitor.getByText(name)).toHaveCount(0);
    await guest.close();
  });

  test('a member sees their membership instead of the form, and the server refuses their application', async ({
    page,
  }) => {
    await login(page, DEMO.volunteer.email, DEMO.volunteer.password);
    await page.goto(`/event/${EVENT}/apply`);
    const card = page.getByTestId('apply-member');
    await expect(card.getByRole('heading', { name: 'You are a member of this event' })).toBeVisible();
    await expect(card).toContainText('You take part as volunteer');
    await expect(page.getByRole('button', { name: 'Send application' })).toHaveCount(0);
    const sent = await page.request.post(`/api/event/${EVENT}/apply`, {
      data: { answers: {} },
      headers: { 'x-csrf-token': await csrf(page) },
    });
    expect(sent.status()).toBe(409);
    expect((await sent.json()).errors).toEqual([{ code: 'error.memberCannotApply' }]);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  test('a volunteer whose group may not sign up is told who assigns their shifts; the admin sees who signs up', async ({
    page,
    browser,
  }) => {
    await login(page, DEMO.admin.email, DEMO.admin.password);
    const eventId = await openEvent(page, `Shifts for Security ${Date.now()}`);
    const token = await csrf(page);
    const made = await page.request.post(`/api/event/${eventId}/groups`, {
      data: { name: 'Security' },
      headers: { 'x-csrf-token': token },
    });
    const { group } = (await made.json()) as { group: { id: number } };
    const person = await newAccount(browser, { theme: 'DARK' });
    await inviteAndAccept(page, { request: person.context.request, csrf: person.csrf }, eventId, {
      email: person.email,
      roleLevel: 2,
      groupId: group.id,
    });
    await person.page.goto(`/event/${eventId}/scheduling`);
    await expect(person.page.getByTestId('self-signup-note')).toHaveText('Your organisers assign shifts for Security.');
    expect(await seriousViolations(person.page)).toEqual([]);

    await page.goto(`/event/${eventId}/scheduling`);
    await expect(page.getByTestId('self-signup-note')).toContainText('No group signs up for shifts itself');
    await person.context.close();
  });
});

test.describe('everyone', () => {
  test.describe.configure({ timeout: 240_000 });

  test("after a route change the focus is on the new page's heading", async ({ page }) => {
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto(`/event/${EVENT}`);
    await page.getByRole('navigation', { name: 'Event menu' }).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeFocused();
    await page.getByRole('navigation', { name: 'Event menu' }).getByRole('link', { name: 'Files' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Files' })).toBeFocused();
  });

  test('an event screen a visitor may not see asks for nothing but the event', async ({ browser }) => {
    const person = await newAccount(browser);
    const asked: string[] = [];
    person.page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith(`/api/event/${EVENT}`)) asked.push(pathname);
    });
    await person.page.goto(`/event/${EVENT}`);
    await expect(person.page.getByText('You do not have access to this page.')).toBeVisible();
    await person.page.waitForLoadState('networkidle');
    expect(asked).toEqual([`/api/event/${EVENT}`]);
    await person.context.close();
  });

  test('Swedish paged tables and dates, in every theme at 375 and 1280 px without serious axe findings', async ({
    browser,
  }) => {
    for (const theme of THEMES) {
      const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
      await context.addInitScript((value) => window.localStorage.setItem('settings', JSON.stringify(value)), {
        theme,
      });
      const page = await context.newPage();
      await login(page, DEMO.admin.email, DEMO.admin.password);
      await context.addCookies([{ name: 'language', value: 'sv', url: process.env.E2E_BASE_URL ?? '' }]);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/event/${EVENT}/applications?pageSize=25`);
        await expect(page.getByText(/^1–25 av \d+$/)).toBeVisible();
        await expect(page.getByRole('button', { name: 'Gå till nästa sida' })).toBeVisible();
        expect(await seriousViolations(page), `${theme} ${width} applications`).toEqual([]);
        await page.goto(`/event/${EVENT}/users`);
        await expect(page.getByText(/1–\d+ av \d+/).first()).toBeVisible();
        expect(await seriousViolations(page), `${theme} ${width} users`).toEqual([]);
        await page.goto(`/event/${EVENT}/statistics?from=2026-07-01`);
        await expect(page.getByRole('textbox', { name: 'Från' })).toHaveValue('2026-07-01');
        expect(await seriousViolations(page), `${theme} ${width} statistics`).toEqual([]);
        await page.goto(`/event/${EVENT}/scheduling`);
        await expect(page.getByTestId('self-signup-note')).toBeVisible();
        expect(await seriousViolations(page), `${theme} ${width} scheduling`).toEqual([]);
        // The coverage cells ("0/20") in every theme, DARK's included.
        await page.goto(`/event/${EVENT}/scheduling?view=timeline`);
        await page.getByRole('tab', { selected: true }).waitFor();
        // Its shifts, or its word that the period has none.
        await page
          .locator('[data-testid^="timeline-shift-"]')
          .or(page.getByText('Inga pass under perioden.'))
          .first()
          .waitFor();
        await settled(page);
        expect(await seriousViolations(page), `${theme} ${width} timeline`).toEqual([]);
      }
      await context.close();
    }
  });

  test('right-to-left: counts stay whole and the charts read from the right', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    await context.addInitScript((value) => window.localStorage.setItem('settings', JSON.stringify(value)), {
      theme: 'LIGHT',
      direction: 'rtl',
    });
    const page = await context.newPage();
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto(`/event/${EVENT}/applications?pageSize=25`);
    const counts = page.locator('.MuiTablePagination-displayedRows bdi');
    await expect(counts).toHaveText(/^1–25 of \d+$/);
    await page.goto(`/event/${EVENT}/statistics`);
    const chart = page
      .locator('main section')
      .filter({ has: page.locator('.MuiBarElement-root') })
      .first();
    await chart.locator('.MuiBarElement-root').first().waitFor();
    const label = chart.locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel').first();
    const bar = chart.locator('.MuiBarElement-root').first();
    const labelBox = await label.boundingBox();
    const barBox = await bar.boundingBox();
    expect(labelBox && barBox && labelBox.x > barBox.x).toBe(true);
    await context.close();
  });

  test('toasts keep clear of the top bar; the event menu stays in view on a long page', async ({ page }) => {
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/account');
    await page.getByRole('button', { name: /save/i }).first().click();
    const toast = page.getByRole('status').filter({ hasText: 'Profile updated' });
    await expect(toast).toBeVisible();
    const toastBox = await toast.boundingBox();
    const barBox = await page.locator('header').first().boundingBox();
    expect(toastBox && barBox && toastBox.y >= barBox.y + barBox.height).toBe(true);

    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto(`/event/${EVENT}/applications?pageSize=100`);
    await page.getByTestId('application-row').first().waitFor();
    await page.mouse.wheel(0, 3000);
    await expect(page.getByRole('navigation', { name: 'Event menu' })).toBeInViewport();
  });

  test('at 320 px the selected scheduling view is in view', async ({ page }) => {
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto(`/event/${EVENT}/scheduling?view=hours`);
    const selected = page.getByRole('tab', { selected: true });
    await expect(selected).toHaveText('Hours');
    // The strip may settle after the texts and fonts (it scrolls the selected tab into view): wait until it is.
    const strip = page.locator('.MuiTabs-scroller').first();
    await expect
      .poll(async () => {
        const [tabBox, stripBox] = [await selected.boundingBox(), await strip.boundingBox()];
        return Boolean(
          tabBox &&
            stripBox &&
            tabBox.x >= stripBox.x - 1 &&
            tabBox.x + tabBox.width <= stripBox.x + stripBox.width + 1,
        );
      })
      .toBe(true);
  });
});
