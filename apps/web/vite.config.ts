import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { messagesPlugin } from './build/messages-plugin';
import { offlineManifestTransform } from './build/offline-files';

export default defineConfig({
  plugins: [
    react(),
    messagesPlugin(),
    // The installable app (decision 028): a manifest and a service worker that keeps the built app (every
    // script, style, text file and icon) so it opens without signal. It never keeps API answers: what a page
    // shows offline comes from the data the page itself saved (src/lib/offline-data.ts). A new version waits
    // until the person reloads or opens the app again (registerType 'prompt', src/lib/service-worker.ts), so no
    // page ever mixes an old shell with new chunks.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Funkis',
        short_name: 'Funkis',
        description: 'Funkis: run events that need volunteers',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#2e7d32',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,json}'],
        globIgnores: ['.vite/**', '**/*.map'],
        // Every client route is the app's index.html; the API, the OpenAPI pages and uploads are the server's.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // Web push (decision 030): showing a push message and opening its page on a click. A static file (not
        // hashed, served with no-cache); it is in the precache list too, so a change to it is a new service worker.
        importScripts: ['/push-sw.js'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        manifestTransforms: [offlineManifestTransform(path.resolve(import.meta.dirname, 'dist'))],
        // Hashed files never change: a screen opened once (the organisers' desk screens) is kept for next time.
        runtimeCaching: [
          {
            // A file the person chose to keep (features/files/api/kept-files.ts): from the network when there is
            // one, else the kept copy. Nothing is stored here: only what the person chose is.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && /^\/api\/event\/\d+\/files\/\d+\/download$/.test(url.pathname),
            handler: async ({ request }) => {
              try {
                return await fetch(request);
              } catch (error) {
                const kept = await caches.match(request, { cacheName: 'kept-files' });
                if (kept) return kept;
                throw error;
              }
            },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'assets', expiration: { maxEntries: 400, maxAgeSeconds: 60 * 24 * 3600 } },
          },
        ],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets scripts/check-budgets.mjs follow each route's imports and weigh what it loads.
    manifest: true,
    modulePreload: {
      // The account page's notifications section (decision 030) comes below the fold: its chunk fetches what it
      // imports itself, so the page's own script carries no list of those files (the account route's budget).
      resolveDependencies: (file, deps) => (/(^|\/)notifications-card-[\w-]+\.js$/.test(file) ? [] : deps),
    },
  },
});
