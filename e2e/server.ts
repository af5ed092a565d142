import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(import.meta.dirname, '..');

/** Where the built web app is: E2E_WEB_DIST lets several people build and test side by side. */
export const webDist = () =>
  process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(root, 'apps/web/dist');

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

/** Waits until the server answers its health check (it migrates and seeds first), or it exits. */
async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited || child.exitCode !== null) throw new Error(`The server exited early:\n${log()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not become healthy:\n${log()}`);
}

export interface E2eServer {
  baseUrl: string;
  mailDir: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * A real SMTP server that writes each message into its own directory, and the real Funkis server (`node
 * apps/server/dist/server.js`, the built web app, a fresh SQLite database with the demo seed) on a free port.
 * Each Playwright worker starts one (fixtures.ts), so workers never share data, mail or rate limits.
 */
export async function startE2eServer(): Promise<E2eServer> {
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
  // The built server, as production runs it (global-setup.ts rebuilt a stale bundle once for all workers).
  const server = spawn(process.execPath, ['dist/server.js'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST: webDist(),
      PUBLIC_URL: baseUrl,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LOG_LEVEL: 'warn',
      // The overload guard (503 past 1 s of event-loop delay) is tested on its own (apps/server/test/reliability/
      // pressure.test.ts); here browsers and servers share two cores, and a busy moment must not fail a screen.
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

  return {
    baseUrl,
    mailDir,
    dataDir,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
