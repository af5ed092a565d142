/**
 * The runtime part of `npm run bench`: request-path ratios against a bare Fastify started here, JSON
 * compression, cold start and memory of the built server, and the web app's weight per route. Everything is
 * measured in the same run on the same machine, so the ratios hold even when the absolute numbers move with the
 * machine's load.
 */
import { type ChildProcess, fork, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const root = path.resolve(serverDir, '../..');

export interface Row {
  database: string;
  measure: string;
  result: string;
}

const ROUNDS = 3;
const SECONDS = 4;
const CONNECTIONS = 10;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function requestsPerSecond(url: string, headers: Record<string, string> = {}): Promise<number> {
  let failed = 0;
  const instance = autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  instance.on('response', (_client, statusCode) => {
    if (statusCode !== 200) failed += 1;
  });
  const result = await instance;
  if (failed > 0 || result.errors > 0) throw new Error(`${url}: ${failed} answers not 200, ${result.errors} errors`);
  return result.requests.average;
}

function startHello(): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(here, 'hello.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve({ child, port: message.port }));
    child.once('exit', (code) => reject(new Error(`hello world server exited with code ${code}`)));
  });
}

/**
 * GET /api/event/{id} (session, membership, event) against /api/health (one cheap query) against a bare Fastify
 * hello world. The three are measured in turns, ROUNDS times, and each ratio is taken from the medians.
 */
export async function requestPathRatios(base: string, cookie: string, eventId: number): Promise<Row[]> {
  const hello = await startHello();
  try {
    const targets: { name: string; url: string; headers: Record<string, string> }[] = [
      { name: 'hello', url: `http://127.0.0.1:${hello.port}/`, headers: {} },
      { name: 'health', url: `${base}/api/health`, headers: {} },
      { name: 'event', url: `${base}/api/event/${eventId}`, headers: { cookie } },
    ];
    for (const target of targets) {
      const check = await fetch(target.url, { headers: target.headers });
      if (check.status !== 200) throw new Error(`${target.url}: ${check.status}`);
      await requestsPerSecond(target.url, target.headers); // warm-up (JIT, statement cache)
    }
    const rates: Record<string, number[]> = { hello: [], health: [], event: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const target of targets) rates[target.name].push(await requestsPerSecond(target.url, target.headers));
    }
    const [helloRate, healthRate, eventRate] = ['hello', 'health', 'event'].map((name) => median(rates[name]));
    const spread = (name: string) => `${Math.min(...rates[name]).toFixed(0)}–${Math.max(...rates[name]).toFixed(0)}`;
    const pct = (value: number) => `${(value * 100).toFixed(0)} %`;
    return [
      {
        database: 'runtime',
        measure: `bare Fastify hello world, ${CONNECTIONS} connections (median of ${ROUNDS} × ${SECONDS} s)`,
        result: `${helloRate.toFixed(0)} req/s (${spread('hello')})`,
      },
      {
        database: 'runtime',
        measure: 'GET /api/health',
        result: `${healthRate.toFixed(0)} req/s (${spread('health')})`,
      },
      {
        database: 'runtime',
        measure: 'GET /api/event/{id}, logged in',
        result: `${eventRate.toFixed(0)} req/s (${spread('event')})`,
      },
      {
        database: 'runtime',
        measure: 'ratio /api/health ÷ hello world (goal ≥ 60 %)',
        result: pct(healthRate / helloRate),
      },
      {
        database: 'runtime',
        measure: 'ratio /api/event/{id} ÷ /api/health (goal ≥ 50 %)',
        result: pct(eventRate / healthRate),
      },
    ];
  } finally {
    hello.child.send({ type: 'close' });
  }
}

/** Bytes and time of one JSON answer with and without compression (one client, in sequence). */
export async function jsonCompression(database: string, url: string, cookie: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const encoding of ['', 'br, gzip']) {
    const headers: Record<string, string> = { cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) };
    const bytes: number[] = [];
    const times: number[] = [];
    const instance = autocannon({ url, headers, connections: 1, amount: 200 });
    instance.on('response', (_client, statusCode, resBytes, responseTime) => {
      if (statusCode === 200) {
        bytes.push(resBytes);
        times.push(responseTime);
      }
    });
    await instance;
    rows.push({
      database,
      measure: `applications page JSON, ${encoding ? 'Accept-Encoding: br, gzip' : 'no Accept-Encoding'}`,
      result: `${(median(bytes) / 1024).toFixed(1)} KB on the wire, p50 ${median(times).toFixed(1)} ms`,
    });
  }
  return rows;
}

function rssMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

async function startAndMeasure(command: string[], dataDir: string, port: number) {
  const started = performance.now();
  const child = spawn(command[0], command.slice(1), {
    cwd: serverDir,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    let healthyMs = 0;
    while (!healthyMs) {
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`);
      if (performance.now() - started > 60_000) throw new Error(`${command.join(' ')}: not healthy after 60 s`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.ok) healthyMs = performance.now() - started;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return { healthyMs, rss: child.pid ? rssMb(child.pid) : null };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * `node dist/server.js` from start to its first answer on an existing SQLite database (the demo seed done by a
 * first start), and its memory 2 s later, idle; the same from the TypeScript sources through tsx for comparison.
 */
export async function coldStart(port: number): Promise<Row[]> {
  if (!fs.existsSync(path.join(serverDir, 'dist/server.js'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@funkis/server'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('building the server failed');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'funkis-bench-start-'));
  try {
    const built = ['node', 'dist/server.js'];
    await startAndMeasure(built, dataDir, port); // first start: migrations and the demo seed
    const runs = [];
    for (let run = 0; run < 3; run += 1) runs.push(await startAndMeasure(built, dataDir, port));
    const viaTsx = await startAndMeasure(['node', '--import', 'tsx', 'src/server.ts'], dataDir, port);
    const show = (list: { healthyMs: number; rss: number | null }[]) =>
      `${list.map((run) => run.healthyMs.toFixed(0)).join(' / ')} ms to healthy, idle ${list
        .map((run) => (run.rss === null ? '?' : run.rss.toFixed(0)))
        .join(' / ')} MB RSS`;
    return [
      {
        database: 'runtime',
        measure: 'cold start, node dist/server.js, 3 runs (goal < 1 s, < 120 MB)',
        result: show(runs),
      },
      { database: 'runtime', measure: 'cold start from sources through tsx (before)', result: show([viaTsx]) },
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The web app's JavaScript per route, as weighed by the last `npm run build` (apps/web/scripts/check-budgets.mjs). */
export function routeWeights(): Row[] {
  const file = path.join(root, 'apps/web/dist/.vite/route-weights.json');
  if (!fs.existsSync(file)) {
    return [{ database: 'web', measure: 'route weights', result: 'not built: run `npm run build` first' }];
  }
  const weights = JSON.parse(fs.readFileSync(file, 'utf8')) as { route: string; gzipKb: number; budgetKb: number }[];
  return weights.map((weight) => ({
    database: 'web',
    measure: `JavaScript loaded by ${weight.route}${weight.route === 'login' ? ' (goal ≤ 170 KB)' : ''}`,
    result: `${weight.gzipKb.toFixed(1)} KB gzip (budget ${weight.budgetKb})`,
  }));
}
