import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { buildIfStale } from '../scripts/build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${log()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become healthy:\n${log()}`);
}

/**
 * Starts a real SMTP server that writes each message into E2E_MAIL_DIR, and the real Funkis server (`node
 * apps/server/dist/server.js`, built web app, fresh SQLite database with the demo seed) on a free port. Tests read E2E_BASE_URL and E2E_MAIL_DIR.
 */
export default async function globalSetup() {
  // E2E_WEB_DIST lets several people build and test side by side without sharing apps/web/dist.
  const webDist = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm run test:e2e does).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'funkis-e2e-'));
  const mailDir = path.join(dataDir, 'received-mail');
  fs.mkdirSync(mailDir);
  let mailCount = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mailCount += 1;
        fs.writeFileSync(path.join(mailDir, `${Date.now()}-${mailCount}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  // The built server, as production runs it (`npm run test:e2e` builds first; a stale bundle is rebuilt here).
  buildIfStale(['server'], { quiet: true });
  const server = spawn(process.execPath, ['dist/server.js'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST: webDist,
      PUBLIC_URL: baseUrl,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LOG_LEVEL: 'warn',
      // The overload guard (503 past 1 s of event-loop delay) is tested on its own (apps/server/test/reliability/
      // pressure.test.ts); here a browser and the server share two cores, and a busy moment must not fail a screen.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      // The tests stand for many people: accounts made through the API come "from" their own address
      // (fixtures.ts `ownAddress`, X-Forwarded-For), so the suite's thirty-odd registrations do not share the
      // per-address budget of one person's machine (30 in 15 minutes; rate limits are tested in the server suite).
      TRUST_PROXY: '127.0.0.1',
      // The demo admin creates more events in one run than one account may in a day (limits per account are
      // tested in the server suite: apps/server/test/security/account-limits.test.ts).
      EVENTS_PER_ACCOUNT_PER_DAY: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await waitForHealth(baseUrl, server, () => output);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
