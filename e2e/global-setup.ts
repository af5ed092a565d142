import fs from 'node:fs';
import path from 'node:path';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { webDist } from './server';

/**
 * Once for the whole run, before any worker starts: the web app must be built, and a stale server bundle is
 * rebuilt here (not by each worker at once). Each worker then starts its own server (server.ts, fixtures.ts).
 */
export default async function globalSetup() {
  if (!fs.existsSync(path.join(webDist(), 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm run test:e2e does).');
  }
  buildIfStale(['server'], { quiet: true });
}
