import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/demo/seed.js';
import { dialect } from '../helpers/app.js';
import { createTempDatabase, type ServerProcess, startServer, stopServer, tempDataDir } from '../helpers/process.js';

/**
 * SIGTERM to the real server process: it stops accepting connections, finishes the request in flight, closes the
 * database and exits 0; a request that never finishes cannot hold it past the grace time.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends the headers and the first half of a login, returning the socket and a promise of the whole answer. */
function halfSentLogin(port: number) {
  const body = JSON.stringify({ email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD });
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  const answered = new Promise<string>((resolve) => {
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
  });
  socket.write(
    `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
  );
  return { socket, answered, rest: body.slice(10) };
}

/** Waits until the server has logged the login request (its headers are in, its body is not). */
async function requestArrived(server: ServerProcess): Promise<void> {
  const until = Date.now() + 15_000;
  while (!/"url":"\/api\/login".*"msg":"incoming request"/.test(server.output())) {
    if (Date.now() > until) throw new Error(`the request did not arrive:\n${server.output()}`);
    await sleep(50);
  }
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe(`graceful shutdown on ${dialect}`, () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createTempDatabase>> | undefined;
  let server: ServerProcess | undefined;
  // At debug the server logs each request's arrival ("incoming request"), which tells the test it is in flight.
  const env = () => ({ DATA_DIR: dataDir, LOG_LEVEL: 'debug', ...(database ? { DATABASE_URL: database.url } : {}) });

  beforeAll(async () => {
    dataDir = await tempDataDir();
    if (dialect === 'postgres') database = await createTempDatabase();
  }, 60_000);
  afterAll(async () => {
    await stopServer(server);
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM stops accepting, finishes the request in flight, closes the database and exits 0', async () => {
    server = await startServer(env());
    const { port } = server;
    const login = halfSentLogin(port);
    await requestArrived(server); // it waits for the rest of its body
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await sleep(300);
    expect(await connectionRefused(port)).toBe(true);

    login.socket.write(login.rest);
    const answer = await login.answered;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/set-cookie: funkis_sid=/i);

    const { code } = await server.exited;
    const ms = Date.now() - signalledAt;
    expect(code).toBe(0);
    expect(server.output()).toContain('shut down cleanly');
    if (dialect === 'sqlite') {
      // Closing the last connection checkpoints the write-ahead log and removes it.
      expect(fs.existsSync(path.join(dataDir, 'funkis.sqlite-wal'))).toBe(false);
    }
    console.info(
      `[shutdown] ${dialect}: request in flight answered 200 after SIGTERM, exit code ${code} after ${ms} ms`,
    );
  }, 90_000);

  it('exits after the grace time when a request never finishes', async () => {
    server = await startServer({ ...env(), SHUTDOWN_GRACE_MS: '1500' });
    const stuck = halfSentLogin(server.port);
    await requestArrived(server);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    const ms = Date.now() - signalledAt;
    stuck.socket.destroy();
    expect(code).toBe(1);
    expect(ms).toBeGreaterThanOrEqual(1_400);
    expect(ms).toBeLessThan(5_000);
    expect(server.output()).toContain('grace time over');
    console.info(`[shutdown] ${dialect}: stuck request, exit code ${code} after ${ms} ms (grace 1500 ms)`);
  }, 90_000);
});
