import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyReply {
    serveIndex(): FastifyReply;
  }
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

  app.decorateReply('serveIndex', function serveIndex() {
    return this.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(readIndex());
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
