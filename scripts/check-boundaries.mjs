#!/usr/bin/env node
/**
 * Import boundaries that Biome cannot express (run by `npm run lint`):
 * - web: a feature never imports another feature, nor the app layer (imports flow shared → features → app);
 *   the shared layers (api, components, hooks, lib, config) never import features or the app layer;
 * - server: a module never imports another module's repository (one owner per table: call its service);
 * - server: a table is written (insert, update, delete) only by its owner (TABLE_OWNERS below);
 * - server: a repository (data code) never imports the HTTP layer, `plugins/`;
 * - server: the lower floors, `db/` and `lib/`, never import a module or a plugin (demo data lives in `demo/`);
 * - no import cycles among the source files of either app.
 * Usage: node scripts/check-boundaries.mjs [root]   (exit 1 with one line per violation)
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];

function listFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stripped = base.replace(/\.(js|mjs)$/, '');
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => stripped + ext),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  return candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile()) ?? null;
}

function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const found = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    const target = resolveImport(file, specifier);
    if (target) found.push({ specifier, target });
  }
  return found;
}

const violations = [];
const rel = (file) => path.relative(root, file);

function checkApp(srcDir, rules) {
  const files = listFiles(srcDir);
  const graph = new Map();
  for (const file of files) {
    const imports = importsOf(file);
    graph.set(
      file,
      imports.map((entry) => entry.target),
    );
    for (const entry of imports) {
      const problem = rules(path.relative(srcDir, file), path.relative(srcDir, entry.target));
      if (problem) violations.push(`${rel(file)}: imports ${entry.specifier} — ${problem}`);
    }
  }
  findCycles(graph);
}

function webRules(from, to) {
  const [fromTop, fromFeature] = from.split(path.sep);
  const [toTop, toFeature] = to.split(path.sep);
  if (fromTop === 'features') {
    if (toTop === 'features' && toFeature !== fromFeature)
      return `a feature may not import another feature (${toFeature}); move what both need to the shared layer (src/api, src/lib, src/components)`;
    if (toTop === 'app') return 'a feature may not import the app layer';
  } else if (fromTop !== 'app' && fromTop !== 'main.tsx') {
    if (toTop === 'features') return `the shared layer (${fromTop}) may not import a feature`;
    if (toTop === 'app') return `the shared layer (${fromTop}) may not import the app layer`;
  }
  return null;
}

function serverRules(from, to) {
  const [fromTop, fromModule] = from.split(path.sep);
  const [toTop, toModule, toFile] = to.split(path.sep);
  if (toTop === 'modules' && toFile === 'repository.ts' && !(fromTop === 'modules' && fromModule === toModule)) {
    return `only the ${toModule} module writes its tables: call its service instead of its repository`;
  }
  // A data migration may fill a column with the owning module's own rule (0028: a mail's preview).
  const migration = from.startsWith(`db${path.sep}migrations${path.sep}`) && toTop === 'modules';
  if ((fromTop === 'db' || fromTop === 'lib') && (toTop === 'modules' || toTop === 'plugins') && !migration) {
    return `${fromTop}/ is a lower floor: it may not import ${toTop}/ (pass what it needs in, or move the code up)`;
  }
  const fromFile = from.split(path.sep).at(-1);
  if (
    fromTop === 'modules' &&
    (fromFile === 'repository.ts' || fromFile.endsWith('-repository.ts')) &&
    toTop === 'plugins'
  ) {
    return 'data code does not import the HTTP layer (plugins/): move what it needs to lib/ or to the owning module';
  }
  return null;
}

/** Tarjan's strongly connected components: every component with more than one file (or a self-import) is a cycle. */
function findCycles(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const visit = (node) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) {
        violations.push(`import cycle: ${component.map(rel).sort().join(' → ')}`);
      }
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
}

/**
 * The one writer of each table (STYLE 13): a path prefix under apps/server/src. The seed goes through the
 * services like everything else. Tables not listed are refused everywhere until they get an owner.
 */
