/**
 * `npm run bench`: the applications review at festival scale, on SQLite and on PostgreSQL.
 *
 * For each database a server process (bench/serve.ts) seeds one event with 50,000 applications and listens on
 * loopback; this process logs in as the event's admin and measures, over HTTP:
 *   - a filtered 25-row page and a search: one client in sequence (the latency a user sees) and autocannon
 *     with 10 connections for 5 s (latency under load, requests per second);
 *   - the statistics screen's one call (GET …/statistics), unfiltered and filtered: one client in sequence;
 *   - a bulk update of 10,000 applications by id (accept: 10,000 memberships created) and back;
 *   - with the scheduling seed: the week view and planning lists, and the live board of a day with check-ins.
 * PostgreSQL: BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test, in a fresh schema dropped
 * afterwards; skipped with a notice when unreachable. BENCH_APPLICATIONS changes the size.
 */
import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPLICATION_SORTS } from '@funkis/shared';
import autocannon from 'autocannon';
import pg from 'pg';
import { ALLOCATION_GOAL_MS, benchAllocation } from './allocation.js';
import { burst, describeBurst } from './burst.js';
import { ms, PG_URL, percentile, pgExec } from './load-tools.js';
import { coldStart, jsonCompression, requestPathRatios, routeWeights } from './runtime.js';
import { describeRush, rush } from './rush.js';
import { CHECK_IN_DAY, type SchedulingSeed } from './scheduling-seed.js';
import type { ServeReady } from './serve.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SEQUENTIAL_REQUESTS = 300;
/** Each statistics call aggregates the whole event: fewer requests keep the bench's run time in bounds. */
const STATISTICS_REQUESTS = 100;
/** BENCH_ONLY=review,statistics,bulk,scheduling,board,blocks,rush,burst,allocation runs only those parts (all by default). */
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? 'review,statistics,bulk,scheduling,board,blocks,rush,burst,allocation')
    .split(',')
    .map((part) => part.trim()),
);
/** The parts measured on the 50,000-application event (bench/serve.ts). */
const EVENT_PARTS = ['review', 'statistics', 'bulk', 'scheduling', 'board', 'blocks'].some((part) => ONLY.has(part));
/** The parts that need the shifts, places and check-ins of bench/scheduling-seed.ts. */
const SCHEDULING_PARTS = ['scheduling', 'board', 'blocks'].some((part) => ONLY.has(part));
/** The limit a request may hold the event loop for (decision 021). */
const BLOCK_LIMIT_MS = 50;
/**
 * Each heavy read is measured this many times after one warm-up; the median and the longest of the runs' longest
 * stretches are reported (on a loaded machine the longest also holds other processes' time and garbage collection).
 */
const BLOCK_RUNS = 5;
/** Each week view answers about 1,400 shifts: fewer requests keep the run time in bounds. */
const SCHEDULING_REQUESTS = 100;
const LOAD_SECONDS = 5;
const LOAD_CONNECTIONS = 10;
/** BENCH_ONLY=runtime: only the runtime part (request-path ratios, compression, cold start, route weights). */
const ONLY_RUNTIME = process.env.BENCH_ONLY === 'runtime';
/** The runtime part runs by default and with BENCH_ONLY=runtime, not when only other parts are asked for. */
const RUNTIME = process.env.BENCH_ONLY === undefined || ONLY.has('runtime');

interface Latency {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  requests: number;
  errors: number;
}

interface Row {
  database: string;
  measure: string;
  result: string;
}

/** Runs autocannon and computes the percentiles from every response's time (autocannon's own lack p95). */
async function load(
  url: string,
  headers: Record<string, string>,
  options: { connections: number; duration?: number; amount?: number },
): Promise<Latency> {
  const times: number[] = [];
  let errors = 0;
  const instance = autocannon({ url, headers, ...options });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode === 200) times.push(responseTime);
    else errors += 1;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: result.requests.average,
    requests: times.length,
    errors: errors + result.errors + result.timeouts,
  };
}

