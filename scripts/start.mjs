#!/usr/bin/env node
// `npm start`: runs the built server with plain `node` (no tsx, no Vite at run time). Builds first only what is
// missing or older than its sources: the server bundle (apps/server/dist) and the web app (apps/web/dist). The
// server migrates the database at start and seeds the demo data on its first start.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

function newestChange(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestChange(path.join(target, entry.name)));
  }
  return newest;
}

const builtAt = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const shared = [at('packages/shared/src'), at('packages/shared/package.json')];
const parts = [
  {
    name: 'server',
    workspace: '@funkis/server',
    output: at('apps/server/dist/server.js'),
    sources: [at('apps/server/src'), at('apps/server/package.json'), at('apps/server/scripts'), ...shared],
  },
  {
    name: 'web app',
    workspace: '@funkis/web',
    output: at('apps/web/dist/index.html'),
    sources: [
      at('apps/web/src'),
      at('apps/web/index.html'),
      at('apps/web/public'),
      at('apps/web/vite.config.ts'),
      at('apps/web/scripts'),
      ...shared,
    ],
  },
];

for (const part of parts) {
  const built = builtAt(part.output);
  if (built >= Math.max(...part.sources.map(newestChange))) continue;
  console.log(built ? `The ${part.name} changed since its last build: building…` : `Building the ${part.name}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', part.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
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
