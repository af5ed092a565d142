#!/usr/bin/env node
// Runs after `vite build` (npm run build): weighs the JavaScript each route loads and fails the build when a
// route goes over its gzip budget, or when a light route pulls in a heavy library (decision 011).
//
// A route's load = the entry chunk of index.html with its static imports + the route's own modules (the lazy
// screen, and for event screens the event layout) with theirs, read from Vite's manifest (dist/.vite/manifest.json)
// + the English texts it fetches before its first paint (the shell's `translation` and the namespaces its screens
// name in src/app/router.tsx: scripts/route-texts.mjs). Weights are gzip level 9 of the files as built. Writes
// dist/.vite/route-weights.json (read by `npm run bench`) and prints a table.
//
// Also writes dist/.vite/preloads.json: per URL pattern, the files a route loads beyond the entry, and the text
// files of each language; the server puts them into index.html as <link rel="modulepreload"> so the browser fetches
// the screen, its layout and its texts at once instead of one after the other (decision 017).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { routerScreens, UP_FRONT_NAMESPACES } from './route-texts.mjs';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.argv[2] ? path.resolve(process.argv[2]) : path.join(webDir, 'dist');
const KB = 1024;

/**
 * Budgets in KB of gzipped JavaScript: the current weight plus a little room, so growth is a decision. The goal
 * for the login route is 170 KB (not reached: see docs/decisions/017). Routes not listed get
 * DEFAULT_BUDGET_KB (a screen with DataGrid or charts fits; every screen should get its own line).
 */
