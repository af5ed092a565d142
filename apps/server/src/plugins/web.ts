import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MAX_ID } from '@funkis/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from '../lib/escape-html.js';
import { pageLanguage } from '../lib/language.js';
import { SESSION_COOKIE } from './session.js';

declare module 'fastify' {
  interface FastifyReply {
    serveIndex(): Promise<FastifyReply>;
  }
}

/** `dist/.vite/preloads.json`, written by the web build (apps/web/scripts/check-budgets.mjs, decision 017). */
interface PreloadList {
  routes: { route: string; pattern: string; auth: boolean; files: string[]; namespaces: string[] }[];
  /** language → namespace → the built file of its texts. */
  locales: Record<string, Record<string, string>>;
}

type Preloads = PreloadList & { matchers: RegExp[] };

function readPreloads(webDist: string): Preloads | null {
  try {
    const list = JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'preloads.json'), 'utf8')) as PreloadList;
    return { ...list, matchers: list.routes.map((route) => new RegExp(route.pattern)) };
  } catch {
    return null; // an older build, or none: index.html goes out as built
  }
}

/**
 * The files a page will load right after the entry — its screen and layout chunks and the texts of the reader's
 * language — as <link rel="modulepreload">, so the browser fetches them with the entry instead of one after the
 * other (the entry, then the texts, then the screen). A page behind the login gate asked for without a session
 * cookie preloads the login page, where the visitor is sent.
 */
function preloadTags(list: Preloads, pathname: string, language: string, hasSession: boolean): string {
  let route = list.routes.find((_candidate, index) => list.matchers[index]?.test(pathname));
  if (route?.auth && !hasSession) route = list.routes.find((candidate) => candidate.route === 'login');
  // Languages other than English and Swedish fall back to English texts (apps/web/src/lib/i18n.ts).
  const languages = language === 'en' || language === 'sv' ? [language] : [language, 'en'];
  const namespaces = route?.namespaces ?? ['translation'];
  const texts = languages.flatMap((name) =>
    namespaces.map((namespace) => list.locales[name]?.[namespace]).filter((file): file is string => !!file),
  );
  return [...texts, ...(route?.files ?? [])]
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ');
}

/**
 * `dist/.vite/prerendered.json`, written by the web build (apps/web/scripts/prerender.mjs, decision 029): the
 * login, register and apply pages as HTML, per language, put into index.html for a visitor without a session so
 * the page paints before any script. The apply pages hold a marker id and name where the event's go.
 */
interface Prerendered {
  pages: Record<string, Record<string, { html: string; title: string }>>;
}

/** The same values as apps/web/src/app/prerender/markers.ts. */
const MARKER_EVENT_PATH = '/event/987654321/';
const MARKER_EVENT_NAME = '\u2063EVENT_NAME\u2063';
const MARKER_INITIAL = '\u2063';

function readPrerendered(webDist: string): Prerendered | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'prerendered.json'), 'utf8')) as Prerendered;
  } catch {
    return null; // an older build, or none: the pages paint once their scripts have run
  }
}

/** What the apply link shows a visitor not logged in: the event's name and picture (null: no preview). */
export interface ApplyPreviewEvent {
  id: number;
  name: string;
  avatarUrl: string | null;
}

/** The prerendered page of a path, and the event of an apply page (its id as the id schema allows it). */
function prerenderedPageOf(pathname: string): { page: string; eventId?: number } | null {
  if (pathname === '/authentication/login') return { page: 'login' };
  if (pathname === '/authentication/register') return { page: 'register' };
  const apply = /^\/event\/([1-9]\d{0,9})\/apply(\/register)?$/.exec(pathname);
  const eventId = Number(apply?.[1]);
  if (!apply || eventId > MAX_ID) return null;
  return { page: apply[2] ? 'apply-register' : 'apply', eventId };
}

const ENTRY_TAG = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const PRELOAD_TAG = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * A painted page needs no script to show: its entry and preloads are asked for once it is on the screen, by
 * public/paint-first.js (named in their place), so the first bytes of a slow connection go to the page itself.
 */
function paintFirst(html: string): string {
  const entry = ENTRY_TAG.exec(html)?.[1];
  if (!entry) return html;
  const preloads = [...html.matchAll(PRELOAD_TAG)].map((match) => match[1]);
  const loader = `<script defer src="/paint-first.js" data-entry="${escapeHtml(entry)}" data-preload="${escapeHtml(preloads.join(' '))}"></script>`;
  return (
    html
      .replace(PRELOAD_TAG, '')
      .replace(ENTRY_TAG, '')
      // The browser paints once the whole painted page is parsed (it ends where #root begins), not a part of it that
      // the rest would then push about (Chromium's render-blocking `expect` link; others paint as before).
      .replace('</head>', () => `  ${loader}\n    <link rel="expect" href="#root" blocking="render">\n  </head>`)
  );
}

const GTM_ORIGIN = 'https://www.googletagmanager.com';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets cached for a year, index.html (never cached without asking) for every
 * other GET (client routes). The build writes .br and .gz next to each asset; those are sent as they are to
 * clients that accept them (`preCompressed`), so assets cost no compression work per request.
 */
