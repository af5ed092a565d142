import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pageLanguage } from '../lib/language.js';
import { SESSION_COOKIE } from './session.js';

declare module 'fastify' {
  interface FastifyReply {
    serveIndex(): FastifyReply;
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

const GTM_ORIGIN = 'https://www.googletagmanager.com';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets cached for a year, index.html (never cached without asking) for every
 * other GET (client routes). The build writes .br and .gz next to each asset; those are sent as they are to
 * clients that accept them (`preCompressed`), so assets cost no compression work per request.
 */
async function webPlugin(app: FastifyInstance, options: { webDist: string; gtmId?: string }) {
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

  app.decorateReply('serveIndex', function serveIndex() {
    return (
      this.type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        // The preload tags follow the language and whether a session cookie came.
        .header('vary', 'accept-language, cookie')
        .send(pageHtml(this.request))
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
