/**
 * What the bench's load scripts (bench/rush.ts, bench/burst.ts) share: a session made as logging in makes it, the
 * load generator's HTTP client, CPU seconds read from /proc, percentiles, a statement on PostgreSQL, and the server
 * under test started in a process of its own.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/db/types.js';
import { hashToken, randomToken } from '../src/lib/tokens.js';

export const SECRET = 'bench-secret-bench-secret-bench-secret';
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface Session {
  cookie: string;
  csrf: string;
}

/** A session row as logging in makes it (the cookie's token, its HMAC as the id): 5,000 argon2 checks take minutes. */
export async function sessionFor(db: Db, userId: number): Promise<Session> {
  const token = randomToken();
  const csrf = randomToken();
  const now = new Date().toISOString();
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(token, SECRET),
      user_id: userId,
      csrf_token: csrf,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
    .execute();
  return { cookie: `funkis_sid=${token}`, csrf };
}

/**
 * The generator's HTTP client: node:http with kept-alive connections. It shares the two cores with the server and
 * the database, and `fetch` (undici's WHATWG layer: streams, headers objects, abort signals per call) cost it about
 * twice the CPU per call, time the server under test did not get. It asks for gzip as `fetch` does over plain HTTP,
 * so the server compresses what it would compress for a browser.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

export interface Answer {
  status: number;
  body: Buffer;
  /** The answer's content type. */
  type?: string;
}

export type CallOptions = { method?: string; headers?: Record<string, string>; body?: string; timeoutMs: number };

/** `RUSH_CLIENT=fetch`: the generator as it was, for a comparison in turns. */
export const call = process.env.RUSH_CLIENT === 'fetch' ? callWithFetch : callWithHttp;

async function callWithFetch(url: string, options: CallOptions): Promise<Answer> {
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  return {
    status: response.status,
    body: Buffer.from(await response.arrayBuffer()),
    type: response.headers.get('content-type') ?? undefined,
  };
}

function callWithHttp(url: string, options: CallOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        agent,
        method: options.method ?? 'GET',
        headers: {
          'accept-encoding': 'gzip',
          ...options.headers,
          ...(options.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(options.body)) }),
        },
        timeout: options.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const body = response.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: response.statusCode ?? 0, body, type: response.headers['content-type'] });
        });
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })));
    request.on('error', reject);
    request.end(options.body);
  });
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
function processCpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's closing parenthesis.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds of every PostgreSQL process of this machine (its backends come and go; the ones that stay count). */
function postgresCpu(): Map<number, number> {
  const seen = new Map<number, number>();
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim().startsWith('postgres')) {
          seen.set(Number(entry), processCpuSeconds(Number(entry)));
        }
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    // not Linux
  }
  return seen;
}

function postgresCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of postgresCpu()) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** CPU seconds (user + system) used during a load script's run. */
export interface CpuSeconds {
  /** The server under test's process. */
  server: number;
  /** This process, the load generator. */
  generator: number;
  /** PostgreSQL's processes; null on SQLite. */
  postgres: number | null;
}

/** Starts counting CPU time; the function it answers reads what each party has used since. */
export function cpuMeter(serverPid: number, database: string): () => CpuSeconds {
  const serverBefore = processCpuSeconds(serverPid);
  const generatorBefore = process.cpuUsage();
  const postgresBefore = database === 'postgres' ? postgresCpu() : null;
  return () => {
    const generator = process.cpuUsage(generatorBefore);
    return {
      server: processCpuSeconds(serverPid) - serverBefore,
      generator: (generator.user + generator.system) / 1e6,
      postgres: postgresBefore ? postgresCpuSince(postgresBefore) : null,
    };
  };
}

/** "server 4.1 s, load generator 0.4 s, PostgreSQL 0.6 s (two cores: 6.6 s in all)". */
export function describeCpu(cpu: CpuSeconds, elapsedS: number): string {
  return (
    `server ${cpu.server.toFixed(1)} s, load generator ${cpu.generator.toFixed(1)} s` +
    (cpu.postgres === null ? '' : `, PostgreSQL ${cpu.postgres.toFixed(1)} s`) +
    ` (two cores: ${(2 * elapsedS).toFixed(1)} s in all)`
  );
}

/** The machine's 1, 5 and 15-minute load averages, as the scripts print them beside their figures. */
export const loadAverages = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** Milliseconds as the bench prints them. */
export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** A goal's verdict beside its figure. */
export const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** Calls on a fixed schedule: each one's time from when it fell due to its answer (ms), and its status. */
export interface ScheduledReads {
  times: number[];
  statuses: number[];
}