const TABLE_OWNERS = {
  users: 'modules/account/',
  password_reset_tokens: 'modules/account/',
  email_confirmation_tokens: 'modules/account/',
  sessions: 'modules/sessions/',
  events: 'modules/events/',
  event_groups: 'modules/groups/',
  event_users: 'modules/memberships/',
  event_forms: 'modules/forms/',
  applications: 'modules/applications/',
  applications_search: 'modules/applications/',
  application_answers: 'modules/applications/',
  // Kept by triggers on applications (migration 0009); read by modules/statistics.
  application_choices: 'modules/applications/',
  audit_log: 'lib/audit.ts',
  invitations: 'modules/memberships/',
  posts: 'modules/feed/',
  comments: 'modules/feed/',
  event_links: 'modules/feed/',
  files: 'modules/files/',
  mails: 'modules/mail/',
  mail_receivers: 'modules/mail/',
  mail_labels: 'modules/mail/',
  mail_label_links: 'modules/mail/',
  mail_queue: 'modules/mail/',
  mail_attachments: 'modules/mail/',
  mail_reads: 'modules/mail/',
  mail_settings: 'modules/mail/',
  shifts: 'modules/scheduling/',
  shift_assignments: 'modules/scheduling/',
  shift_waitlist: 'modules/scheduling/',
  shift_offers: 'modules/scheduling/',
  scheduling_settings: 'modules/scheduling/',
  calendar_tokens: 'modules/scheduling/',
  member_codes: 'modules/event-day/',
  check_ins: 'modules/event-day/',
  push_subscriptions: 'modules/push/',
  notification_preferences: 'modules/push/',
  cover_requests: 'modules/cover/',
  wish_rounds: 'modules/wish-rounds/',
  wish_round_shifts: 'modules/wish-rounds/',
  wishes: 'modules/wish-rounds/',
  wish_choices: 'modules/wish-rounds/',
  cover_request_offers: 'modules/cover/',
  rate_limits: 'modules/account/',
};
const WRITE = /\b(insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(\s*['"]([a-z_]+)/g;

function checkTableOwners(srcDir) {
  for (const file of listFiles(srcDir)) {
    const from = path.relative(srcDir, file).split(path.sep).join('/');
    if (from.startsWith('db/migrations/')) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(WRITE)) {
      const table = match[2];
      const owner = TABLE_OWNERS[table];
      if (!owner) violations.push(`${rel(file)}: ${match[1]}('${table}') — the table has no owner in TABLE_OWNERS`);
      else if (!from.startsWith(owner)) {
        violations.push(`${rel(file)}: ${match[1]}('${table}') — only ${owner} writes ${table}; call its service`);
      }
    }
  }
}

/**
 * Every form of the web app is `components/forms/form.tsx`'s `Form` (decision 027): it alone renders `<form>` and
 * the error announcer, so no form can lose `noValidate` or the announcement of a failed submit (decision 016).
 */
const FORM_OWNERS = new Set(['components/forms/form.tsx', 'components/forms/error-announcer.tsx']);
const BARE_FORM = /<form[\s>]|component=\{?['"]form['"]|<ErrorAnnouncer[\s/>]/g;

function checkForms(srcDir) {
  for (const file of listFiles(srcDir)) {
    if (FORM_OWNERS.has(path.relative(srcDir, file).split(path.sep).join('/'))) continue;
    for (const match of fs.readFileSync(file, 'utf8').matchAll(BARE_FORM)) {
      violations.push(`${rel(file)}: ${match[0].trim()} — render components/forms/form.tsx's Form instead`);
    }
  }
}

checkApp(path.join(root, 'apps/web/src'), webRules);
checkForms(path.join(root, 'apps/web/src'));
checkTableOwners(path.join(root, 'apps/server/src'));
checkApp(path.join(root, 'apps/server/src'), serverRules);
checkApp(path.join(root, 'packages/shared/src'), () => null);

if (violations.length > 0) {
  for (const line of violations) console.error(line);
  console.error(`\n${violations.length} boundary violation(s).`);
  process.exit(1);
}
console.log(
  'Boundaries: no feature imports another, each table has one writer, no module reads another’s repository, no cycles, every web form is Form.',
);