const DEFAULT_BUDGET_KB = 520;
const BUDGETS_KB = {
  // +1 KB (decision 033) on the routes 0.1-1.1 KB over when hand-over and the wish rounds were built side by side:
  // their messages in the shared catalogue and schemas in the shared contract, the wish rounds' routes in the
  // router's table. Measured with both in the tree (2026-11-27).
  // The weights of 2026-11-23 evening, +1 to 2 KB (decision 017): texts per screen, the light login form, lazy
  // toasts and menus; the shared validation without the message catalogue; the resources' constants without zod
  // (event home 295 → 255, files 301 → 259); home's create-event dialog a chunk of its own (296 → 224); one
  // loader module per event screen (a screen loads its own loader only); the form checks without zod
  // (form-validation.ts: apply 273 → 248, form builder 318 → 292).
  // +1 KB (decision 029) on the four routes 0.1 KB over: the entry takes over a page the server sent painted
  // (lib/prerendered.ts, 0.4 KB). The login page no longer waits for its script to paint.
  // +1 KB (pinned posts' limit): 0.02-0.1 KB over with its message in the shared catalogue (login, apply).
  'src/app/routes/login.tsx': 212,
  // +1 KB on seven routes when the security, confirmation and organiser work of 2026-11-26 came together (each
  // added 0.1-0.3 KB of shared code: the user's confirmation fields, the id schema in more forms, mail audience words).
  // Decision 020: the user's confirmation fields and the confirm-email schema in the shared auth code (+0.1 KB),
  // the security screen's waiting change with its resend (+1.3 KB); the notice itself is a lazy chunk.
  // +1 KB (decision 025): 0.1 KB over when the `audit` texts joined the shell's list of text files, and the two
  // messages of the applicants' notification in the shared catalogue.
  // Decision 029: the form's zod schema is a chunk fetched once the form is on screen (275.1 → 247.7 KB).
  'src/app/routes/register.tsx': 250,
  // +1 KB (decision 029): 0.1 KB over, the entry's share of the painted pages' takeover.
  'src/app/routes/password-recovery.tsx': 273,
  'src/app/routes/password-reset.tsx': 274,
  // +1 KB (decision 029): the entry starts the service worker at once when a painted page loaded it late (0.02 KB over).
  'src/app/routes/confirm-email.tsx': 201,
  // +1 KB (decisions 030-032, below): 0.04 KB over with the board's refresh after a late person's place is covered.
  'src/app/routes/terms.tsx': 198,
  // +1 KB (decision 027): the shell's texts gained the "errors shown with the form" announcement (0.05 KB over).
  'src/app/routes/not-found.tsx': 209,
  'src/app/routes/apply.tsx': 258,
  'src/app/routes/apply-register.tsx': 254,
  // +1 KB (decision 029): the entry renders behind a painted page in slices (0.05 KB over).
  // +1 KB (decision 020): the notice to confirm an address is drawn with the layout and only its resend button is a
  // lazy chunk, so the page no longer moves down when the notice comes (+0.1-0.4 KB on the authenticated routes).
  'src/app/routes/home.tsx': 232,
  // +1 KB (decisions 030-032) on the eight routes 0.1-0.3 KB over when push, cover requests and waitlists came
  // together: their routes in the router's table, their kinds and messages in the shared contract (+0.3 KB in the
  // entry); the scheduling card's waitlist controls (+0.7 KB). The notification settings are a lazy section with
  // their texts inside it, so the account route carries only its loader.
  'src/app/routes/account.tsx': 289,
  'src/app/routes/account-security.tsx': 295,
  // +1 KB (decision 027): the feed's changes refresh through api/invalidate.ts (and the audit log), 258.2 KB.
  // +1 KB (decision 020): the notice to confirm an address drawn with the layout (see home), 0.1 KB over.
  'src/app/routes/event/home.tsx': 265,
  // +1 KB (decision 027) here and on statistics, 0.1 and 0.5 KB over: their forms (file edit, the filters) are
  // components/forms/form.tsx's Form, 0.7 KB shared with every other form.
  'src/app/routes/event/files.tsx': 271,
  // +2 KB (decision 025): the confirm dialog's e-mail to the applicants (checkbox, subject, message, texts) 287.3 KB.
  'src/app/routes/event/applications.tsx': 293,
  // +3 KB (decision 025): the audit log in words, its sentences a text namespace of their own (`audit`, fetched by
  // this screen only) and the rules that pick a sentence and a link for each action.
  // +1 KB (decision 026): the settings' start and end are the app's date pickers (the picker itself a lazy chunk).
  // +1 KB (decision 029): 0.01 KB over, the entry's share of the painted pages' takeover.
  // +1 KB (decision 027): 0.2 KB over (326.6 → 327.2 KB) when the group's edit dialog became components/forms/
  // form-dialog.tsx's FormDialog, a 0.6 KB chunk shared with every dialog that is one form.
  'src/app/routes/event/control-panel.tsx': 328,
  // +1 KB (decision 027): the compose, label and rate forms announce a failed submit (useErrorAnnouncer), 323.3 KB.
  // +1 KB (decision 027): 0.01 KB over (328.9 -> 329.0 KB) when form dialogs laid their form out as a column (the
  // fields scroll, the title and buttons stay on a phone) and list filters built on the last change asked for.
  'src/app/routes/event/email.tsx': 330,
  // +1 KB (decision 020): the notice to confirm an address drawn with the layout (see home), 0.1 KB over.
  'src/app/routes/event/form.tsx': 302,
  // +2 KB (decision 025): the Members panel's pagination and the timeline's side cue; +4 KB (decision 026);
  // +2 KB (decision 025): the "no shift" list's selection, its export links and the assign-to-a-shift dialog (357.7).
  // +1 KB (decision 027): the scheduling dialogs announce a failed submit (useErrorAnnouncer), 359.1 KB.
  // +5 KB (decision 033, hand-over): the shift card's "Offer my place" with its dialog, the "Offered places" section
  // with take / approve / decline and their texts, the rules' approval switch (368.6 KB with the shared growth above).
  // +1 KB: the view's changes build on the last one asked for (hooks/use-list-search-params.ts, 369.8 -> 370.3 KB).
  'src/app/routes/event/scheduling.tsx': 371,
  // +1 KB: the date field's loader also offers the date-and-time picker of the shift dialogs (353.1).
  // +1 KB (decision 027): 0.1 KB over (359.1) when its filters became the list screens' useListSearchParams.
  'src/app/routes/event/statistics.tsx': 360,
  'src/app/routes/event/users.tsx': 479,
  // Decision 028, the event day: its own three screens (the QR drawing in my-code, the scanner's jsQR a lazy chunk of
  // check-in). Every route above that was over got +1 to 2 KB for it, measured on the last commit plus the event day
  // alone: the shared contract's messages and schemas, the three routes' lists of chunks in the router's table
  // (+0.6 KB up front), the menu's three entries with icons (+0.4 KB in the event layout) and the rules dialog's
  // "late after" field (login 206.9 -> 207.6, event/home 258.7 -> 260.1, event/scheduling 359.6 -> 361.7).
  // Decision 028, the app that opens without signal: +1 KB where the event day's weights left under 0.4 KB of room.
  // Every route carries the offline banner's "last updated" (the screen's oldest answer), the remembered person
  // (lib/offline-user.ts), "You are offline" and their texts in the shell (+0.5 KB); what is kept and put back is a
  // chunk of its own beside the texts, the service worker's registration one loaded after the page.
  'src/app/routes/event/my-code.tsx': 241,
  'src/app/routes/event/check-in.tsx': 270,
  // +3 KB (decision 031, asking for cover): the board's "Ask for cover" on a shift with a free place, its request and its
  // toast's texts (the `cover` namespace), 236.6 -> 238.5 KB. +1 KB (withdrawing): the open request beside the free
  // place and "Withdraw request" (its confirm dialog a chunk of its own), 241.1 KB.
  'src/app/routes/event/board.tsx': 242,
  // Decision 031: the cover requests offered to me (a list, "Take this shift"), 209.2 KB.
  'src/app/routes/cover-requests.tsx': 211,
  // Decisions 034-035, wish rounds: the list with its "new round" dialog (the date-time picker, the shift choice),
  // 296.2 KB; one round (ranking by buttons, the friend code, the organiser's preview and publishing), 302.5 KB.
  'src/app/routes/event/wish-rounds.tsx': 298,
  'src/app/routes/event/wish-round.tsx': 304,
};