/**
 * Calls `read` (answering a status) every `everyMs` on a fixed schedule while `going()` says so, each call timed
 * from when it fell due: a caller that fell behind sends the calls it owes late and each counts its own wait (none
 * is skipped), so a stall shows in the percentiles as it would to people arriving at any moment. Answers once the
 * last call has answered.
 */
export async function readOnSchedule(
  everyMs: number,
  read: () => Promise<number>,
  going: () => boolean,
): Promise<ScheduledReads> {
  const reads: ScheduledReads = { times: [], statuses: [] };
  const pending: Promise<void>[] = [];
  let due = performance.now();
  while (going()) {
    due += everyMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const dueAt = due;
    pending.push(
      read().then((status) => {
        reads.times.push(performance.now() - dueAt);
        reads.statuses.push(status);
      }),
    );
  }
  await Promise.all(pending);
  return reads;
}

/** The `p`th percentile (0-100) of ascending values; NaN of none. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function pgExec(statement: string) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Runs `use` against a server that `file` starts in a process of its own (through tsx, with `env` added: the file
 * serves when it sees its role there), once that process has sent its ready message (`reportReady`). The server
 * gets a fresh data directory and, on PostgreSQL, a fresh schema (`benchServerConfig` reads them), both removed
 * afterwards. The process is told to close, and killed if it has not exited 10 s later.
 */
export async function withServerProcess<Ready, T>(
  file: string,
  options: { database: 'sqlite' | 'postgres'; env: NodeJS.ProcessEnv; execArgv?: string[] },
  use: (ready: Ready, server: { pid: number; dataDir: string }) => Promise<T>,
): Promise<T> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'funkis-bench-server-'));
  const schema = `bench_server_${process.pid}_${Date.now().toString(36)}`;
  const postgres = options.database === 'postgres';
  if (postgres) await pgExec(`create schema ${schema}`);
  const child: ChildProcess = fork(file, [], {
    execArgv: ['--import', 'tsx', ...(options.execArgv ?? [])],
    env: {
      ...process.env,
      ...options.env,
      BENCH_SERVER_DATA_DIR: dataDir,
      ...(postgres ? { BENCH_SERVER_PG_URL: PG_URL, BENCH_SERVER_PG_SCHEMA: schema } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (message) => resolve(message as Ready));
      child.once('exit', (code) => reject(new Error(`the server of ${file} exited with ${code}`)));
    });
    return await use(ready, { pid: child.pid ?? 0, dataDir });
  } finally {
    if (child.connected) child.send('close');
    await new Promise((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(null);
      });
      if (child.exitCode !== null) resolve(null);
    });
    await fs.rm(dataDir, { recursive: true, force: true });
    if (postgres) await pgExec(`drop schema ${schema} cascade`).catch(() => {});
  }
}

/**
 * In the server's process: the configuration of a server `withServerProcess` started (its data directory, and its
 * PostgreSQL schema when it has one), with `values` added. The production overload guard stays on; no web app is
 * served; `BENCH_LOG_LEVEL` turns the request log on.
 */
export function benchServerConfig(values: Record<string, string> = {}) {
  const dataDir = process.env.BENCH_SERVER_DATA_DIR ?? '';
  return {
    ...loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: SECRET,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...(process.env.BENCH_SERVER_PG_URL ? { DATABASE_URL: process.env.BENCH_SERVER_PG_URL } : {}),
      ...values,
    }),
    pgSchema: process.env.BENCH_SERVER_PG_SCHEMA || undefined,
  };
}

/** Whether the request log is on (`BENCH_LOG_LEVEL`), for `buildApp`'s `logger`. */
export const benchServerLogs = process.env.BENCH_LOG_LEVEL !== undefined;

/**
 * In the server's process: listens on a free loopback port, sends what the load generator needs with that port, and
 * closes when told to or when the generator has gone.
 */
export async function reportReady<Ready extends object>(
  app: {
    listen(options: { port: number; host: string }): Promise<unknown>;
    server: http.Server;
    close(): Promise<unknown>;
  },
  ready: Ready,
): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ ...ready, port });
  process.on('message', () => void app.close().then(() => process.exit(0)));
  process.on('disconnect', () => void app.close().then(() => process.exit(0)));
}

/**
 * A load script's entry point: in the process `withServerProcess` started (its `roleVariable` set to `serve`) it
 * serves; run as a script, it runs `main`; imported by the bench, neither.
 */
export function loadScript(file: string, roleVariable: string, serve: () => Promise<void>, main: () => Promise<void>) {
  const fail = (error: unknown) => {
    console.error(error);
    process.exit(1);
  };
  if (process.env[roleVariable] === 'serve') serve().catch(fail);
  else if (process.argv[1] === file) main().catch(fail);
}
