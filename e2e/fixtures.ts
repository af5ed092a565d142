import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { type E2eServer, startE2eServer } from './server';

export const DEMO = {
  admin: { email: 'admin@funkis.local', password: 'funkis-demo' },
  leader: { email: 'leader@funkis.local', password: 'funkis-demo' },
  volunteer: { email: 'volunteer@funkis.local', password: 'funkis-demo' },
};

/** Content-Security-Policy violations reported by the pages of this worker's browser since the test began. */
const cspViolations: string[] = [];

/**
 * Every page of the context reports each `securitypolicyviolation` (the browser fires one even when a script catches
 * the refusal). Contexts of the `browser` fixture do this by themselves; a test that launches a browser of its own
 * calls it for each context it makes.
 */
export async function reportCspViolations(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__funkisCspViolation', ({ page }, text: string) => {
    cspViolations.push(`${page?.url() ?? '?'}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const target = window as unknown as {
        __funkisCspViolation?: (text: string) => Promise<void>;
        __funkisCspReported?: number;
      };
      const text = `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`;
      void target.__funkisCspViolation?.(text).then(() => {
        target.__funkisCspReported = (target.__funkisCspReported ?? 0) + 1;
      });
    });
  });
}

/**
 * The login, register and apply pages arrive painted (decision 029) and the app takes them over a moment later. A
 * test's `page.goto` waits for that by default, so it works with the app's page, as a person does once the page
 * is alive; `waitUntil: 'commit'` gets the painted page (e2e/first-paint.spec.ts tests it).
 */
function waitForTakeOverOnGoto(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await page.locator('#prerendered').waitFor({ state: 'detached' });
    return response;
  };
}

/**
 * Each worker starts its own server and SMTP receiver with fresh demo data (server.ts), before its first hook or
 * test, and says where they are in its own process's E2E_BASE_URL and E2E_MAIL_DIR (workers are
 * processes: the tests' helpers and contexts of their own read them there). Every test gets that URL, and fails
 * when any page it opened — in its own context or in one it made with `browser.newContext` — broke the
 * Content-Security-Policy.
 */
export const test = base.extend<{ cspGuard: undefined }, { e2eServer: E2eServer }>({
  e2eServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
    async ({}, use) => {
      const server = await startE2eServer();
      process.env.E2E_BASE_URL = server.baseUrl;
      process.env.E2E_MAIL_DIR = server.mailDir;
      await use(server);
      await server.stop();
    },
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ e2eServer }, use) => {
    await use(e2eServer.baseUrl);
  },
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await reportCspViolations(context);
        if (options?.javaScriptEnabled !== false) context.on('page', waitForTakeOverOnGoto);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  cspGuard: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
    async ({}, use) => {
      cspViolations.length = 0;
      await use(undefined);
      expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * Types an ISO day into one of the app's date pickers as a person does in English: the field cleared, then the
 * digits of month, day and year (the field moves from section to section by itself).
 */
export async function typeDate(field: Locator, isoDay: string): Promise<void> {
  const [year, month, day] = isoDay.split('-');
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.pressSequentially(`${month}${day}${year}`);
  await expect(field).toHaveValue(`${month}/${day}/${year}`);
}

let addresses = 0;
/**
 * Headers that make an API call come from an address of its own (the e2e server trusts X-Forwarded-For from
 * loopback): each person the tests register is somebody else, as in real life.
 */
export function ownAddress(): Record<string, string> {
  addresses += 1;
  // Each in a network of its own too: registrations are limited per network as well as per address.
  return { 'x-forwarded-for': `10.${process.pid % 250}.${addresses % 250}.${(Math.floor(addresses / 250) % 250) + 1}` };
}

export async function login(page: Page, email: string, password: string) {
  await page.goto('/authentication/login');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /log in|sign in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/authentication'));
}

/**
 * Waits for a mail to the address (the `To:` line may carry a name before it) to arrive at the test SMTP server
 * and returns its decoded text; with `matching`, the newest such mail whose text matches.
 */
export async function waitForMail(to: string, timeoutMs = 15_000, matching?: RegExp): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR as string;
  const deadline = Date.now() + timeoutMs;
  const escaped = to.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const addressed = new RegExp(`^to: (.*<)?${escaped}>?\\s*$`, 'im');
  while (Date.now() < deadline) {
    for (const file of fs.readdirSync(dir).sort().reverse()) {
      const raw = fs.readFileSync(path.join(dir, file), 'utf8');
      if (!addressed.test(raw.toLowerCase())) continue;
      // quoted-printable soft line breaks and escapes
      const text = raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
      if (!matching || matching.test(text)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} arrived`);
}

