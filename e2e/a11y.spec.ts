import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DEMO, expect, test, uniqueEmail } from './fixtures';

/**
 * The axe harness (issue 11): every screen, as the role that sees it, in each theme at 1280 and 375 px; fails on
 * any serious or critical violation and prints them. A new screen joins SCREENS with one line:
 * `{ name, role, path: (ctx) => url, open?: async (page) => { ...open a dialog... } }`.
 */
type Role = 'guest' | 'admin' | 'applicant';
interface Ctx {
  event: number;
  openEvent: number;
  closedEvent: number;
}
interface Screen {
  name: string;
  role: Role;
  path: (ctx: Ctx) => string;
  /** Brings the screen into the state to check (a dialog open); runs after the page loaded. */
  open?: (page: Page) => Promise<unknown>;
}

const EVENT = 13;

const SCREENS: Screen[] = [
  { name: 'login', role: 'guest', path: () => '/authentication/login' },
  { name: 'register', role: 'guest', path: () => '/authentication/register' },
  { name: 'password recovery', role: 'guest', path: () => '/authentication/password-recovery' },
  { name: 'password reset', role: 'guest', path: () => '/authentication/password-reset?token=x' },
  { name: 'apply (login required)', role: 'guest', path: (c) => `/event/${c.openEvent}/apply` },
  { name: 'apply (form)', role: 'applicant', path: (c) => `/event/${c.openEvent}/apply` },
  { name: 'apply (closed)', role: 'applicant', path: (c) => `/event/${c.closedEvent}/apply` },
  { name: '404', role: 'guest', path: () => '/no-such-page' },
  {
    name: 'home + create dialog',
    role: 'admin',
    path: () => '/',
    open: (p) => p.getByRole('button', { name: 'Create event' }).click(),
  },
  { name: 'account', role: 'admin', path: () => '/account' },
  { name: 'security', role: 'admin', path: () => '/account/security' },
  { name: 'event home', role: 'admin', path: (c) => `/event/${c.event}` },
  {
    name: 'users + invite dialog',
    role: 'admin',
    path: (c) => `/event/${c.event}/users`,
    open: (p) => p.getByRole('button', { name: 'Invite by e-mail' }).click(),
  },
  {
    name: 'home with an invitation',
    role: 'applicant',
    path: () => '/',
    open: (p) => p.getByTestId('invitation-card').first().waitFor(),
  },
  { name: 'applications', role: 'admin', path: (c) => `/event/${c.event}/applications` },
  {
    name: 'applications + drawer',
    role: 'admin',
    path: (c) => `/event/${c.event}/applications`,
    open: async (p) => {
      await p.getByTestId('application-row').first().click();
      await p.getByTestId('application-drawer').waitFor();
    },
  },
  {
    name: 'applications + confirm',
    role: 'admin',
    path: (c) => `/event/${c.event}/applications`,
    open: async (p) => {
      await p.getByTestId('application-row').first().getByRole('checkbox').check();
      await p.getByRole('combobox', { name: 'Set status' }).click();
      await p.getByRole('option', { name: 'Accepted' }).click();
      await p.getByRole('button', { name: 'Apply' }).click();
      await p.getByRole('dialog', { name: 'Update applications?' }).waitFor();
    },
  },
  { name: 'form builder', role: 'admin', path: (c) => `/event/${c.event}/form` },
  { name: 'control panel', role: 'admin', path: (c) => `/event/${c.event}/control-panel` },
  { name: 'statistics', role: 'admin', path: (c) => `/event/${c.event}/statistics` },
  { name: 'e-mail', role: 'admin', path: (c) => `/event/${c.event}/email` },
  { name: 'access denied', role: 'applicant', path: (c) => `/event/${c.event}/users` },
];

/**
 * LIGHT runs by default; DARK and NATURE were not yet verified clean (issue 11 open): run them with
 * `A11Y_THEMES=LIGHT,DARK,NATURE npx playwright test e2e/a11y.spec.ts`. The feed, files, mail, statistics and
 * scheduling screens run axe in their own specs at 1280 and 375 px.
 */
