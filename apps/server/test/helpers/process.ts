import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildIfStale } from '../../../../scripts/build-if-stale.mjs';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const SESSION_SECRET = 'process-test-secret-process-test-secret';

/** A PostgreSQL database of its own for server processes (they cannot be given a schema), dropped afterwards. */
export async function createTempDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `funkis_t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      await client.query(`drop database if exists ${name}`);
      await client.end();
    },
  };
}

export async function tempDataDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'funkis-proc-'));
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Everything the process wrote, for assertions and for failure messages. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the built server (`node dist/server.js`, as production runs it; built first when missing or older than
 * its sources) as its own process on a free loopback port (PORT=0) and resolves once it listens. The web app is
 * not served (no web build needed); logs are JSON on stdout.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  buildIfStale(['server'], { quiet: true });
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      SESSION_SECRET,
      // The tests log in with the demo accounts, on PostgreSQL too.
      DEMO_DATA: '1',
      WEB_DIST: path.join(os.tmpdir(), 'funkis-no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const look = () => {
      const match = output.match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
      if (match) {
        clearTimeout(timer);
        child.stdout?.off('data', look);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', look);
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
  return { child, port, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Kills the process if it still runs (tests end with this so nothing is left behind). */
export async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}