async function webPlugin(
  app: FastifyInstance,
  options: {
    webDist: string;
    gtmId?: string;
    /** The apply preview of an event taking applications, else null (the applications module). */
    applyPreview?: (eventId: number) => Promise<ApplyPreviewEvent | null>;
  },
) {
  const indexFile = path.join(options.webDist, 'index.html');
  let cachedIndex: string | null = null;
  const readIndex = () => {
    if (cachedIndex === null || process.env.NODE_ENV === 'development') {
      let html = fs.readFileSync(indexFile, 'utf8');
      if (options.gtmId) {
        const tag = `<script async src="${GTM_ORIGIN}/gtm.js?id=${options.gtmId}"></script>`;
        html = html.replace('</head>', `    ${tag}\n  </head>`);
      }
      cachedIndex = html;
    }
    return cachedIndex;
  };

  const preloads = readPreloads(options.webDist);
  /** index.html with the preload tags of a page, by (path pattern, language, session): a handful of variants. */
  const pages = new Map<string, string>();
  const pageHtml = (request: FastifyRequest): string => {
    const html = readIndex();
    if (!preloads) return html;
    const pathname = request.url.split('?')[0] ?? '/';
    const language = pageLanguage(request);
    const hasSession = Boolean(request.cookies?.[SESSION_COOKIE]);
    const tags = preloadTags(preloads, pathname, language, hasSession);
    let page = pages.get(tags);
    if (page === undefined) {
      page = tags ? html.replace('</head>', `  ${tags}\n  </head>`) : html;
      if (pages.size < 1000 && process.env.NODE_ENV !== 'development') pages.set(tags, page);
    }
    return page;
  };

  const prerendered = readPrerendered(options.webDist);
  /** The painted pages as assembled into index.html, by page, preview, language and the preloads' index.html. */
  const painted = new Map<string, string>();
  /**
   * index.html with the page's prerendered HTML in it, for a visitor without a session cookie (with one, the login
   * pages send the person on and the apply page is the form itself): the HTML in `#prerendered`, the app's root
   * hidden until the app has rendered the same page (apps/web/src/lib/prerendered.ts). An apply page gets the
   * event's name (escaped) and id, or the plain login page while the event takes no applications.
   */
  const withPrerendered = async (request: FastifyRequest, html: string): Promise<string> => {
    if (!prerendered || request.cookies?.[SESSION_COOKIE]) return html;
    const pathname = request.url.split('?')[0] ?? '/';
    const wanted = prerenderedPageOf(pathname);
    if (!wanted) return html;
    const event = wanted.eventId && options.applyPreview ? await options.applyPreview(wanted.eventId) : null;
    const variants = prerendered.pages[event ? `${wanted.page}-preview` : wanted.page];
    const language = pageLanguage(request);
    const page = variants?.[language] ?? variants?.en;
    if (!page) return html;
    // The page as it goes to everyone (a handful of variants: page, language, preloads), made once; an apply page
    // then gets its event. Replacements by function: a `$` in an event's name is text, never a pattern.
    const key = `${event ? 'preview' : 'plain'}|${wanted.page}|${language}|${html}`;
    let assembled = painted.get(key);
    if (assembled === undefined) {
      const root = `<div id="prerendered">${page.html}</div><div id="root" hidden></div>`;
      assembled = paintFirst(html)
        .replace('<html lang="en"', () => `<html lang="${escapeHtml(language)}"`)
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
        .replace('<div id="root"></div>', () => root);
      if (painted.size < 1000 && process.env.NODE_ENV !== 'development') painted.set(key, assembled);
    }
    if (!wanted.eventId) return assembled;
    const withId = assembled.replaceAll(MARKER_EVENT_PATH, () => `/event/${wanted.eventId}/`);
    if (!event) return withId;
    const name = escapeHtml(event.name);
    const initial = escapeHtml(event.name.charAt(0).toUpperCase());
    const preview = ` data-apply-preview="${escapeHtml(JSON.stringify({ event }))}"`;
    return withId
      .replaceAll(MARKER_EVENT_NAME, () => name)
      .replaceAll(MARKER_INITIAL, () => initial)
      .replace('<div id="prerendered">', () => `<div id="prerendered"${preview}>`);
  };

  app.decorateReply('serveIndex', async function serveIndex() {
    const html = await withPrerendered(this.request, pageHtml(this.request));
    return (
      this.type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        // The preload tags and the prerendered page follow the language and whether a session cookie came.
        .header('vary', 'accept-language, cookie')
        .send(html)
    );
  });

  if (fs.existsSync(options.webDist)) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      index: false,
      wildcard: true,
      preCompressed: true,
      // Vite puts a content hash in every file name under assets/: such a file never changes.
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? IMMUTABLE : 'no-cache');
        // The same URL answers brotli, gzip or plain by Accept-Encoding: caches must keep them apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.get('/', { schema: { hide: true } }, (_request, reply) => {
    if (!fs.existsSync(indexFile)) return reply.callNotFound();
    return reply.serveIndex();
  });
}

export default fp(webPlugin, { name: 'web' });
