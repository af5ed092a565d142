import type { Page } from '@playwright/test';
import { apiLogin, axeOn, DEMO, expect, login, postJson, switchTheme, THEME_BACKGROUNDS, test } from './fixtures';

/**
 * Decision 029: the login, register and apply pages paint their real content from the HTML, before any script,
 * then the app takes them over without a shift, keeping what the person typed.
 */

/** An event taking applications, made by the demo admin through the API, with a name HTML must not run. */
async function openEvent(page: Page, name: string): Promise<number> {
  const admin = await apiLogin(page.context().request, DEMO.admin);
  const { event } = await postJson<{ event: { id: number } }>(admin, '/api/events', { name });
  await postJson(admin, `/api/event/${event.id}/applications-open`, { open: true });
  await page.context().request.post('/api/logout', { headers: { 'x-csrf-token': admin.csrf } });
  await page.context().clearCookies();
  return event.id;
}

const APP_ENTRY = /\/assets\/index-[^/]+\.js$/;

/** Holds the app's entry script back until the returned function is called: the painted page stays meanwhile. */
async function holdAppEntry(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(APP_ENTRY, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The painted page as it arrives: the fixtures' goto otherwise waits for the app to take it over. */
const PAINTED = { waitUntil: 'commit' } as const;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('login, register and the apply link show their forms, in the reader’s language', async ({ page }) => {
    await page.goto('/authentication/login', PAINTED);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page.getByLabel('Email address')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Login | Funkis');
    await expect(page.getByRole('link', { name: 'Create new account' })).toHaveAttribute(
      'href',
      '/authentication/register',
    );

    await page.goto('/authentication/register', PAINTED);
    await expect(page.getByRole('heading', { level: 1, name: 'Create new account' })).toBeVisible();
    await expect(page.getByLabel('First name')).toBeVisible();
  });

  test.describe('in Swedish', () => {
    test.use({ locale: 'sv-SE' });
    test('the login page speaks Swedish', async ({ page }) => {
      await page.goto('/authentication/login', PAINTED);
      await expect(page.getByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
    });
  });

  test('the apply link names its event as text, and links to its own register page', async ({ page, browser }) => {
    const setup = await browser.newPage();
    const name = `<img src=x onerror="document.title='pwned'"> Fair ${Date.now()}`;
    const eventId = await openEvent(setup, name);
    await setup.close();
    await page.goto(`/event/${eventId}/apply`, PAINTED);
    await expect(page.getByTestId('apply-preview')).toContainText(name);
    await expect(page.locator('#prerendered img')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create new account' })).toHaveAttribute(
      'href',
      `/event/${eventId}/apply/register`,
    );
    // Enter in a field before the app is alive neither sends the form nor puts the password in the address.
    await page.getByLabel('Email address').fill('early@example.org');
    await page.getByLabel('Email address').press('Enter');
    await expect(page).toHaveURL(new RegExp(`/event/${eventId}/apply$`));
  });
});

test.describe('with JavaScript', () => {
  test('the app takes the painted page over: what was typed stays, the focus stays, nothing moves', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number }[]) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The app's entry waits until the person has typed into the painted page.
    const release = await holdAppEntry(page);
    await page.goto('/authentication/login', { waitUntil: 'commit' });
    const painted = page.locator('#prerendered');
    await painted.getByLabel('Email address').fill(DEMO.volunteer.email);
    await painted.getByLabel('Password', { exact: true }).fill(DEMO.volunteer.password);
    await painted.getByLabel('Password', { exact: true }).focus();
    release();

    await expect(painted).toHaveCount(0);
    const app = page.locator('#root');
    await expect(app).toBeVisible();
    await expect(app.getByLabel('Email address')).toHaveValue(DEMO.volunteer.email);
    await expect(app.getByLabel('Password', { exact: true })).toBeFocused();
    const shift = await page.evaluate(() =>
      (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0),
    );
    expect(shift).toBeLessThan(0.01);
    // The carried values are the form's own: pressing Enter logs in.
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/authentication/);
  });

  test('“Log in” pressed on the painted page before the app is alive logs in once the app is', async ({ page }) => {
    const release = await holdAppEntry(page);
    await page.goto('/authentication/login', { waitUntil: 'commit' });
    const painted = page.locator('#prerendered');
    await painted.getByLabel('Email address').fill(DEMO.leader.email);
    await painted.getByLabel('Password', { exact: true }).fill(DEMO.leader.password);
    await painted.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/authentication\/login$/);
    release();
    await expect(page).not.toHaveURL(/authentication/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the painted page passes axe at 375 and 1280 px', async ({ page }) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.route(APP_ENTRY, (route) => route.abort());
      await page.goto('/authentication/register', PAINTED);
      await expect(page.locator('#prerendered h1')).toBeVisible();
      const results = await axeOn(page).include('#prerendered').analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${width}px ${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
      await page.unroute(APP_ENTRY);
    }
  });

  test('after the takeover the page is in the person’s theme, and follows a change of it', async ({ page }) => {
    // The page is painted in LIGHT; its global rules (the page background) must leave with it.
    await page.addInitScript(() => window.localStorage.setItem('settings', JSON.stringify({ theme: 'DARK' })));
    await page.goto('/authentication/login');
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await expect(page.locator('#root')).toBeVisible();
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).toBe(THEME_BACKGROUNDS.DARK);
    await switchTheme(page, 'NATURE');
    expect(await background()).toBe(THEME_BACKGROUNDS.NATURE);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('a signed-in person gets the app, not the painted login page', async ({ page }) => {
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/authentication/login');
    await expect(page).not.toHaveURL(/authentication/);
    const html = await (await page.context().request.get('/authentication/login')).text();
    expect(html).not.toContain('id="prerendered"');
  });
});