const THEMES = (process.env.A11Y_THEMES ?? 'LIGHT').split(',').map((theme) => theme.trim().toUpperCase());
const WIDTHS = [1280, 375];

async function csrf(page: Page) {
  const token = await page.evaluate(() => window.localStorage.getItem('csrf'));
  if (!token) throw new Error('no CSRF token');
  return token;
}

async function newContext(browser: Browser, theme: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  await context.addInitScript((name) => {
    window.localStorage.setItem('settings', JSON.stringify({ theme: name }));
  }, theme);
  return context;
}

async function loginContext(context: BrowserContext, email: string, password: string) {
  const page = await context.newPage();
  await page.goto('/authentication/login');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /log in|sign in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/authentication'));
  return page;
}

test.describe('axe on every screen', () => {
  test.describe.configure({ timeout: 600_000 });

  for (const theme of THEMES) {
    test(`no serious or critical violations, theme ${theme}`, async ({ browser }) => {
      const contexts: BrowserContext[] = [];
      const pages = {} as Record<Role, Page>;
      const make = async () => {
        const context = await newContext(browser, theme);
        contexts.push(context);
        return context;
      };
      pages.guest = await (await make()).newPage();
      pages.admin = await loginContext(await make(), DEMO.admin.email, DEMO.admin.password);
      // A fresh applicant, member of no event.
      const applicantContext = await make();
      const email = uniqueEmail('a11y');
      const registered = await applicantContext.request.post('/api/register', {
        data: { email, firstname: 'Ada', lastname: 'Access', password: 'applicant-password-1' },
      });
      expect(registered.status()).toBeLessThan(300);
      pages.applicant = await loginContext(applicantContext, email, 'applicant-password-1');

      // An event with applications open and one closed, made through the API by the admin.
      const token = await csrf(pages.admin);
      const made = async (open: boolean) => {
        const res = await pages.admin.request.post('/api/events', {
          data: { name: `A11y ${theme} ${open ? 'open' : 'closed'} ${Date.now()}` },
          headers: { 'x-csrf-token': token },
        });
        const { event } = await res.json();
        if (open) {
          const opened = await pages.admin.request.post(`/api/event/${event.id}/applications-open`, {
            data: { open: true },
            headers: { 'x-csrf-token': token },
          });
          expect(opened.status()).toBe(200);
        }
        return event.id as number;
      };
      const ctx: Ctx = { event: EVENT, openEvent: await made(true), closedEvent: await made(false) };
      // The applicant is invited to a third event (not accepted: they stay a member of none).
      const invited = await pages.admin.request.post(`/api/event/${await made(false)}/users`, {
        data: { email, roleLevel: 2, groupId: null },
        headers: { 'x-csrf-token': token },
      });
      expect(invited.status()).toBe(201);

      const problems: string[] = [];
      const counts: string[] = [];
      for (const screen of SCREENS) {
        const page = pages[screen.role];
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto(screen.path(ctx));
          await page.locator('h1').first().waitFor();
          if (screen.open) await screen.open(page);
          // Let transitions (dialogs, drawers) settle before measuring colours.
          await page.waitForTimeout(400);
          const results = await new AxeBuilder({ page }).analyze();
          const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
          const nodes = serious.reduce((sum, v) => sum + v.nodes.length, 0);
          counts.push(`${theme}\t${width}\t${screen.name}\t${nodes}\t${serious.map((v) => v.id).join(',')}`);
          for (const v of serious) {
            problems.push(
              `[${theme} ${width}px ${screen.name}] ${v.id} (${v.impact}): ${v.nodes
                .slice(0, 3)
                .map((n) => `${n.html.slice(0, 140)} ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)
                .join(' | ')}`,
            );
          }
        }
      }
      console.log(`axe counts (serious+critical nodes):\n${counts.join('\n')}`);
      for (const context of contexts) await context.close();
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});
