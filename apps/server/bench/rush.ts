/**
 * The sign-up rush (decision 024): the minute self sign-up opens. N volunteers of one group arrive within
 * RUSH_WINDOW_S seconds (in random order, evenly spread) and each reaches for one place: three wishes among the
 * popular shifts (the first fifth), in order, the next on 409; after three refusals the timeline of the event (what
 * a volunteer sees) names the shifts with a free place, and they take a random one of those, again on 409, until
 * they have a place or none is free. Meanwhile an organiser reads the event, the shift list (one day), "not full"
 * and the applications review, one call every 20 ms.
 *
 * Places: N × 0.6 (shifts of 5), so demand exceeds supply and every place must end up taken. Reported: sign-up
 * p50 / p95 / p99, the organiser's p99, errors (anything but 201 and 409, and failed connections), places filled
 * against places there are, shifts over capacity, with the goals beside them.
 *
 *   npx tsx bench/rush.ts                       both databases (SQLite 1,000, PostgreSQL 5,000 volunteers)
 *   RUSH_DATABASES=sqlite RUSH_SQLITE=1000 RUSH_WINDOW_S=60 npx tsx bench/rush.ts
 *
 * Bounded: the run stops RUSH_WINDOW_S + 60 s after the first arrival whatever is left (counted as errors).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { boundTo, withoutServices } from '../src/lib/context.js';
import { hashToken, randomToken } from '../src/lib/tokens.js';
import { withTransaction } from '../src/lib/transaction.js';
import { createAccount } from '../src/modules/account/service.js';
import { membershipsService } from '../src/modules/memberships/service.js';
import { schedulingService } from '../src/modules/scheduling/service.js';
import { seedEvent } from './serve.js';

const here = fileURLToPath(import.meta.url);
const SECRET = 'bench-secret-bench-secret-bench-secret';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const WINDOW_S = Number(process.env.RUSH_WINDOW_S ?? 60);
const CAPACITY = 5;
const FIRST_DAY = Date.parse('2031-07-01T06:00:00Z');

interface Ready {
  port: number;
  eventId: number;
  admin: Session;
  volunteers: { session: Session; eventUserId: number }[];
  shifts: number[];
  places: number;
  seedMs: number;
}
interface Session {
  cookie: string;
  csrf: string;
}

// ---------------------------------------------------------------- the server process

/** A session row as logging in makes it (the cookie's token, its HMAC as the id): 5,000 argon2 checks take minutes. */
async function sessionFor(db: Parameters<typeof createAccount>[0], userId: number): Promise<Session> {
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

async function serve() {
  const dataDir = process.env.RUSH_DATA_DIR ?? '';
  const volunteers = Number(process.env.RUSH_VOLUNTEERS);
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: SECRET,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
      WEB_DIST: path.join(dataDir, 'no-web'),
      // The production overload guard stays on: the rush must not trip it.
      ...(process.env.RUSH_PG_URL ? { DATABASE_URL: process.env.RUSH_PG_URL } : {}),
    }),
    pgSchema: process.env.RUSH_PG_SCHEMA || undefined,
  };
  const app = await buildApp({ config, logger: process.env.BENCH_LOG_LEVEL !== undefined });
  const started = performance.now();
  // An event as the review bench has it (5,000 applications), so the organiser's review reads a real table.
  const seeded = await seedEvent(app.db, 5000);
  const adminRow = await app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', seeded.email)
    .executeTakeFirstOrThrow();
  const adminMembership = await membershipsService(app.serverContext).findMemberByUserId(seeded.eventId, adminRow.id);
  if (!adminMembership) throw new Error('no admin membership');
  const bar = seeded.groupIds[0];
  // A context without services: setting up the shifts tells nobody.
  const scheduling = schedulingService(withoutServices(app.serverContext));
  const caller = {
    eventId: seeded.eventId,
    eventUserId: adminMembership.id,
    userId: adminRow.id,
    roleLevel: 0 as const,
    groupId: null,
  };
  await scheduling.saveSettings(caller, {
    minRestMinutes: 0,
    selfSignupGroupIds: [bar],
    signOffClosesHours: 0,
    reminderHours: 0,
    lateAfterMinutes: 10,
    handoverApproval: false,
  });
  const shiftCount = Math.ceil((volunteers * 0.6) / CAPACITY);
  const shifts: number[] = [];
  for (let offset = 0; offset < shiftCount; offset += 100) {
    const inputs = Array.from({ length: Math.min(100, shiftCount - offset) }, (_, slot) => {
      const index = offset + slot;
      // Four-hour shifts, six at a time, one after the other: no volunteer's one place overlaps anything.
      const start = FIRST_DAY + Math.floor(index / 6) * 4 * 3_600_000;
      return {
        title: `Bar ${index + 1}`,
        description: '',
        location: `Bar ${(index % 6) + 1}`,
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 4 * 3_600_000).toISOString(),
        capacity: CAPACITY,
        groupId: bar,
      };
    });
    const made = await scheduling.createMany(caller, inputs);
    shifts.push(...made.map((shift) => shift.id));
  }
  const people: Ready['volunteers'] = [];
  await withTransaction(app.db, async (trx) => {
    const members = membershipsService(boundTo(withoutServices(app.serverContext), trx));
    for (let index = 0; index < volunteers; index++) {
      const user = await createAccount(trx, {
        email: `rush-${index}@example.org`,
        firstname: 'Rush',
        lastname: 'Volunteer',
        passwordHash: 'bench-no-login',
      });
      const member = await members.addUser(seeded.eventId, null, { userId: user.id, roleLevel: 2, groupId: bar });
      people.push({ session: await sessionFor(trx, user.id), eventUserId: member.id });
    }
  });
  const admin = await sessionFor(app.db, adminRow.id);
  if (app.dialect === 'postgres')
    await app.db.executeQuery({ sql: 'vacuum analyze', parameters: [], query: {} } as never);
  const seedMs = performance.now() - started;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const ready: Ready = {
    port,
    eventId: seeded.eventId,
    admin,
    volunteers: people,
    shifts,
    places: shiftCount * CAPACITY,
    seedMs,
  };
  process.send?.(ready);
  process.on('message', () => void app.close().then(() => process.exit(0)));
  process.on('disconnect', () => void app.close().then(() => process.exit(0)));
}