/** Heavy libraries, recognised by a string their code always contains, and the routes allowed to load them. */
const HEAVY = [
  { name: 'MUI X DataGrid', marker: 'MuiDataGrid' },
  { name: 'MUI X Charts', marker: 'MuiChartsSurface' },
  { name: 'dnd-kit', marker: 'DndDescribedBy' },
  { name: 'MUI X date pickers', marker: 'MuiPickersLayout' },
];
/**
 * zod (26 KB gzipped, and every shared schema built when its module runs) belongs only to screens that validate a
 * form with it. Screens that need a limit or a sort order get it from packages/shared's constants.ts, which
 * imports no zod; these routes must not load zod up front.
 */
const ZOD = { name: 'zod', marker: '"ZodObject"' };
const WITHOUT_ZOD = new Set([
  'src/app/routes/login.tsx',
  'src/app/routes/terms.tsx',
  'src/app/routes/not-found.tsx',
  'src/app/routes/event/home.tsx',
  'src/app/routes/event/files.tsx',
  'src/app/routes/event/form.tsx',
  'src/app/routes/apply.tsx',
]);
/** Routes that must load none of the heavy libraries. */
const LIGHT_ROUTES = new Set([
  'src/app/routes/login.tsx',
  'src/app/routes/register.tsx',
  'src/app/routes/password-recovery.tsx',
  'src/app/routes/password-reset.tsx',
  'src/app/routes/confirm-email.tsx',
  'src/app/routes/terms.tsx',
  'src/app/routes/apply.tsx',
  'src/app/routes/apply-register.tsx',
  'src/app/routes/home.tsx',
  'src/app/routes/account.tsx',
  'src/app/routes/account-security.tsx',
  'src/app/routes/event/home.tsx',
  'src/app/routes/not-found.tsx',
]);
/**
 * The URL of each screen (as in src/config/paths.ts), for the server's preload list. `auth`: behind the login gate,
 * so a visitor without a session cookie is sent to the login page and gets its files instead. A screen missing
 * here fails the build (not-found has no URL of its own).
 */
const ROUTE_URLS = {
  'src/app/routes/login.tsx': { pattern: '^/authentication/login/?$' },
  'src/app/routes/register.tsx': { pattern: '^/authentication/register/?$' },
  'src/app/routes/password-recovery.tsx': { pattern: '^/authentication/password-recovery/?$' },
  'src/app/routes/password-reset.tsx': { pattern: '^/authentication/password-reset/?$' },
  'src/app/routes/confirm-email.tsx': { pattern: '^/authentication/confirm-email/?$' },
  'src/app/routes/terms.tsx': { pattern: '^/terms/?$' },
  'src/app/routes/apply.tsx': { pattern: '^/event/\\d+/apply/?$' },
  'src/app/routes/apply-register.tsx': { pattern: '^/event/\\d+/apply/register/?$' },
  'src/app/routes/home.tsx': { pattern: '^/$', auth: true },
  'src/app/routes/account.tsx': { pattern: '^/account/?$', auth: true },
  'src/app/routes/account-security.tsx': { pattern: '^/account/security/?$', auth: true },
  'src/app/routes/event/home.tsx': { pattern: '^/event/\\d+/?$', auth: true },
  'src/app/routes/event/files.tsx': { pattern: '^/event/\\d+/files/?$', auth: true },
  'src/app/routes/event/users.tsx': { pattern: '^/event/\\d+/users/?$', auth: true },
  'src/app/routes/event/applications.tsx': { pattern: '^/event/\\d+/applications/?$', auth: true },
  'src/app/routes/event/scheduling.tsx': { pattern: '^/event/\\d+/scheduling/?$', auth: true },
  'src/app/routes/event/statistics.tsx': { pattern: '^/event/\\d+/statistics/?$', auth: true },
  'src/app/routes/event/email.tsx': { pattern: '^/event/\\d+/email(/.*)?$', auth: true },
  'src/app/routes/event/form.tsx': { pattern: '^/event/\\d+/form/?$', auth: true },
  'src/app/routes/event/control-panel.tsx': { pattern: '^/event/\\d+/control-panel/?$', auth: true },
  'src/app/routes/event/my-code.tsx': { pattern: '^/event/\\d+/my-code/?$', auth: true },
  'src/app/routes/event/check-in.tsx': { pattern: '^/event/\\d+/check-in/?$', auth: true },
  'src/app/routes/event/board.tsx': { pattern: '^/event/\\d+/board/?$', auth: true },
  'src/app/routes/cover-requests.tsx': { pattern: '^/cover-requests(/\\d+)?/?$', auth: true },
  'src/app/routes/event/wish-rounds.tsx': { pattern: '^/event/\\d+/wish-rounds/?$', auth: true },
  'src/app/routes/event/wish-round.tsx': { pattern: '^/event/\\d+/wish-rounds/\\d+/?$', auth: true },
};
const WITHOUT_URL = new Set(['src/app/routes/not-found.tsx']);

