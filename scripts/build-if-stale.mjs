// Builds a part of the app (the server bundle, the web app) only when its output is missing or older than its
// sources. Used by `npm start` (scripts/start.mjs), the e2e global setup and the server tests that start the
// server as a process, so all of them run the built `apps/server/dist/server.js` as production does.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

const builtAt = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const shared = [at('packages/shared/src'), at('packages/shared/package.json')];

export const PARTS = {
  server: {
    name: 'server',
    workspace: '@funkis/server',
    output: at('apps/server/dist/server.js'),
    sources: [at('apps/server/src'), at('apps/server/package.json'), at('apps/server/scripts'), ...shared],
  },
  web: {
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
};

/** Whether anything under `target` changed after `time`: stops at the first such file (a restart after a crash
 * finds none, and then reads each directory once, with no stat of files it need not look at twice). */
function changedSince(target, time) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return false;
  if (!stat.isDirectory()) return stat.mtimeMs > time;
  // A file added or removed changes its directory's time: cheaper than any file's stat.
  if (stat.mtimeMs > time) return true;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    if (changedSince(path.join(target, entry.name), time)) return true;
  }
  return false;
}

/** Missing, or older than one of its sources. */
export function isStale(part) {
  const built = builtAt(part.output);
  return built === 0 || part.sources.some((source) => changedSince(source, built));
}

/**
 * Builds each named part that is stale. Several processes may ask at once (parallel test files): a lock
 * directory lets one build while the others wait, then they see it fresh. Throws when a build fails.
 */
export function buildIfStale(names, { quiet = false } = {}) {
  for (const name of names) {
    const part = PARTS[name];
    if (!isStale(part)) continue;
    // Beside dist/, not in it: Vite empties its output directory.
    const lock = path.join(path.dirname(path.dirname(part.output)), '.dist-building');
    withLock(lock, () => {
      if (!isStale(part)) return;
      if (!quiet) {
        console.log(
          builtAt(part.output)
            ? `The ${part.name} changed since its last build: building…`
            : `Building the ${part.name}…`,
        );
      }
      const result = spawnSync('npm', ['run', 'build', '-w', part.workspace], {
        cwd: root,
        stdio: quiet ? 'pipe' : 'inherit',
        encoding: 'utf8',
      });
      if (result.status !== 0) {
        throw new Error(
          `building the ${part.name} failed (exit ${result.status})\n${result.stdout ?? ''}${result.stderr ?? ''}`,
        );
      }
    });
  }
}

function withLock(lock, work) {
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // A lock left by a build that died long ago does not block forever.
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 5 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`waited 5 minutes for ${lock}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
