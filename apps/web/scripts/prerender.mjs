#!/usr/bin/env node
// Runs after `vite build` (decision 029): renders the login, register and apply pages to HTML, in every language,
// with the app's own components (src/app/prerender/entry.tsx, built here for Node by Vite), and writes them to
// dist/.vite/prerendered.json. The server puts a page's HTML into index.html when it sends that page to a visitor
// without a session (apps/server/src/plugins/web.ts), so a phone paints the real page before any script arrives.
//
// Two changes make the painted page safe before the app is alive: its forms post (a press on Enter never puts a
// password in the address) and their buttons do not submit; public/paint-first.js notes a press on them, and the
// app, taking the page over with what the person typed (src/lib/prerendered.ts), sends the form then.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(webDir, 'node_modules', '.prerender');
const target = path.join(webDir, 'dist', '.vite', 'prerendered.json');

await build({ configFile: path.join(webDir, 'vite.prerender.config.ts'), mode: 'production' });

const { renderPage, PAGES, languages } = await import(pathToFileURL(path.join(outDir, 'entry.mjs')).href);

/** The painted page must not send its form before the app handles it. */
function safeBeforeAlive(html) {
  return html
    .replaceAll('<form ', '<form method="post" ')
    .replaceAll('type="submit"', 'type="button" data-painted-submit=""');
}

const pages = {};
let bytes = 0;
for (const page of PAGES) {
  pages[page] = {};
  for (const language of languages) {
    const rendered = await renderPage(page, language);
    if (!rendered.html.includes('<form ')) throw new Error(`prerender: ${page} (${language}) has no form`);
    pages[page][language] = { ...rendered, html: safeBeforeAlive(rendered.html) };
    bytes = Math.max(bytes, Buffer.byteLength(rendered.html));
  }
}
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, JSON.stringify({ pages }));
fs.rmSync(outDir, { recursive: true, force: true });
console.log(
  `prerender: ${PAGES.length} pages × ${languages.length} languages → dist/.vite/prerendered.json (largest ${(bytes / 1024).toFixed(1)} KB)`,
);
