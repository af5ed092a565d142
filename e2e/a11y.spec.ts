import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { axeOn, confirmAddress, DEMO, expect, ownAddress, settled, test, uniqueEmail } from './fixtures';

/**
 * The axe harness: every screen, as the role that sees it, in each theme (see THEMES for the widths; DARK and NATURE
 * with the colour rules only, see COLOUR_RULES); fails on any serious or critical violation and prints the counts. The same SCREENS table drives the structure
 * checks (one h1, named icon buttons, table headers, page title, landmarks, reflow at 320 and 640 px) and, for the
 * main screens, the right-to-left run. A new screen joins SCREENS with one line:
 * `{ name, role, path: (ctx) => url, open?: async (page) => { ...open a dialog... } }`.
 */
type Role = 'guest' | 'admin' | 'volunteer' | 'applicant';
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
  /** Only at these widths (e.g. the event menu drawer exists below 1200 px only). */
  widths?: number[];
}

const EVENT = 13;

const SCREENS: Screen[] = [
  { name: 'login', role: 'guest', path: () => '/authentication/login' },
  { name: 'register', role: 'guest', path: () => '/authentication/register' },
  { name: 'password recovery', role: 'guest', path: () => '/authentication/password-recovery' },
  { name: 'password reset', role: 'guest', path: () => '/authentication/password-reset?token=x' },
  // Decision 020: the confirmation link's page, here with a link that is refused (the notice of an unconfirmed
  // account is checked by email-confirmation.spec.ts).
  { name: 'confirm e-mail (refused link)', role: 'guest', path: () => '/authentication/confirm-email?token=x' },
  { name: 'apply (login required)', role: 'guest', path: (c) => `/event/${c.openEvent}/apply` },
  { name: 'apply (form)', role: 'applicant', path: (c) => `/event/${c.openEvent}/apply` },
  { name: 'apply (closed)', role: 'applicant', path: (c) => `/event/${c.closedEvent}/apply` },
  { name: 'apply (a member)', role: 'volunteer', path: (c) => `/event/${c.event}/apply` },
  { name: '404', role: 'guest', path: () => '/no-such-page' },
  {
    name: 'home + create dialog',
    role: 'admin',
    path: () => '/',
    open: (p) => p.getByRole('button', { name: 'Create event' }).click(),
  },
  { name: 'account', role: 'admin', path: () => '/account' },
  { name: 'security', role: 'admin', path: () => '/account/security' },
  { name: 'event home (feed)', role: 'admin', path: (c) => `/event/${c.event}` },
  {
    name: 'event menu drawer',
    role: 'admin',
    path: (c) => `/event/${c.event}`,
    widths: [375],
    open: async (p) => {
      await p.getByRole('button', { name: 'Open menu' }).click();
      await p.getByRole('navigation', { name: 'Event menu' }).waitFor();
    },
  },
  {
    name: 'settings drawer',
    role: 'admin',
    path: () => '/account',
    open: async (p) => {
      await p.getByRole('button', { name: 'Open settings' }).click();
      await p.getByRole('dialog', { name: 'Settings' }).waitFor();
    },
  },
  { name: 'files', role: 'admin', path: (c) => `/event/${c.event}/files` },
  { name: 'scheduling', role: 'admin', path: (c) => `/event/${c.event}/scheduling` },
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
      // A row on a wide screen, a card (its name is the button) on a phone; wait for the list first.
      await p.getByTestId('application-row').or(p.getByTestId('application-card')).first().waitFor();
      const card = p.getByTestId('application-card').first();
      if (await card.isVisible()) await card.getByRole('button', { name: /^Open / }).click();
      else await p.getByTestId('application-row').first().click();
      await p.getByTestId('application-drawer').waitFor();
    },
  },
  {
    name: 'applications + confirm',
    role: 'admin',
    path: (c) => `/event/${c.event}/applications`,
    open: async (p) => {
      await p
        .getByTestId('application-row')
        .or(p.getByTestId('application-card'))
        .first()
        .getByRole('checkbox')
        .check();
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
  { name: 'e-mail compose', role: 'admin', path: (c) => `/event/${c.event}/email/new` },
  { name: 'access denied', role: 'applicant', path: (c) => `/event/${c.event}/users` },
  { name: 'event home (feed), volunteer', role: 'volunteer', path: (c) => `/event/${c.event}` },
  { name: 'files, volunteer', role: 'volunteer', path: (c) => `/event/${c.event}/files` },
  { name: 'scheduling (my shifts), volunteer', role: 'volunteer', path: (c) => `/event/${c.event}/scheduling` },
  // Decision 028, the event day (e2e/event-day.spec.ts checks them with a person on the card and on the board).
  { name: 'my code, volunteer', role: 'volunteer', path: (c) => `/event/${c.event}/my-code` },
  { name: 'check-in', role: 'admin', path: (c) => `/event/${c.event}/check-in` },
  { name: 'live board', role: 'admin', path: (c) => `/event/${c.event}/board` },
];

/**
 * Themes and widths of the axe run: every screen in every theme at 1280 and 375 px. `A11Y_QUICK=1` (for a
 * quick local look) runs DARK and NATURE at 375 px only, the width with the drawers, the stacked layouts and the most
 * chips and buttons per row; `A11Y_THEMES=DARK` picks themes.
 */
const THEMES = (process.env.A11Y_THEMES ?? 'LIGHT,DARK,NATURE').split(',').map((theme) => theme.trim().toUpperCase());
const widthsOf = (theme: string) => (theme === 'LIGHT' || !process.env.A11Y_QUICK ? [1280, 375] : [375]);

async function csrf(page: Page) {
  const token = await page.evaluate(() => window.localStorage.getItem('csrf'));
  if (!token) throw new Error('no CSRF token');
  return token;
}

interface Setting {
  theme: string;
  direction?: 'ltr' | 'rtl';
}

async function newContext(browser: Browser, setting: Setting, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, ...options });
  await context.addInitScript((value) => {
    window.localStorage.setItem('settings', JSON.stringify(value));
  }, setting);
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

