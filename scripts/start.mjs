#!/usr/bin/env node
// `npm start`: runs the built server with plain `node` (no tsx, no Vite at run time). Builds first only what is
// missing or older than its sources: the server bundle (apps/server/dist) and the web app (apps/web/dist). The
// server migrates the database at start and seeds the demo data on its first start.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

try {
  buildIfStale(['server', 'web']);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const server = spawn(process.execPath, ['dist/server.js'], {
  cwd: at('apps/server'),
  stdio: 'inherit',
  env: {
    NODE_ENV: 'production',
    ...process.env,
    ...(process.env.DATA_DIR ? { DATA_DIR: path.resolve(process.env.DATA_DIR) } : {}),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