/** scripts/lighthouse.mjs in its own process; its last line is the rows as JSON. */
function lighthouseRows(): Row[] {
  const result = spawnSync(process.execPath, [path.join(here, '../../../scripts/lighthouse.mjs'), '--json'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const last = result.stdout.trim().split('\n').pop() ?? '';
  if (result.status !== 0 || !last.startsWith('[')) {
    return [{ database: 'lighthouse', measure: 'run', result: `failed (exit ${result.status})` }];
  }
  return JSON.parse(last) as Row[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function isReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; ready: ServeReady }> {
  const child = fork(path.join(here, 'serve.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message: ServeReady) => resolve({ child, ready: message }));
    child.once('exit', (code) => reject(new Error(`bench server exited early with code ${code}`)));
  });
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ type: 'close' });
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function login(base: string, email: string, password: string) {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
  const { _csrf } = (await response.json()) as { _csrf: string };
  return { cookie, csrf: _csrf };
}

async function timedPost(base: string, pathname: string, session: { cookie: string; csrf: string }, body: unknown) {
  const started = performance.now();
  const response = await fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`${pathname} failed: ${response.status} ${text}`);
  return { elapsed, body: JSON.parse(text) as { updated: number } };
}

/**
 * Scheduling: an event with 2,000 shifts and 10,000 assignments seeded through the service; the week
 * view (timeline, counts only), the week as the list view answers it (with names), and the two planning lists.
 * One client in sequence: the latency an organiser sees (goal for the week view: p95 under 50 ms).
 */
async function benchScheduling(
  name: string,
  base: string,
  headers: Record<string, string>,
  ready: ServeReady,
): Promise<Row[]> {
  const seed = ready.scheduling;
  if (!seed) return [];
  const rows: Row[] = [seedRow(name, seed)];
  const event = `${base}/api/event/${ready.eventId}`;
  const week = 'from=2026-07-01T00:00:00Z&to=2026-07-08T00:00:00Z';
  const scenarios = [
    { label: 'week view (timeline), all groups', url: `${event}/scheduling/timeline?${week}`, key: 'shifts' },
    {
      label: 'week view (timeline), one group',
      url: `${event}/scheduling/timeline?${week}&groupId=${ready.groupIds[0]}`,
      key: 'shifts',
    },
    { label: '"not full", first 25', url: `${event}/scheduling/not-full?pageSize=25`, key: 'shifts' },
    { label: '"no shift", first 25', url: `${event}/scheduling/without-shift?pageSize=25`, key: 'users' },
    // For comparison, last and fewer (each answer takes about a second, which would hold up the others):
    // the same week through the list call, every assignment with its person's name.
    { label: 'week as the list view (with names)', url: `${event}/shifts?${week}`, key: 'shifts', amount: 20 },
  ];
  rows.push(...(await sequentialReads(name, headers, scenarios)));
  return rows;
}

const seedRow = (name: string, seed: SchedulingSeed): Row => ({
  database: name,
  measure: 'scheduling seed (through the services)',
  result: `${seed.shifts} shifts, ${seed.assignments} assignments (${seed.placed} of ${seed.volunteers} volunteers placed), ${seed.checkIns} check-ins in ${(seed.seedMs / 1000).toFixed(1)} s`,
});

/**
 * The event day's live board (decision 028, issue goal: p95 under 100 ms over HTTP at 2,000 shifts): the default
 * two hours, and the longest window it answers, of the day whose places have check-ins (CHECK_IN_DAY), for the
 * admin (every group) and for one group.
 */
async function benchBoard(
  name: string,
  base: string,
  headers: Record<string, string>,
  ready: ServeReady,
): Promise<Row[]> {
  const seed = ready.scheduling;
  if (!seed) return [];
  const board = `${base}/api/event/${ready.eventId}/board`;
  const day = `${CHECK_IN_DAY}T00:00:00Z`;
  const next = new Date(Date.parse(day) + 24 * 3_600_000).toISOString();
  const scenarios = [
    { label: 'live board, 2 hours', url: `${board}?from=${CHECK_IN_DAY}T09:00:00Z&to=${CHECK_IN_DAY}T11:00:00Z` },
    { label: 'live board, 24 hours', url: `${board}?from=${day}&to=${next}` },
    { label: 'live board, 24 hours, one group', url: `${board}?from=${day}&to=${next}&groupId=${ready.groupIds[0]}` },
  ].map((scenario) => ({ ...scenario, key: 'shifts', people: true }));
  const rows = ONLY.has('scheduling') ? [] : [seedRow(name, seed)];
  rows.push(...(await sequentialReads(name, headers, scenarios)));
  return rows;
}

/** Each scenario: checked once, a warm-up, then one client in sequence; p50, p95, p99 of the answers. */
async function sequentialReads(
  name: string,
  headers: Record<string, string>,
  scenarios: { label: string; url: string; key: string; amount?: number; people?: boolean }[],
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const scenario of scenarios) {
    const check = await fetch(scenario.url, { headers });
    const body = (await check.json()) as Record<string, unknown>;
    const list = body[scenario.key];
    if (check.status !== 200 || !Array.isArray(list) || list.length === 0) {
      throw new Error(`${scenario.label}: ${check.status} ${JSON.stringify(body).slice(0, 200)}`);
    }
    let count = typeof body.total === 'number' ? `${list.length} of ${body.total}` : `${list.length}`;
    if (scenario.people) {
      const people = (list as { people: { state: string }[] }[]).flatMap((shift) => shift.people);
      const states = new Map<string, number>();
      for (const person of people) states.set(person.state, (states.get(person.state) ?? 0) + 1);
      count += ` shifts, ${people.length} people: ${[...states].map(([state, n]) => `${n} ${state}`).join(', ')}`;
    }
    const amount = scenario.amount ?? SCHEDULING_REQUESTS;
    await load(scenario.url, headers, { connections: 1, amount: Math.max(3, amount / 5) }); // warm-up
    const single = await load(scenario.url, headers, { connections: 1, amount });
    const note = single.errors > 0 ? `, ${single.errors} errors` : '';
    rows.push({
      database: name,
      measure: `${scenario.label} [${count}]: 1 client, ${amount} requests`,
      result: `p50 ${ms(single.p50)}  p95 ${ms(single.p95)}  p99 ${ms(single.p99)}${note}`,
    });
    console.log(`[${name}] ${scenario.label}: done`);
  }
  return rows;
}

