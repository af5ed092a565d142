// Which text namespaces (src/locales/<language>/<namespace>.json) each screen uses, read from the sources.
//
// The router fetches a screen's namespaces together with its chunk (`screen(['events'], () => import('…'), …)` in
// src/app/router.tsx), and only `translation` is fetched before the first paint (decision 017). Used by
// scripts/check-budgets.mjs (route weights and the server's preload list) and by test/route-texts.test.ts, which
// fails when a screen uses a namespace its route does not declare.
import fs from 'node:fs';
import path from 'node:path';

/**
 * Fetched before the first paint on every page; never declared per screen: the shell's texts and the shared
 * message catalogue (`messages`, apps/web/src/lib/i18n.ts).
 */
export const UP_FRONT_NAMESPACES = ['translation', 'messages'];

const IMPORT = /(?:import|export)\s[^'";]*?from\s*'([^']+)'|import\('([^']+)'\)/g;
const NAMESPACE_USE = [
  /useTranslation\(\s*'([a-z-]+)'/g,
  /useTranslation\(\s*\[\s*'([a-z-]+)'/g,
  /\bns:\s*'([a-z-]+)'/g,
  /\bt\(\s*'([a-z-]+):/g,
];

function resolveModule(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile() && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/**
 * A part of a screen fetched with its own texts (src/lib/lazy-section.ts):
 * `lazySection(['notifications'], () => import('…'))`.
 */
const SECTION = /\blazySection\(\s*\[([^\]]*)\]\s*,\s*\(\)\s*=>\s*import\('([^']+)'\)/g;

/**
 * The namespaces used by a module and everything it imports within src/ (dynamic imports too unless
 * `followDynamic` is false: the entry's first paint loads only its static imports), by
 * `useTranslation('x')`, `useTranslation(['x', …])`, `{ ns: 'x' }` and `t('x:…')`. A lazy section's module counts
 * with the namespaces it uses beyond those its `lazySection([…], …)` fetches with it.
 */
export function namespacesUsedBy(file, { followDynamic = true } = {}) {
  const seen = new Set();
  const used = new Set();
  const visit = (current) => {
    if (seen.has(current)) return;
    seen.add(current);
    const source = fs.readFileSync(current, 'utf8');
    for (const pattern of NAMESPACE_USE) {
      for (const match of source.matchAll(pattern)) used.add(match[1]);
    }
    const sections = new Set();
    for (const match of source.matchAll(SECTION)) {
      sections.add(match[2]);
      if (!followDynamic) continue;
      const section = resolveModule(current, match[2]);
      if (!section) continue;
      const fetched = [...match[1].matchAll(/'([a-z-]+)'/g)].map((name) => name[1]);
      for (const namespace of namespacesUsedBy(section)) if (!fetched.includes(namespace)) used.add(namespace);
    }
    for (const match of source.matchAll(IMPORT)) {
      if (match[2] && (!followDynamic || sections.has(match[2]))) continue;
      const next = resolveModule(current, match[1] ?? match[2]);
      if (next) visit(next);
    }
  };
  visit(path.resolve(file));
  return used;
}

const SCREEN = /\bscreen\(\s*\[([^\]]*)\]\s*,\s*\(\)\s*=>\s*import\('([^']+)'\)/g;

/** The router's screens: `{ module, namespaces }`, module relative to the web app (as Vite's manifest keys). */
export function routerScreens(webDir) {
  const routerFile = path.join(webDir, 'src/app/router.tsx');
  const source = fs.readFileSync(routerFile, 'utf8');
  const screens = [];
  for (const match of source.matchAll(SCREEN)) {
    const module = resolveModule(routerFile, match[2]);
    if (!module) throw new Error(`route-texts: cannot resolve ${match[2]} in src/app/router.tsx`);
    const namespaces = [...match[1].matchAll(/'([a-z-]+)'/g)].map((name) => name[1]);
    screens.push({ module: path.relative(webDir, module).split(path.sep).join('/'), namespaces });
  }
  return screens;
}
