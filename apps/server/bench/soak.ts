/**
 * `npm run soak`: a bounded soak on loopback. One server (in this process, so its heap can be measured after a
 * forced garbage collection) on a fresh SQLite database with the demo data — or PostgreSQL with `--postgres`, in
 * a temporary database — and virtual organisers and volunteers doing mixed reads and writes in loops for
 * `--seconds` (default 120; CI runs 90). Prints errors, memory at the start (after warm-up) and the end, and p95
 * per interval. Fails (exit 1) on any error, or when the heap after warm-up grew by more than 10 %.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openConfiguredDatabase } from '../src/db/database.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from '../src/demo/seed.js';
import { withoutServices } from '../src/lib/context.js';
import { HttpClient } from '../test/helpers/http.js';
import { percentile } from './load-tools.js';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const SECONDS = option('seconds', Number(process.env.SOAK_SECONDS ?? 120));
const ORGANISERS = option('organisers', 3);
const VOLUNTEERS = option('volunteers', 5);
const INTERVALS = 6;
const MAX_HEAP_GROWTH = 0.1;
const usePostgres = flag('postgres');
const NAMES = ['Vera', 'Ylva', 'Maja', 'Nils', 'Åsa'];
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run soak does)');

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function heap() {
  gc?.();
  gc?.();
  return process.memoryUsage();
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'funkis-soak-'));
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (usePostgres) {
    const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const name = `funkis_soak_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      await client.query(`drop database if exists ${name}`);
      await client.end();
    };
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = openConfiguredDatabase(config);
  const app = await buildApp({ config, database, logger: false });
  await seedIfEmpty(withoutServices(app.serverContext), { info: () => {} });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  console.log(
    `soak: ${SECONDS} s on ${database.dialect}, ${ORGANISERS} organisers + ${VOLUNTEERS} volunteers, ${base}`,
  );

  const begun = performance.now();
  const errors: string[] = [];
  let errorCount = 0;
  let requests = 0;
  let windowTimes: number[] = [];
  const call = async (client: HttpClient, method: string, url: string, body?: unknown, expected = 200) => {
    const started = performance.now();
    const response = await client.request(base, method, url, body);
    windowTimes.push(performance.now() - started);
    requests += 1;
    if (response.status !== expected) errorCount += 1;
    if (response.status !== expected && errors.length < 10)
      errors.push(
        `${((performance.now() - begun) / 1000).toFixed(1)} s: ${method} ${url}: ${response.status} (Retry-After ${response.headers.get('retry-after')}) ${response.text.slice(0, 80)}`,
      );
    return response;
  };

  const login = async (email: string) => {
    const client = new HttpClient();
    await call(client, 'POST', '/api/login', { email, password: DEMO_PASSWORD });
    return client;
  };
  const organisers = await Promise.all(Array.from({ length: ORGANISERS }, () => login(DEMO_ACCOUNTS.admin)));
  const volunteers = await Promise.all(Array.from({ length: VOLUNTEERS }, () => login(DEMO_ACCOUNTS.volunteer)));
  const page = await call(organisers[0] as HttpClient, 'GET', '/api/event/1/applications?pageSize=10');
  const ids: number[] = page.json.applications.map((row: { id: number }) => row.id);

  let running = true;
  let groupNumber = 0;
  const organiserLoop = async (client: HttpClient, number: number) => {
    for (let i = 0; running; i++) {
      await call(client, 'GET', `/api/event/1/applications?page=${(i % 3) + 1}&pageSize=25`);
      await call(client, 'GET', '/api/event/1/applications?search=an');
      await call(client, 'GET', '/api/event/1/groups');
      if (i % 5 === 0) {
        const status = i % 10 === 0 ? 'reserve' : 'rejected';
        await call(client, 'POST', '/api/event/1/applications/update', {
          ids: ids.slice(number * 3, number * 3 + 3),
          status,
        });
      }
      if (i % 20 === 0) {
        groupNumber += 1;
        await call(client, 'POST', '/api/event/1/groups', { name: `Soak ${process.pid}-${groupNumber}` }, 201);
      }
    }
  };
  const volunteerLoop = async (client: HttpClient, number: number) => {
    for (let i = 0; running; i++) {
      await call(client, 'GET', '/api/me');
      await call(client, 'GET', '/api/events');
      if (i % 10 === 0) {
        const firstname = NAMES[(number + i) % NAMES.length] as string;
        await call(client, 'POST', '/api/user/update-info', { firstname, lastname: 'Volunteer' });
      }
    }
  };
  const loops = [
    ...organisers.map((client, number) => organiserLoop(client, number)),
    ...volunteers.map((client, number) => volunteerLoop(client, number)),
  ];

  const intervalMs = (SECONDS * 1000) / INTERVALS;
  const rows: { interval: string; requests: number; p50: number; p95: number; heap: string }[] = [];
  let startMemory: NodeJS.MemoryUsage | undefined;
  for (let interval = 1; interval <= INTERVALS; interval++) {
    const before = requests;
    await sleep(intervalMs);
    const times = windowTimes.sort((a, b) => a - b);
    windowTimes = [];
    const memory = process.memoryUsage();
    rows.push({
      interval: `${Math.round(((interval - 1) * intervalMs) / 1000)}-${Math.round((interval * intervalMs) / 1000)} s`,
      requests: requests - before,
      p50: Number(percentile(times, 50).toFixed(1)),
      p95: Number(percentile(times, 95).toFixed(1)),
      heap: mb(memory.heapUsed),
    });
    // The first interval is the warm-up (JIT, caches, pools); memory is measured from its end.
    if (interval === 1) startMemory = heap();
  }
  running = false;
  await Promise.all(loops);
  const endMemory = heap();
  await app.close();
  await dropDatabase?.();
  await fs.rm(dataDir, { recursive: true, force: true });

  console.table(rows);
  const start = startMemory as NodeJS.MemoryUsage;
  const growth = (endMemory.heapUsed - start.heapUsed) / start.heapUsed;
  const p95s = rows.slice(1).map((row) => row.p95);
  console.log(
    `soak: ${requests} requests, ${errorCount} errors; heap after GC ${mb(start.heapUsed)} after warm-up -> ` +
      `${mb(endMemory.heapUsed)} at the end (${(growth * 100).toFixed(1)} %), RSS ${mb(start.rss)} -> ${mb(endMemory.rss)}; ` +
      `p95 after warm-up ${Math.min(...p95s)}-${Math.max(...p95s)} ms`,
  );
  for (const error of errors) console.log(`  error: ${error}`);
  let failed = false;
  if (errorCount > 0) {
    console.log('soak: FAILED: there were errors');
    failed = true;
  }
  if (growth > MAX_HEAP_GROWTH) {
    console.log(`soak: FAILED: the heap grew by more than ${MAX_HEAP_GROWTH * 100} % after warm-up`);
    failed = true;
  }
  if (!failed) console.log('soak: passed');
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