interface World {
  pages: Record<Role, Page>;
  ctx: Ctx;
  close: () => Promise<void>;
}

/** A guest, the demo admin and a fresh applicant, each in a browser context with the setting; two new events. */
async function openWorld(browser: Browser, setting: Setting, options: BrowserContextOptions = {}): Promise<World> {
  const contexts: BrowserContext[] = [];
  const make = async () => {
    const context = await newContext(browser, setting, options);
    contexts.push(context);
    return context;
  };
  const pages = {} as Record<Role, Page>;
  pages.guest = await (await make()).newPage();
  pages.admin = await loginContext(await make(), DEMO.admin.email, DEMO.admin.password);
  // A volunteer of the demo event: the member's own screens (feed, files, "my shifts").
  pages.volunteer = await loginContext(await make(), DEMO.volunteer.email, DEMO.volunteer.password);
  // A fresh applicant, member of no event.
  const applicantContext = await make();
  const email = uniqueEmail('a11y');
  const registered = await applicantContext.request.post('/api/register', {
    headers: ownAddress(),
    data: { email, firstname: 'Ada', lastname: 'Access', password: 'applicant-password-1' },
  });
  expect(registered.status()).toBeLessThan(300);
  // Confirmed through the mailed link, so the invitation below shows on their home page (decision 020).
  await confirmAddress(applicantContext.request, email);
  pages.applicant = await loginContext(applicantContext, email, 'applicant-password-1');

  // An event with applications open and one closed, made through the API by the admin.
  const token = await csrf(pages.admin);
  const made = async (open: boolean) => {
    const res = await pages.admin.request.post('/api/events', {
      data: { name: `A11y ${setting.theme} ${open ? 'open' : 'closed'} ${Date.now()}` },
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
  return {
    pages,
    ctx,
    close: async () => {
      for (const context of contexts) await context.close();
    },
  };
}

async function show(page: Page, screen: Screen, ctx: Ctx, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await page.goto(screen.path(ctx));
  await page.locator('h1').first().waitFor({ timeout: 30_000 });
  if (screen.open) await screen.open(page);
  await settled(page);
}

/**
 * The themes differ in their colours only (config/theme/palettes.ts): LIGHT runs every rule, DARK and NATURE the
 * rules that read colours, since every other finding would be LIGHT's again.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Serious and critical axe findings of the page as lines, and the count of their nodes; all rules or `rules`. */
async function axe(page: Page, label: string, rules?: string[]) {
  const builder = axeOn(page);
  const results = await (rules ? builder.withRules(rules) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const nodes = serious.reduce((sum, v) => sum + v.nodes.length, 0);
  const problems = serious.map(
    (v) =>
      `[${label}] ${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.html.slice(0, 140)} ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)
        .join(' | ')}`,
  );
  return { nodes, ids: serious.map((v) => v.id), problems };
}

// Each test opens a world of its own (openWorld: contexts, an applicant, events), so the file's tests spread over
// the workers instead of all waiting for one.
test.describe.configure({ mode: 'parallel' });

test.describe('axe on every screen', () => {
  test.describe.configure({ timeout: 600_000 });

  for (const theme of THEMES) {
    test(`no serious or critical violations, theme ${theme}`, async ({ browser }) => {
      const world = await openWorld(browser, { theme });
      const problems: string[] = [];
      const counts: string[] = [];
      for (const screen of SCREENS) {
        const page = world.pages[screen.role];
        for (const width of widthsOf(theme).filter((w) => !screen.widths || screen.widths.includes(w))) {
          await show(page, screen, world.ctx, width);
          const found = await axe(
            page,
            `${theme} ${width}px ${screen.name}`,
            theme === 'LIGHT' ? undefined : COLOUR_RULES,
          );
          counts.push(`${theme}\t${width}\t${screen.name}\t${found.nodes}\t${found.ids.join(',')}`);
          problems.push(...found.problems);
        }
      }
      console.log(`axe counts (serious+critical nodes):\n${counts.join('\n')}`);
      await world.close();
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});

test.describe('the axe harness', () => {
  test('finds a planted nameless button, faint text and a link told by colour alone, with all rules and with the colour rules', async ({
    browser,
  }) => {
    // The harness runs axe in the page and reports violations only (fixtures' axeOn): a screen with a known fault
    // must still fail, with all rules and with the colour rules of the dark themes.
    const context = await newContext(browser, { theme: 'DARK' });
    const page = await context.newPage();
    await page.goto('/authentication/login');
    await page.locator('h1').first().waitFor();
    await page.evaluate(() => {
      const planted = document.createElement('div');
      planted.innerHTML =
        '<button type="button" id="planted-button"></button>' +
        '<p id="planted-contrast" style="color:#777;background:#888">Faint text</p>' +
        '<p style="color:#000;background:#fff">Read <a id="planted-link" href="/" style="color:#333;text-decoration:none">this</a> now.</p>';
      document.querySelector('main')?.append(planted);
    });
    const all = await axe(page, 'planted');
    expect(all.ids).toEqual(expect.arrayContaining(['button-name', 'color-contrast', 'link-in-text-block']));
    expect(all.problems.join('\n')).toContain('planted-button');
    const colours = await axe(page, 'planted, colour rules', COLOUR_RULES);
    expect([...colours.ids].sort()).toEqual(['color-contrast', 'link-in-text-block']);
    await context.close();
  });
});

/** What every screen must have besides axe's rules; checked in the browser on the rendered page. */
async function structureProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const isShown = (el: Element) => {
      const box = (el as HTMLElement).getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
    };
    const headings = document.querySelectorAll('h1');
    if (headings.length !== 1) problems.push(`${headings.length} h1 elements (one expected)`);
    // Every icon-only control has an accessible name: aria-label, aria-labelledby with text, or a title.
    for (const el of document.querySelectorAll('button, [role="button"], a[href], [role="menuitem"], [role="tab"]')) {
      if (!isShown(el) || el.closest('[aria-hidden="true"]')) continue;
      if ((el.textContent ?? '').trim() !== '') continue;
      const labelledBy = (el.getAttribute('aria-labelledby') ?? '')
        .split(/\s+/)
        .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
        .join('')
        .trim();
      const name =
        (el.getAttribute('aria-label') ?? '').trim() || labelledBy || (el.getAttribute('title') ?? '').trim();
      if (!name) problems.push(`icon control without a name: ${el.outerHTML.slice(0, 160)}`);
    }
    // Every table has header cells.
    for (const table of document.querySelectorAll('table, [role="grid"], [role="table"], [role="treegrid"]')) {
      if (!isShown(table)) continue;
      if (!table.querySelector('th, [role="columnheader"], [role="rowheader"]'))
        problems.push(`table without header cells: ${table.outerHTML.slice(0, 160)}`);
    }
    // The page title: "<page> | Funkis".
    if (!/^\S.* \| Funkis$/.test(document.title)) problems.push(`title "${document.title}" is not "<page> | Funkis"`);
    // Exactly one main landmark, and no navigation landmark inside another.
    if (document.querySelectorAll('main').length !== 1) problems.push('not exactly one <main>');
    if (document.querySelector('nav nav, [role="navigation"] nav, nav [role="navigation"]'))
      problems.push('a navigation landmark inside another');
    const navLabels = [...document.querySelectorAll('nav')]
      .filter(isShown)
      .map((nav) => nav.getAttribute('aria-label'));
    if (navLabels.some((label) => !label) || new Set(navLabels).size !== navLabels.length)
      problems.push(`navigation landmarks without distinct labels: ${JSON.stringify(navLabels)}`);
    return problems;
  });
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('structure, reflow and zoom on every screen', () => {
  test.describe.configure({ timeout: 600_000 });

  test('one h1, named icon buttons, table headers, the page title, sibling landmarks; no horizontal scroll at 320 and 640 px', async ({
    browser,
  }) => {
    const world = await openWorld(browser, { theme: 'LIGHT' });
    const problems: string[] = [];
    const titles = new Map<string, string>();
    for (const screen of SCREENS) {
      const page = world.pages[screen.role];
      const widths = screen.widths ?? [1280];
      await show(page, screen, world.ctx, widths[0] as number);
      for (const problem of await structureProblems(page)) problems.push(`[${screen.name}] ${problem}`);
      titles.set(screen.name, await page.title());
      // 320 CSS px is WCAG's reflow width (1280 px at 400 %); 640 px is 1280 px at 200 % zoom.
      for (const width of [640, 320]) {
        await page.setViewportSize({ width, height: 800 });
        await settled(page);
        const overflow = await horizontalOverflow(page);
        if (overflow > 0) problems.push(`[${screen.name}] ${overflow} px of horizontal scroll at ${width} px`);
      }
    }
    await world.close();
    expect(problems, problems.join('\n')).toEqual([]);
    // The title follows the route: different screens, different titles (the guest apply page is the login page).
    expect(titles.get('login')).toBe('Login | Funkis');
    expect(titles.get('applications')).toBe('Applications | Funkis');
    expect(new Set(titles.values()).size).toBeGreaterThanOrEqual(15);
  });
});

test.describe('keyboard basics', () => {
  test('the skip link is the first Tab stop, shows when focused and moves focus to the main content', async ({
    browser,
  }) => {
    const world = await openWorld(browser, { theme: 'LIGHT' });
    for (const [page, path] of [
      [world.pages.guest, '/authentication/login'],
      [world.pages.admin, `/event/${EVENT}/applications`],
    ] as const) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      const skip = page.getByRole('link', { name: 'Skip to content' });
      // Off screen before it is focused.
      expect((await skip.boundingBox())?.y ?? 0).toBeLessThan(0);
      await page.keyboard.press('Tab');
      await expect(skip).toBeFocused();
      const box = await skip.boundingBox();
      expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
      expect(box?.height ?? 0).toBeGreaterThan(10);
      await page.keyboard.press('Enter');
      await expect(page.locator('main#main-content')).toBeFocused();
      // The next Tab stop is inside the main content, past the top bar and the sidebar.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
    }
    await world.close();
  });
});

test.describe('reduced motion', () => {
  test('with prefers-reduced-motion a dialog opens without a transition; without it, with one', async ({ browser }) => {
    const durations: Record<string, number> = {};
    for (const reducedMotion of ['reduce', 'no-preference'] as const) {
      const context = await newContext(browser, { theme: 'LIGHT' }, { reducedMotion });
      const page = await loginContext(context, DEMO.admin.email, DEMO.admin.password);
      await page.goto('/');
      await page.getByRole('button', { name: 'Create event' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create event' });
      await dialog.waitFor();
      // The dialog's fade (the MUI container) and its backdrop.
      durations[reducedMotion] = await page.evaluate(() => {
        const elements = [...document.querySelectorAll('.MuiDialog-container, .MuiBackdrop-root')];
        const seconds = (value: string) =>
          Math.max(
            ...value
              .split(',')
              .map((part) => (part.trim().endsWith('ms') ? parseFloat(part) / 1000 : parseFloat(part))),
          );
        return Math.max(...elements.map((el) => seconds(getComputedStyle(el).transitionDuration)));
      });
      if (reducedMotion === 'reduce') {
        // Fully opaque at once: no fade in progress.
        expect(await page.locator('.MuiDialog-container').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      }
      await context.close();
    }
    expect(durations.reduce).toBeLessThanOrEqual(0.001);
    expect(durations['no-preference']).toBeGreaterThan(0.1);
  });
});

test.describe('right to left', () => {
  test.describe.configure({ timeout: 600_000 });

  const RTL_SCREENS = [
    'login',
    'register',
    'apply (form)',
    'home + create dialog',
    'account',
    'event home (feed)',
    'event menu drawer',
    'users + invite dialog',
    'applications',
    'applications + drawer',
    'form builder',
    'control panel',
    'statistics',
    'e-mail',
    'scheduling',
    'files',
  ];

  test('the main screens mirror: dir=rtl, the sidebar and drawers on the right, no horizontal scroll, axe clean', async ({
    browser,
  }) => {
    const world = await openWorld(browser, { theme: 'LIGHT', direction: 'rtl' });
    const problems: string[] = [];
    for (const name of RTL_SCREENS) {
      const screen = SCREENS.find((candidate) => candidate.name === name);
      if (!screen) throw new Error(`no screen ${name}`);
      const page = world.pages[screen.role];
      for (const width of screen.widths ?? [1280, 375]) {
        await show(page, screen, world.ctx, width);
        const label = `rtl ${width}px ${name}`;
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        problems.push(...(await axe(page, label)).problems);
        const overflow = await horizontalOverflow(page);
        if (overflow > 0) problems.push(`[${label}] ${overflow} px of horizontal scroll`);
        // Mirrored: the event sidebar (permanent from 1200 px) sits at the right edge, the menu drawer too.
        const sidebar = page.getByTestId('sidebar-permanent');
        if (width === 1280 && (await sidebar.count()) > 0) {
          const box = await sidebar.boundingBox();
          if (!box || Math.round(box.x + box.width) !== width)
            problems.push(`[${label}] sidebar not at the right edge`);
        }
        if (name === 'event menu drawer') {
          const paper = page.locator('.MuiDrawer-paper');
          const box = await paper.boundingBox();
          if (!box || Math.round(box.x + box.width) !== width) problems.push(`[${label}] menu drawer not on the right`);
        }
      }
    }
    // A direction icon flips: the log-out arrow in the profile menu points the other way.
    const admin = world.pages.admin;
    await admin.setViewportSize({ width: 1280, height: 800 });
    await admin.goto('/');
    await admin.getByRole('button', { name: 'Open profile menu' }).click();
    const logoutIcon = admin.getByRole('menuitem', { name: 'Log out' }).locator('svg');
    expect(await logoutIcon.evaluate((el) => getComputedStyle(el).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    await world.close();
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
