#!/usr/bin/env node
// `npm start`: runs the built server with plain `node` (no tsx, no Vite at run time). Builds first only what is
// missing or older than its sources: the server bundle (apps/server/dist) and the web app (apps/web/dist). The
// server migrates the database at start and seeds the demo data on its first start.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

try {
  buildIfStale(['server', 'web']);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

// The server runs in this process (no second Node start, ~50 ms): as `node dist/server.js` from apps/server, with
// NODE_ENV=production unless set. It handles SIGTERM/SIGINT itself.
process.env.NODE_ENV ??= 'production';
if (process.env.DATA_DIR) process.env.DATA_DIR = path.resolve(process.env.DATA_DIR);
process.chdir(at('apps/server'));
await import(pathToFileURL(at('apps/server/dist/server.js')).href);