/** Sends the server process a message and waits for its answer of the same type. */
function ask(child: ChildProcess, type: string): Promise<{ maxMs?: number }> {
  return new Promise((resolve) => {
    const listener = (message: { type?: string; maxMs?: number }) => {
      if (message?.type !== type) return;
      child.off('message', listener);
      resolve(message);
    };
    child.on('message', listener);
    child.send({ type });
  });
}

/**
 * The longest synchronous stretch of each heavy read at festival scale (50,000 applications, 10,000 members, 2,000
 * shifts): the server's event-loop delay histogram is reset, one request is made and read to its end, and the
 * histogram's maximum is read once the loop has turned again. Nothing else runs against the server meanwhile, so
 * the maximum is that request's longest stretch (on SQLite every query's own time is in it; on PostgreSQL only
 * the JavaScript around the queries). Goal: under BLOCK_LIMIT_MS for each.
 */
async function benchBlocks(
  name: string,
  base: string,
  headers: Record<string, string>,
  ready: ServeReady,
  child: ChildProcess,
): Promise<Row[]> {
  const event = `${base}/api/event/${ready.eventId}`;
  const list = `${event}/applications`;
  const group = ready.groupIds[1];
  const reads: { label: string; url: string }[] = [
    ...APPLICATION_SORTS.map((sort) => ({ label: `review, sort ${sort}`, url: `${list}?pageSize=25&sort=${sort}` })),
    { label: 'review, last page (offset 49,975)', url: `${list}?pageSize=25&page=2000` },
    { label: 'review, 100 rows by last name', url: `${list}?pageSize=100&sort=lastname` },
    {
      label: 'review, every filter + search, by group',
      url: `${list}?status=pending,staged,accepted&groupId=${group},none&week=week-1&search=an&pageSize=25&sort=group`,
    },
    { label: 'review, search in answers', url: `${list}?search=lindqvist&pageSize=25&sort=-updatedAt` },
    { label: 'statistics, no filter', url: `${event}/statistics` },
    {
      label: 'statistics, every filter',
      url: `${event}/statistics?status=pending,accepted&groupId=${group}&week=week-1&from=2025-01-05&to=2025-01-14`,
    },
    { label: 'applications export CSV (accepted, ~10,000)', url: `${list}/export?status=accepted&format=csv` },
    { label: 'applications export XLSX (accepted, ~10,000)', url: `${list}/export?status=accepted&format=xlsx` },
    { label: 'users export CSV (~10,000 members)', url: `${event}/users/export?format=csv` },
    { label: 'users export XLSX (~10,000 members)', url: `${event}/users/export?format=xlsx` },
    { label: 'users, 100 by last name', url: `${event}/users?pageSize=100&sort=lastname` },
  ];
  if (ready.scheduling) {
    const week = 'from=2026-07-01T00:00:00Z&to=2026-07-08T00:00:00Z';
    reads.push(
      { label: 'timeline, the week (all groups)', url: `${event}/scheduling/timeline?${week}` },
      { label: '"not full", first 100', url: `${event}/scheduling/not-full?pageSize=100` },
      { label: '"no shift", first 100', url: `${event}/scheduling/without-shift?pageSize=100` },
      { label: 'the week as the list view (with names)', url: `${event}/shifts?${week}` },
      { label: 'live board, 24 hours', url: `${event}/board?from=2026-07-03T00:00:00Z&to=2026-07-04T00:00:00Z` },
    );
  }
  const rows: Row[] = [];
  for (const read of reads) {
    const stretches: number[] = [];
    let status = 0;
    let bytes = 0;
    for (let run = 0; run <= BLOCK_RUNS; run += 1) {
      await ask(child, 'loop-reset');
      const response = await fetch(read.url, { headers });
      const body = Buffer.from(await response.arrayBuffer());
      status = response.status;
      bytes = body.length;
      // Let the histogram's timer fire after the answer's last write.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const { maxMs = Number.NaN } = await ask(child, 'loop-read');
      if (run > 0) stretches.push(maxMs);
    }
    if (status !== 200) throw new Error(`${read.label}: ${status}`);
    const sorted = [...stretches].sort((a, b) => a - b);
    const median = percentile(sorted, 50);
    rows.push({
      database: name,
      measure: `blocks: ${read.label} [${(bytes / 1024).toFixed(0)} KB]`,
      result: `median ${ms(median)}  longest ${ms(Math.max(...stretches))} (runs ${stretches.map((value) => value.toFixed(0)).join(', ')})${
        median < BLOCK_LIMIT_MS ? '' : `  OVER ${BLOCK_LIMIT_MS} ms`
      }`,
    });
  }
  console.log(`[${name}] event-loop blocks: done`);
  return rows;
}