/**
 * The path of the newest address-confirmation link mailed to `to` (decision 020), as the person's browser opens
 * it: `/authentication/confirm-email?token=…`.
 */
export async function confirmationPathFromMail(to: string, timeoutMs = 15_000): Promise<string> {
  const text = await waitForMail(to, timeoutMs, /\/authentication\/confirm-email\?token=/);
  const match = text.match(/https?:\/\/[^/\s]+(\/authentication\/confirm-email\?token=[\w-]+)/);
  if (!match) throw new Error(`no confirmation link in the mail to ${to}`);
  return match[1] as string;
}

/** Confirms the address of the person's own request context through the link mailed to it, when not yet confirmed. */
export async function confirmAddress(request: APIRequestContext, email: string): Promise<void> {
  const me = (await (await request.get('/api/me')).json()) as { user?: { emailConfirmed?: boolean } };
  if (me.user?.emailConfirmed) return;
  const token = new URL(await confirmationPathFromMail(email), 'http://x').searchParams.get('token');
  const confirmed = await request.post('/api/confirm-email', { data: { token }, headers: ownAddress() });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/**
 * Somebody signed in, as the API sees them: a page that logged in through the screens (its request context shares
 * the page's cookies, and the app keeps the CSRF token in localStorage), or a request context of its own with the
 * `_csrf` its login or registration answered.
 */
export type SignedIn = Page | { request: APIRequestContext; csrf: string };

/** The CSRF token the app keeps for the page's session, as its screens send it. */
export async function csrfOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('csrf'));
  if (!token) throw new Error('no CSRF token in localStorage: is the page signed in?');
  return token;
}

/**
 * POSTs `body` as JSON with the person's CSRF token, as the screens do, and returns the answer's JSON. Fails the test
 * on an error answer, or on any other status than `status` when given.
 */