// ---------------------------------------------------------------- the load generator

/**
 * The generator's HTTP client: node:http with kept-alive connections. It shares the two cores with the server and
 * the database, and `fetch` (undici's WHATWG layer: streams, headers objects, abort signals per call) cost it about
 * twice the CPU per call, time the server under test did not get. It asks for gzip as `fetch` does over plain HTTP,
 * so the server compresses what it would compress for a browser.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

interface Answer {
  status: number;
  body: Buffer;
}

type CallOptions = { method?: string; headers?: Record<string, string>; body?: string; timeoutMs: number };

/** `RUSH_CLIENT=fetch`: the generator as it was, for a comparison in turns. */
const call = process.env.RUSH_CLIENT === 'fetch' ? callWithFetch : callWithHttp;

async function callWithFetch(url: string, options: CallOptions): Promise<Answer> {
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
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
          resolve({ status: response.statusCode ?? 0, body });
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

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

function shuffled<T>(list: T[], random: () => number): T[] {
  const copy = [...list];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
}

/** A small seeded generator, so two runs make the same choices. */
function mulberry32(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export interface RushResult {
  database: string;
  /** CPU seconds during the run: the server process, the load generator, PostgreSQL's processes. */
  cpu: { server: number; generator: number; postgres: number | null };
  volunteers: number;
  signUp: { p50: number; p95: number; p99: number; count: number };
  organiserP99: number;
  organiserCount: number;
  errors: number;
  filled: number;
  places: number;
  overCapacity: number;
  elapsedS: number;
  load: string;
}

export async function rush(database: 'sqlite' | 'postgres', volunteers: number): Promise<RushResult> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'funkis-rush-'));
  const schema = `rush_${process.pid}_${Date.now().toString(36)}`;
  if (database === 'postgres') await pgExec(`create schema ${schema}`);
  const child: ChildProcess = fork(here, [], {
    // RUSH_CPU_PROF=dir: the server's CPU profile, written there when it exits (where the rush's time goes).
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.RUSH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.RUSH_CPU_PROF}`] : []),
    ],
    env: {
      ...process.env,
      RUSH_ROLE: 'serve',
      RUSH_DATA_DIR: dataDir,
      RUSH_VOLUNTEERS: String(volunteers),
      ...(database === 'postgres' ? { RUSH_PG_URL: PG_URL, RUSH_PG_SCHEMA: schema } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (message) => resolve(message as Ready));
      child.once('exit', (code) => reject(new Error(`rush server exited with ${code}`)));
    });
    console.log(
      `rush ${database}: ${volunteers} volunteers, ${ready.shifts.length} shifts, ${ready.places} places; seeded in ${(ready.seedMs / 1000).toFixed(1)} s`,
    );
    return await runRush(database, ready, volunteers, child.pid ?? 0);
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
    if (database === 'postgres') await pgExec(`drop schema ${schema} cascade`).catch(() => {});
  }
}

async function runRush(database: string, ready: Ready, volunteers: number, serverPid: number): Promise<RushResult> {
  const base = `http://127.0.0.1:${ready.port}/api/event/${ready.eventId}`;
  const random = mulberry32(2026);
  const popular = ready.shifts.slice(0, Math.max(3, Math.ceil(ready.shifts.length / 5)));
  const lastShiftEnd = new Date(FIRST_DAY + (Math.ceil(ready.shifts.length / 6) + 1) * 4 * 3_600_000).toISOString();
  const timeline = `${base}/scheduling/timeline?from=${new Date(FIRST_DAY).toISOString()}&to=${lastShiftEnd}`;
  const signUpTimes: number[] = [];
  const organiserTimes: number[] = [];
  let errors = 0;
  const errorKinds = new Map<string, number>();
  const noteError = (kind: string) => {
    errors += 1;
    errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
  };
  const windowMs = WINDOW_S * 1000;
  const serverCpuBefore = processCpuSeconds(serverPid);
  const generatorCpuBefore = process.cpuUsage();
  const postgresBefore = database === 'postgres' ? postgresCpu() : null;
  const started = performance.now();
  const deadline = started + windowMs + 60_000;

  const signUp = async (session: Session, eventUserId: number, shiftId: number): Promise<number> => {
    const begin = performance.now();
    try {
      const response = await call(`${base}/shifts/${shiftId}/assignments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf },
        body: JSON.stringify({ eventUserId }),
        timeoutMs: 30_000,
      });
      signUpTimes.push(performance.now() - begin);
      if (response.status !== 201 && response.status !== 409) noteError(`sign-up ${response.status}`);
      return response.status;
    } catch (error) {
      noteError(`sign-up ${(error as Error).name}`);
      return 0;
    }
  };

  const volunteer = async ({ session, eventUserId }: Ready['volunteers'][number], wishes: number[]) => {
    for (const shiftId of wishes) {
      const status = await signUp(session, eventUserId, shiftId);
      if (status === 201 || status === 0) return;
    }
    for (let attempt = 0; attempt < 20 && performance.now() < deadline; attempt++) {
      let free: number[];
      try {
        const response = await call(timeline, { headers: { cookie: session.cookie }, timeoutMs: 30_000 });
        if (response.status !== 200) {
          noteError(`timeline ${response.status}`);
          return;
        }
        const { shifts } = JSON.parse(response.body.toString('utf8')) as {
          shifts: { id: number; filled: number; capacity: number }[];
        };
        free = shifts.filter((shift) => shift.filled < shift.capacity).map((shift) => shift.id);
      } catch (error) {
        noteError(`timeline ${(error as Error).name}`);
        return;
      }
      if (free.length === 0) return;
      const status = await signUp(session, eventUserId, free[Math.floor(random() * free.length)]);
      if (status === 201 || status === 0) return;
    }
  };

  // The organiser: one read every 20 ms, in turn, each timed from its start.
  let rushing = true;
  const organiserUrls = [
    base,
    `${base}/shifts?from=${new Date(FIRST_DAY).toISOString()}&to=${new Date(FIRST_DAY + 86_400_000).toISOString()}`,
    `${base}/scheduling/not-full?page=1&pageSize=25`,
    `${base}/applications?page=1&pageSize=25&status=pending`,
  ];
  const organiser = (async () => {
    for (let turn = 0; rushing; turn++) {
      const begin = performance.now();
      try {
        const response = await call(organiserUrls[turn % organiserUrls.length], {
          headers: { cookie: ready.admin.cookie },
          timeoutMs: 30_000,
        });
        organiserTimes.push(performance.now() - begin);
        if (response.status !== 200) noteError(`organiser ${response.status}`);
      } catch (error) {
        noteError(`organiser ${(error as Error).name}`);
      }
      const wait = 20 - (performance.now() - begin);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();

  const order = shuffled(ready.volunteers, random);
  const runs: Promise<void>[] = [];
  for (let index = 0; index < order.length; index++) {
    const at = started + (index / order.length) * windowMs;
    const wait = at - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const wishes = shuffled(popular, random).slice(0, 3);
    runs.push(volunteer(order[index], wishes));
  }
  const all = Promise.all(runs);
  const timedOut = await Promise.race([
    all.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), Math.max(0, deadline - performance.now()))),
  ]);
  if (timedOut) noteError('run did not finish in time');
  rushing = false;
  await organiser;
  const elapsedS = (performance.now() - started) / 1000;
  const generatorCpu = process.cpuUsage(generatorCpuBefore);
  const cpu = {
    server: processCpuSeconds(serverPid) - serverCpuBefore,
    generator: (generatorCpu.user + generatorCpu.system) / 1e6,
    postgres: postgresBefore ? postgresCpuSince(postgresBefore) : null,
  };

  // What came of it, as the organiser's timeline counts it.
  const response = await call(timeline, { headers: { cookie: ready.admin.cookie }, timeoutMs: 60_000 });
  const { shifts } = JSON.parse(response.body.toString('utf8')) as { shifts: { filled: number; capacity: number }[] };
  const filled = shifts.reduce((sum, shift) => sum + Math.min(shift.filled, shift.capacity), 0);
  const overCapacity = shifts.filter((shift) => shift.filled > shift.capacity).length;
  signUpTimes.sort((a, b) => a - b);
  organiserTimes.sort((a, b) => a - b);
  if (errorKinds.size > 0) console.log(`rush ${database} errors:`, Object.fromEntries(errorKinds));
  return {
    database,
    cpu,
    volunteers,
    signUp: {
      p50: percentile(signUpTimes, 50),
      p95: percentile(signUpTimes, 95),
      p99: percentile(signUpTimes, 99),
      count: signUpTimes.length,
    },
    organiserP99: percentile(organiserTimes, 99),
    organiserCount: organiserTimes.length,
    errors,
    filled,
    places: ready.places,
    overCapacity,
    elapsedS,
    load: os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' '),
  };
}

async function pgExec(statement: string) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The figures beside the goals, one line each. */
export function describeRush(result: RushResult): string[] {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
  return [
    `rush ${result.database}, ${result.volunteers} volunteers in ${WINDOW_S} s (load ${result.load}, ${result.elapsedS.toFixed(1)} s):`,
    `  sign-up p50 / p95 / p99: ${ms(result.signUp.p50)} / ${ms(result.signUp.p95)} / ${ms(result.signUp.p99)} (${result.signUp.count} calls) — goal p95 < 250 ms: ${mark(result.signUp.p95 < 250)}`,
    `  organiser p99: ${ms(result.organiserP99)} (${result.organiserCount} reads) — goal < 500 ms: ${mark(result.organiserP99 < 500)}`,
    `  errors: ${result.errors} — goal 0: ${mark(result.errors === 0)}`,
    `  places filled: ${result.filled} of ${result.places} — goal every place: ${mark(result.filled === result.places)}`,
    `  shifts over capacity: ${result.overCapacity} — goal 0: ${mark(result.overCapacity === 0)}`,
    `  CPU during the run: server ${result.cpu.server.toFixed(1)} s, load generator ${result.cpu.generator.toFixed(1)} s` +
      (result.cpu.postgres === null ? '' : `, PostgreSQL ${result.cpu.postgres.toFixed(1)} s`) +
      ` (two cores: ${(2 * result.elapsedS).toFixed(0)} s in all)`,
  ];
}

async function main() {
  const databases = (process.env.RUSH_DATABASES ?? 'sqlite,postgres').split(',');
  const results: RushResult[] = [];
  for (const database of databases) {
    const count = Number(
      database === 'postgres' ? (process.env.RUSH_POSTGRES ?? 5000) : (process.env.RUSH_SQLITE ?? 1000),
    );
    results.push(await rush(database as 'sqlite' | 'postgres', count));
  }
  for (const result of results) for (const line of describeRush(result)) console.log(line);
}

if (process.env.RUSH_ROLE === 'serve') {
  serve().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else if (process.argv[1] === here) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