async function benchDatabase(name: 'sqlite' | 'postgres'): Promise<Row[]> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'funkis-bench-'));
  const schema = `bench_${process.pid}_${Date.now().toString(36)}`;
  const rows: Row[] = [];
  let child: ChildProcess | null = null;
  try {
    if (name === 'postgres') await pgExec(`create schema ${schema}`);
    console.log(`\n[${name}] seeding and starting the server…`);
    const started = await startServer({
      BENCH_DATA_DIR: dataDir,
      BENCH_SCHEDULING: SCHEDULING_PARTS ? '1' : '0',
      ...(name === 'postgres' ? { BENCH_PG_URL: PG_URL, BENCH_PG_SCHEMA: schema } : {}),
    });
    child = started.child;
    const { ready } = started;
    const base = `http://127.0.0.1:${ready.port}`;
    rows.push({
      database: name,
      measure: 'seed',
      result: `${ready.applications} applications in ${(ready.seedMs / 1000).toFixed(1)} s`,
    });
    const session = await login(base, ready.email, ready.password);
    const headers = { cookie: session.cookie };
    const list = `${base}/api/event/${ready.eventId}/applications`;
    if (name === 'sqlite' && RUNTIME) {
      rows.push(...(await requestPathRatios(base, session.cookie, ready.eventId)));
      console.log(`[${name}] request path ratios: done`);
    }
    if (RUNTIME) rows.push(...(await jsonCompression(name, `${list}?pageSize=25`, session.cookie)));
    if (ONLY_RUNTIME) return rows;
    const scenarios = [
      { label: 'first page, no filter', url: `${list}?pageSize=25` },
      {
        label: 'filtered page: status + group',
        url: `${list}?status=pending&groupId=${ready.groupIds[1]}&page=2&pageSize=25`,
      },
      { label: 'filtered page: 2 statuses + week', url: `${list}?status=pending,staged&week=week-1&pageSize=25` },
      {
        label: 'filtered page: 2 statuses + week, by last name',
        url: `${list}?status=pending,staged&week=week-1&pageSize=25&sort=lastname`,
      },
      { label: 'search (name, e-mail, answers)', url: `${list}?search=lindqvist&pageSize=25` },
    ];
    for (const scenario of ONLY.has('review') ? scenarios : []) {
      const check = await fetch(scenario.url, { headers });
      const body = (await check.json()) as { total: number; applications: unknown[] };
      if (check.status !== 200 || body.applications.length === 0) {
        throw new Error(`${scenario.label}: ${check.status} ${JSON.stringify(body).slice(0, 200)}`);
      }
      await load(scenario.url, headers, { connections: 1, amount: 30 }); // warm-up
      const single = await load(scenario.url, headers, { connections: 1, amount: SEQUENTIAL_REQUESTS });
      const loaded = await load(scenario.url, headers, { connections: LOAD_CONNECTIONS, duration: LOAD_SECONDS });
      const note = single.errors + loaded.errors > 0 ? `, ${single.errors + loaded.errors} errors` : '';
      rows.push({
        database: name,
        measure: `${scenario.label} [${body.total} match]: 1 client`,
        result: `p50 ${ms(single.p50)}  p95 ${ms(single.p95)}  p99 ${ms(single.p99)}${note}`,
      });
      rows.push({
        database: name,
        measure: `${scenario.label}: ${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s`,
        result: `p50 ${ms(loaded.p50)}  p95 ${ms(loaded.p95)}  p99 ${ms(loaded.p99)}  ${loaded.rps.toFixed(0)} req/s`,
      });
      console.log(`[${name}] ${scenario.label}: done`);
    }

    // Statistics: the whole screen in one call, every count by SQL aggregation over the 50,000.
    const statistics = `${base}/api/event/${ready.eventId}/statistics`;
    const statisticsScenarios = [
      { label: 'statistics, no filter', url: statistics },
      {
        label: 'statistics: 2 statuses + week + 10 days',
        url: `${statistics}?status=pending,accepted&week=week-1&from=2025-01-05&to=2025-01-14`,
      },
    ];
    for (const scenario of ONLY.has('statistics') ? statisticsScenarios : []) {
      const check = await fetch(scenario.url, { headers });
      const body = (await check.json()) as { applications?: { total: number }; fields?: unknown[] };
      if (check.status !== 200 || !body.applications || body.applications.total === 0 || !body.fields?.length) {
        throw new Error(`${scenario.label}: ${check.status} ${JSON.stringify(body).slice(0, 200)}`);
      }
      await load(scenario.url, headers, { connections: 1, amount: 20 }); // warm-up
      const single = await load(scenario.url, headers, { connections: 1, amount: STATISTICS_REQUESTS });
      const note = single.errors > 0 ? `, ${single.errors} errors` : '';
      rows.push({
        database: name,
        measure: `${scenario.label} [${body.applications.total} match]: 1 client`,
        result: `p50 ${ms(single.p50)}  p95 ${ms(single.p95)}  p99 ${ms(single.p99)}${note}`,
      });
      console.log(`[${name}] ${scenario.label}: done`);
    }

    if (ready.scheduling && ONLY.has('scheduling')) rows.push(...(await benchScheduling(name, base, headers, ready)));
    if (ready.scheduling && ONLY.has('board')) rows.push(...(await benchBoard(name, base, headers, ready)));
    if (ONLY.has('blocks')) rows.push(...(await benchBlocks(name, base, headers, ready, started.child)));

    const update = `/api/event/${ready.eventId}/applications/update`;
    if (!ONLY.has('bulk')) return rows;
    for (const round of [1, 2]) {
      const accept = await timedPost(base, update, session, { ids: ready.bulkIds, status: 'accepted' });
      rows.push({
        database: name,
        measure: `bulk accept ${ready.bulkIds.length} by id (memberships + audit), run ${round}`,
        result: `${ms(accept.elapsed)} (${accept.body.updated} updated)`,
      });
      const back = await timedPost(base, update, session, { ids: ready.bulkIds, status: 'pending' });
      rows.push({
        database: name,
        measure: `bulk back to pending ${ready.bulkIds.length} by id (memberships removed), run ${round}`,
        result: `${ms(back.elapsed)} (${back.body.updated} updated)`,
      });
    }
    const byFilter = await timedPost(base, update, session, {
      filter: { status: 'pending', week: 'week-2' },
      groupId: ready.groupIds[0],
    });
    rows.push({
      database: name,
      measure: 'bulk set group, all matching a filter',
      result: `${ms(byFilter.elapsed)} (${byFilter.body.updated} updated)`,
    });
    console.log(`[${name}] bulk updates: done`);
  } finally {
    if (child) await stopServer(child);
    if (name === 'postgres') await pgExec(`drop schema if exists ${schema} cascade`).catch(() => {});
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  return rows;
}