export async function postJson<T = unknown>(
  as: SignedIn,
  path: string,
  body: unknown,
  { status }: { status?: number } = {},
): Promise<T> {
  const csrf = 'evaluate' in as ? await csrfOf(as) : as.csrf;
  const response = await as.request.post(path, { data: body, headers: { 'x-csrf-token': csrf } });
  if (status === undefined) expect(response.ok(), `POST ${path}: ${await response.text()}`).toBe(true);
  else expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

/** Logs in through the API in the request context given (a context of its own: another person than the page's). */
export async function apiLogin(
  request: APIRequestContext,
  credentials: { email: string; password: string },
): Promise<{ request: APIRequestContext; csrf: string }> {
  const answer = await request.post('/api/login', { data: credentials });
  expect(answer.ok(), `login as ${credentials.email}: ${await answer.text()}`).toBe(true);
  const { _csrf: csrf } = (await answer.json()) as { _csrf: string };
  return { request, csrf };
}

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.test`;
}

/**
 * The users table's way in: the admin, logged in on `adminPage`, invites the address; the
 * person, whose own request context registered or logged in and got `personCsrf` back, accepts. No shortcut:
 * both calls are the ones the screens make.
 */
export async function inviteAndAccept(
  adminPage: Page,
  person: { request: APIRequestContext; csrf: string },
  eventId: number,
  data: { email: string; roleLevel: 0 | 1 | 2; groupId: number | null },
): Promise<void> {
  const { invitation } = await postJson<{ invitation: { id: number } }>(
    adminPage,
    `/api/event/${eventId}/users`,
    data,
    {
      status: 201,
    },
  );
  // Only a confirmed address sees and answers invitations: the person opens the link mailed at registration.
  await confirmAddress(person.request, data.email);
  await postJson(person, `/api/invitations/${invitation.id}/accept`, undefined, { status: 200 });
}

/**
 * Waits until no finite animation or transition runs (dialogs, drawers, menus opening; a colour fading in), so
 * colours are measured as they end up. Spinners and other endless animations are not waited for.
 */
export async function settled(page: Page) {
  // Two frames first: a media query's change (a new width) re-renders the app before anything starts to move.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/** Each theme's page background (palettes.ts, `background.default`): the sign that a theme is on the screen. */
export const THEME_BACKGROUNDS: Record<string, string> = {
  LIGHT: 'rgb(244, 246, 248)',
  DARK: 'rgb(17, 24, 39)',
  NATURE: 'rgb(241, 245, 236)',
};

const otherTabs = new WeakMap<BrowserContext, Page>();

/**
 * Switches the page to another theme in place, as a change in another tab of the app does: a second page of the same
 * browser context (on a static file of the origin, so it loads no app) writes the settings, the browser tells the
 * page with a `storage` event, and the app follows it. Waits until the theme's background is on the screen and
 * nothing moves. Saves loading every screen once per theme.
 */
export async function switchTheme(page: Page, theme: string, settings: object = {}): Promise<void> {
  const context = page.context();
  let other = otherTabs.get(context);
  if (!other) {
    other = await context.newPage();
    await other.goto('/favicon.svg');
    otherTabs.set(context, other);
  }
  // A new tab comes to the front: the page goes back there, or as a background tab it would paint no frames (and
  // every wait for the next frame would wait for the browser's throttled timers instead).
  await page.bringToFront();
  await other.evaluate((value) => window.localStorage.setItem('settings', JSON.stringify(value)), {
    ...settings,
    theme,
  });
  const background = THEME_BACKGROUNDS[theme];
  if (!background) throw new Error(`no background known for theme ${theme}`);
  await page
    .waitForFunction((expected) => getComputedStyle(document.body).backgroundColor === expected, background, {
      timeout: 15_000,
    })
    .catch(async (error) => {
      const shown = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      throw new Error(`theme ${theme} did not show on ${page.url()}: the background is ${shown}, not ${background}`, {
        cause: error,
      });
    });
  await settled(page);
}

/**
 * axe over the page, every rule on every element, as all browser tests run it. Two settings make it cheaper without
 * checking less:
 * - `axe.run` in the page itself (legacy mode). The default mode runs each frame on its own and then opens a blank
 *   page, injects axe's 580 KB there a second time and merges the frames' results in it; the app has no frames.
 * - Only the violations are reported in full (`resultTypes`): the rules still run on every element, but the elements
 *   that passed (thousands on a big table) are no longer turned into selectors and HTML and sent back.
 * The test's own rules (`withRules`) go after this, since `options` replaces what was set before it.
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
}

/** The page's serious and critical axe findings, each with its element: none expected. */
export async function expectNoSeriousAxeViolations(page: Page, label = ''): Promise<void> {
  const results = await axeOn(page).analyze();
  const serious = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(
    serious.map(
      (violation) =>
        `${label ? `[${label}] ` : ''}${violation.id}: ${violation.nodes.map((node) => `${node.target} ${node.html.slice(0, 120)}`).join(' ')}`,
    ),
  ).toEqual([]);
}

/** No serious axe findings at a phone's and a desk's width, and nothing that makes the page scroll sideways. */
export async function expectAxeCleanAtWidths(page: Page, label: string, widths = [375, 1280]): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await expectNoSeriousAxeViolations(page, `${label} ${width}px`);
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways, `[${label} ${width}px] horizontal scroll`).toBe(0);
  }
}

/**
 * A volunteer registered through the API in a browser context of their own (not yet confirmed): their address,
 * password, context, and the request and CSRF token to act as them.
 */
export async function registerInOwnContext(browser: Browser, firstname: string, prefix = 'volunteer') {
  const email = uniqueEmail(prefix);
  const password = 'volunteer-password-1';
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const registered = await context.request.post('/api/register', {
    headers: ownAddress(),
    data: { email, firstname, lastname: 'Volunteer', password },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const csrf = ((await registered.json()) as { _csrf: string })._csrf;
  return { email, password, context, csrf, person: { request: context.request, csrf } };
}
