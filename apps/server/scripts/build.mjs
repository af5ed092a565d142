#!/usr/bin/env node
// Bundles the server into dist/ with esbuild: our code and @funkis/shared (TypeScript sources) in one ES module,
// every other package left to node_modules. `npm start` runs `node dist/server.js` (decision 011).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Bundled in: our workspace packages (they exist only as TypeScript sources) and pure-JavaScript ES-module
 * libraries made of hundreds of small files, whose loading dominated the start (kysely ~150 ms, zod ~80 ms).
 * Everything else stays in node_modules: native addons, and packages that read files next to their own code.
 */
const inline = /^(@funkis\/|kysely(\/|$)|zod(\/|$)|fastify-type-provider-zod(\/|$))/;
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (inline.test(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
await build({
  absWorkingDir: serverDir,
  entryPoints: {
    server: 'src/server.ts',
    'seed-cli': 'src/demo/seed-cli.ts',
    // The wish rounds' allocation runs in a worker thread started from this file (decision 034).
    'allocation-worker': 'src/modules/wish-rounds/allocation/worker.ts',
    // Badges are drawn as a PDF in a worker thread started from this file.
    'badges-worker': 'src/modules/event-day/badges-worker.ts',
    // XLSX exports are built in a worker thread started from this file (decision 024).
    'xlsx-worker': 'src/lib/xlsx-worker.ts',
  },
  outdir: 'dist',
  // One self-contained file per entry (no shared chunks): config.ts finds data/ and the web app relative to
  // its own file, which must stay one directory below apps/server as src/config.ts is.
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
});
console.log(
  `server built to ${path.relative(process.cwd(), path.join(serverDir, 'dist'))} in ${Date.now() - started} ms`,
);