async function main() {
  const started = performance.now();
  const rows: Row[] = [];
  const postgres = await isReachable(PG_URL);
  if (EVENT_PARTS) {
    rows.push(...(await benchDatabase('sqlite')));
    if (postgres) rows.push(...(await benchDatabase('postgres')));
  }
  if (!postgres)
    console.warn(`\n*** PostgreSQL at ${PG_URL.replace(/\/\/[^@]*@/, '//…@')} is unreachable: skipped. ***`);
  // The load scripts, each against a server in a process of its own, their goals beside their figures: the sign-up
  // rush (bench/rush.ts: SQLite 1,000 and PostgreSQL 5,000 volunteers, RUSH_SQLITE, RUSH_POSTGRES) and the burst of
  // registrations and exports (bench/burst.ts).
  const loads: { part: string; run: (database: 'sqlite' | 'postgres') => Promise<string[]> }[] = [
    {
      part: 'rush',
      run: async (database) =>
        describeRush(
          await rush(
            database,
            Number(database === 'postgres' ? (process.env.RUSH_POSTGRES ?? 5000) : (process.env.RUSH_SQLITE ?? 1000)),
          ),
        ),
    },
    { part: 'burst', run: async (database) => describeBurst(await burst(database)) },
  ];
  for (const { part, run } of loads) {
    if (!ONLY.has(part)) continue;
    for (const database of postgres ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
      console.log(`\n[${part}] ${database}…`);
      const [title, ...lines] = await run(database);
      rows.push(
        { database: title, measure: part, result: '' },
        ...lines.map((line) => ({ database: title, measure: line.trim(), result: '' })),
      );
    }
  }
  if (ONLY.has('allocation')) {
    // The wish round's allocation (bench/allocation.ts): no database, one process.
    console.log('\n[allocation] 5,000 volunteers, 15,000 places, 5 wishes each…');
    const { durationMs, summary } = await benchAllocation();
    rows.push({
      database: 'wish-round allocation',
      measure: `allocation (goal < ${ALLOCATION_GOAL_MS / 1000} s)`,
      result: `${(durationMs / 1000).toFixed(2)} s; ${summary}`,
    });
  }
  if (RUNTIME) {
    console.log('\n[runtime] cold start and memory…');
    rows.push(...(await coldStart(await freePort())));
    rows.push(...routeWeights());
  }
  if (process.env.BENCH_LIGHTHOUSE === '1') {
    console.log('\n[lighthouse] login page and event screen, desktop and mobile…');
    rows.push(...lighthouseRows());
  }
  const width = Math.max(...rows.map((row) => row.measure.length));
  const [one, five] = os.loadavg();
  console.log(
    `\nFunkis bench (runtime, applications review, scheduling) — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, load average ${one.toFixed(1)} (1 min) / ${five.toFixed(1)} (5 min) at the end\n`,
  );
  let last = '';
  for (const row of rows) {
    if (row.database !== last) console.log(`${row.database}`);
    last = row.database;
    console.log(`  ${row.measure.padEnd(width)}  ${row.result}`);
  }
  console.log(`\nTotal ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