/** Modules loaded together with a route, by the route's folder. */
const LAYOUTS = [
  // An event screen loads the event layout, the layout's loader and its own loader (app/loaders/), up front.
  {
    prefix: 'src/app/routes/event/',
    modules: ['src/app/routes/event/layout.tsx', 'src/app/loaders/event.ts'],
    loader: (key) => `src/app/loaders/${EVENT_LOADERS[key.replace('src/app/routes/event/', '')] ?? ''}`,
  },
  { prefix: 'src/app/routes/', modules: ['src/components/layouts/main-layout.tsx'], only: authenticated },
];
/** The loader module of each event screen (app/router.tsx). */
const EVENT_LOADERS = {
  'home.tsx': 'feed.ts',
  'files.tsx': 'files.ts',
  'users.tsx': 'users.ts',
  'applications.tsx': 'applications.ts',
  'scheduling.tsx': 'scheduling.ts',
  'statistics.tsx': 'statistics.ts',
  'email.tsx': 'mail.ts',
  'form.tsx': 'form.ts',
  'control-panel.tsx': 'control-panel.ts',
  'my-code.tsx': 'event-day.ts',
  'check-in.tsx': 'event-day.ts',
  'board.tsx': 'event-day.ts',
  'wish-rounds.tsx': 'wish-rounds.ts',
  'wish-round.tsx': 'wish-rounds.ts',
};
function authenticated(key) {
  return /routes\/(home|account|account-security)\.tsx$/.test(key);
}

const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(
    `check-budgets: ${path.relative(process.cwd(), manifestFile)} is missing (build.manifest in vite.config.ts)`,
  );
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

const sizes = new Map();
function gzipSize(file) {
  if (!sizes.has(file)) {
    const content = fs.readFileSync(path.join(dist, file));
    sizes.set(file, { gzip: zlib.gzipSync(content, { level: 9 }).length, text: content.toString('utf8') });
  }
  return sizes.get(file);
}

/** The JavaScript files a set of manifest entries loads up front (static imports, transitively). */
function closure(keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files].filter((file) => file.endsWith('.js'));
}

/**
 * The manifest key of a text file: src/locales/<language>/<namespace>.json, or for the shared message catalogue
 * (the `messages` namespace) the per-language module build/messages-plugin.ts makes.
 */
const MESSAGES_NAMESPACE = 'messages';
const localeKey = (language, namespace) =>
  namespace === MESSAGES_NAMESPACE ? `funkis-messages:${language}` : `src/locales/${language}/${namespace}.json`;
const languages = [
  ...new Set(
    Object.keys(manifest)
      .map((key) => /^src\/locales\/([^/]+)\/[^/]+\.json$/.exec(key)?.[1])
      .filter(Boolean),
  ),
].sort();
/** The namespaces each screen module names in the router (fetched with its chunk). */
const screenNamespaces = new Map(routerScreens(webDir).map((screen) => [screen.module, screen.namespaces]));
const namespacesOf = (modules) => [
  ...new Set([...UP_FRONT_NAMESPACES, ...modules.flatMap((module) => screenNamespaces.get(module) ?? [])]),
];

const routeKeys = Object.keys(manifest)
  .filter((key) => key.startsWith('src/app/routes/') && manifest[key].isDynamicEntry)
  .filter((key) => key !== 'src/app/routes/event/layout.tsx')
  .sort();

const results = [];
const failures = [];
const preloadRoutes = [];
for (const key of routeKeys) {
  // Only the first matching layout applies (event screens get the event layout, not the main one).
  const layout = LAYOUTS.find(
    (candidate) => key.startsWith(candidate.prefix) && (!candidate.only || candidate.only(key)),
  );
  if (layout?.loader && !(layout.loader(key) in manifest)) failures.push(`${key}: no loader module in EVENT_LOADERS`);
  const layoutModules = [...(layout?.modules ?? []), ...(layout?.loader ? [layout.loader(key)] : [])].filter(
    (module) => module in manifest && module !== key,
  );
  const modules = [...layoutModules, key];
  // The texts of one language (English: the largest) are fetched before the first paint.
  const localeKeys = namespacesOf(modules)
    .map((namespace) => localeKey('en', namespace))
    .filter((locale) => locale in manifest);
  const files = closure([entryKey, ...localeKeys, ...modules]);
  const gzip = files.reduce((sum, file) => sum + gzipSize(file).gzip, 0);
  const budget = BUDGETS_KB[key] ?? DEFAULT_BUDGET_KB;
  const loads = (library) => files.some((file) => gzipSize(file).text.includes(library.marker));
  const heavy = HEAVY.filter(loads).map((library) => library.name);
  const hasZod = loads(ZOD);
  const route = key.replace('src/app/routes/', '').replace(/\.tsx$/, '');
  results.push({
    route,
    files: files.length,
    gzipKb: Number((gzip / KB).toFixed(1)),
    budgetKb: budget,
    heavy: hasZod ? [...heavy, ZOD.name] : heavy,
  });
  if (gzip > budget * KB)
    failures.push(`${route}: ${(gzip / KB).toFixed(1)} KB gzipped JavaScript > budget ${budget} KB`);
  if (LIGHT_ROUTES.has(key) && heavy.length > 0) failures.push(`${route} loads ${heavy.join(', ')}`);
  if (WITHOUT_ZOD.has(key) && hasZod) failures.push(`${route} loads zod (import the constant from constants.ts)`);
  if (ROUTE_URLS[key]) {
    const entryFiles = new Set(closure([entryKey]));
    preloadRoutes.push({
      route,
      pattern: ROUTE_URLS[key].pattern,
      auth: ROUTE_URLS[key].auth === true,
      files: closure(modules).filter((file) => !entryFiles.has(file)),
      namespaces: namespacesOf(modules),
    });
  } else if (!WITHOUT_URL.has(key)) {
    failures.push(`${route}: no URL in ROUTE_URLS of scripts/check-budgets.mjs (the server's preload list)`);
  }
}

// Text files of every language by namespace, for the server's preload list.
const locales = Object.fromEntries(
  languages.map((language) => [
    language,
    Object.fromEntries([
      ...Object.keys(manifest)
        .filter((key) => key.startsWith(`src/locales/${language}/`))
        .map((key) => [path.basename(key, '.json'), manifest[key].file]),
      ...(localeKey(language, MESSAGES_NAMESPACE) in manifest
        ? [[MESSAGES_NAMESPACE, manifest[localeKey(language, MESSAGES_NAMESPACE)].file]]
        : []),
    ]),
  ]),
);
fs.writeFileSync(
  path.join(dist, '.vite/preloads.json'),
  `${JSON.stringify({ routes: preloadRoutes, locales }, null, 2)}\n`,
);

fs.writeFileSync(path.join(dist, '.vite/route-weights.json'), `${JSON.stringify(results, null, 2)}\n`);
const width = Math.max(...results.map((result) => result.route.length));
console.log(
  `\nJavaScript per route (gzip, loaded up front)${' '.repeat(Math.max(0, width - 35))}     KB  budget  files`,
);
for (const result of results) {
  const heavy = result.heavy.length ? `  (${result.heavy.join(', ')})` : '';
  console.log(
    `  ${result.route.padEnd(width)}  ${result.gzipKb.toFixed(1).padStart(7)}  ${String(result.budgetKb).padStart(6)}  ${String(result.files).padStart(5)}${heavy}`,
  );
}
if (routeKeys.length === 0) failures.push('no route modules found in the manifest (src/app/routes/*)');
if (failures.length > 0) {
  console.error(`\nRoute budgets exceeded:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('Route budgets: all within.\n');
