/**
 * The burst (decision 024), as a bench over real HTTP: 50 registrations (password hashing, in its bounded queue)
 * and 5 XLSX exports of 10,000 members (built in a worker thread, one at a time) sent at once to a server in a
 * process of its own, with the production overload guard, while another member reads `/api/event/{id}` every
 * 10 ms from a process of their own (another person's phone, not the generator's busy loop). Each read counts from
 * when it fell due (none skipped), so a server that stalls shows in the percentiles as it would to people arriving
 * at any moment.
 *
 * The registrations come through a reverse proxy, as in production: the server trusts 127.0.0.1 (TRUST_PROXY) and
 * each one names its own network in `X-Forwarded-For`, so the per-address and per-network limits see 50 people,
 * not one machine. Every route answers once before the burst (a server in use has compiled its serializers and
 * loaded its mailer), which `test/reliability/burst.test.ts` does too.
 *
 * Reported, with the goals beside them: every burst call answered (50 × 201, 5 × 200 with the XLSX type) and
 * none 503, every read 200, the reader's p50 / p95 / p99 and its longest wait (goal p99 < 100 ms), how long the
 * burst took, and the CPU seconds the server, the load generator (without the reader's process) and PostgreSQL
 * used meanwhile.
 *
 *   npx tsx bench/burst.ts                         both databases
 *   BURST_DATABASES=postgres npx tsx bench/burst.ts
 *
 * Bounded: every call gives up after 60 s (counted as unanswered).
 */
import { fork } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.js';
import { boundTo, withoutServices } from '../src/lib/context.js';
import { XLSX_TYPE } from '../src/lib/table-export.js';
import { withTransaction } from '../src/lib/transaction.js';
import { createAccount } from '../src/modules/account/service.js';
import { membershipsService } from '../src/modules/memberships/service.js';
import {
  type Answer,
  benchServerConfig,
  benchServerLogs,
  type CpuSeconds,
  call,
  cpuMeter,
  describeCpu,
  loadAverages,
  loadScript,
  mark,
  ms,
  percentile,
  readOnSchedule,
  reportReady,
  type ScheduledReads,
  type Session,
  sessionFor,
  withServerProcess,
} from './load-tools.js';
import { seedEvent } from './serve.js';

const here = fileURLToPath(import.meta.url);
const MEMBERS = Number(process.env.BURST_MEMBERS ?? 10_000);
const REGISTRATIONS = 50;
const EXPORTS = 5;
const READ_EVERY_MS = 10;
const CALL_TIMEOUT_MS = 60_000;
/** The goal for the other member's reads during the burst. */
const READER_P99_GOAL_MS = 100;

interface Ready {
  port: number;
  eventId: number;
  admin: Session;
  reader: Session;
  seedMs: number;
}

// ---------------------------------------------------------------- the server process

async function serve() {
  // The load generator plays the reverse proxy.
  const config = benchServerConfig({ TRUST_PROXY: '127.0.0.1' });
  const app = await buildApp({ config, logger: benchServerLogs });
  const started = performance.now();
  const seeded = await seedEvent(app.db, 100);
  const adminRow = await app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', seeded.email)
    .executeTakeFirstOrThrow();
  // The members through the account and memberships operations, in one transaction, the loop turning now and then
  // (on SQLite every query runs on this thread, and the guard would take one block of seconds for saturation).
  let readerId = 0;
  await withTransaction(app.db, async (trx) => {
    const members = membershipsService(boundTo(withoutServices(app.serverContext), trx));
    for (let index = 0; index < MEMBERS; index++) {
      const user = await createAccount(trx, {
        email: `burst-${index}@example.org`,
        firstname: `First${index}`,
        lastname: `Last${index}`,
        passwordHash: 'bench-no-login',
      });
      await members.addUser(seeded.eventId, null, { userId: user.id, roleLevel: 2, groupId: null });
      // The last one is the member who keeps reading the event.
      if (index === MEMBERS - 1) readerId = user.id;
      if (index % 100 === 99) await new Promise((resolve) => setImmediate(resolve));
    }
  });
  const admin = await sessionFor(app.db, adminRow.id);
  const reader = await sessionFor(app.db, readerId);
  if (app.dialect === 'postgres') {
    await app.db.executeQuery({ sql: 'vacuum analyze', parameters: [], query: {} } as never);
  }
  const seedMs = performance.now() - started;
  // The seed's own delay is over once the guard has sampled a loop that turns freely (within 30 s).
  const since = performance.now();
  while (app.overload.sampledAt <= since || app.overload.delayed || app.overload.shedding) {
    if (performance.now() - since > 30_000) throw new Error('the overload guard did not settle after the seed');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await reportReady(app, { eventId: seeded.eventId, admin, reader, seedMs } satisfies Omit<Ready, 'port'>);
}

// ---------------------------------------------------------------- the load generator

export interface BurstResult {
  database: string;
  members: number;
  /** Statuses of the burst's calls (0: no answer), registrations and exports apart. */
  registrations: Map<number, number>;
  exports: Map<number, number>;
  /** Exports answered 200 with the XLSX type. */
  spreadsheets: number;
  reads: { count: number; statuses: Map<number, number>; p50: number; p95: number; p99: number; max: number };
  burstS: number;
  cpu: CpuSeconds;
  load: string;
}

const tally = (statuses: readonly number[]) => {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return counts;
};

/** A call's answer, or status 0 when it failed or timed out. */
const orNoAnswer = (answering: Promise<Answer>): Promise<Answer> =>
  answering.catch(() => ({ status: 0, body: Buffer.alloc(0) }));

export function burst(database: 'sqlite' | 'postgres'): Promise<BurstResult> {
  return withServerProcess<Ready, BurstResult>(here, { database, env: { BURST_ROLE: 'serve' } }, (ready, server) => {
    console.log(`burst ${database}: ${MEMBERS} members; seeded in ${(ready.seedMs / 1000).toFixed(1)} s`);
    return runBurst(database, ready, server);
  });
}

async function runBurst(
  database: string,
  ready: Ready,
  { pid: serverPid, dataDir }: { pid: number; dataDir: string },
): Promise<BurstResult> {
  const origin = `http://127.0.0.1:${ready.port}`;
  const eventUrl = `${origin}/api/event/${ready.eventId}`;
  const exportUrl = `${eventUrl}/users/export?format=xlsx`;
  const register = (network: string) =>
    orNoAnswer(
      call(`${origin}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${network}.0.1` },
        body: JSON.stringify({
          email: `burst-new-${network}@example.org`,
          firstname: 'New',
          lastname: 'Burst',
          password: 'a long enough password',
        }),
        timeoutMs: CALL_TIMEOUT_MS,
      }),
    );
  const read = () =>
    orNoAnswer(call(eventUrl, { headers: { cookie: ready.reader.cookie }, timeoutMs: CALL_TIMEOUT_MS }));
  const exportXlsx = () =>
    orNoAnswer(call(exportUrl, { headers: { cookie: ready.admin.cookie }, timeoutMs: CALL_TIMEOUT_MS }));

  // Every route once before the burst, as on a server in use.
  const warmUp = [(await read()).status, (await register('255')).status, (await exportXlsx()).status];
  if (warmUp.join() !== '200,201,200') throw new Error(`burst ${database}: the warm-up answered ${warmUp.join(', ')}`);
  // The warm-up registration's mail sent, so the mailer is loaded (its first mail otherwise loads it mid-burst: one
  // stretch of 60-100 ms on the server's thread, a fresh process's cost, not the burst's). Without SMTP_URL the
  // server writes each mail as a file under its data directory; its worker looks for mail every 2 s.
  const mailDir = path.join(dataDir, 'mail');
  const mailBy = performance.now() + 30_000;
  while (!(await readdir(mailDir).catch(() => [])).some((file) => file.endsWith('.eml'))) {
    if (performance.now() > mailBy) throw new Error(`burst ${database}: the warm-up's mail was not sent in 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const reader = await startReader(eventUrl, ready.reader.cookie);
  const cpuSince = cpuMeter(serverPid, database);
  const reading = reader.read();
  const started = performance.now();
  const registrations = Array.from({ length: REGISTRATIONS }, (_, index) => register(String(index)));
  const exports = Array.from({ length: EXPORTS }, () => exportXlsx());
  const registrationAnswers = await Promise.all(registrations);
  const exportAnswers = await Promise.all(exports);
  const burstS = (performance.now() - started) / 1000;
  const { times: readTimes, statuses: readStatuses } = await reading.stop();
  const cpu = cpuSince();

  readTimes.sort((a, b) => a - b);
  return {
    database,
    members: MEMBERS,
    registrations: tally(registrationAnswers.map((answer) => answer.status)),
    exports: tally(exportAnswers.map((answer) => answer.status)),
    spreadsheets: exportAnswers.filter((answer) => answer.status === 200 && answer.type === XLSX_TYPE).length,
    reads: {
      count: readTimes.length,
      statuses: tally(readStatuses),
      p50: percentile(readTimes, 50),
      p95: percentile(readTimes, 95),
      p99: percentile(readTimes, 99),
      max: readTimes.at(-1) ?? Number.NaN,
    },
    burstS,
    cpu,
    load: loadAverages(),
  };
}

/** The figures beside the goals, one line each. */
export function describeBurst(result: BurstResult): string[] {
  const statuses = (counts: Map<number, number>) =>
    [...counts]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${count} × ${status === 0 ? 'no answer' : status}`)
      .join(', ');
  const all = (counts: Map<number, number>, status: number, expected: number) => counts.get(status) === expected;
  const shed =
    (result.registrations.get(503) ?? 0) + (result.exports.get(503) ?? 0) + (result.reads.statuses.get(503) ?? 0);
  const answered =
    all(result.registrations, 201, REGISTRATIONS) &&
    result.spreadsheets === EXPORTS &&
    all(result.reads.statuses, 200, result.reads.count);
  return [
    `burst ${result.database}: ${REGISTRATIONS} registrations and ${EXPORTS} XLSX exports of ${result.members} members at once, a read of the event every ${READ_EVERY_MS} ms (load ${result.load}):`,
    `  registrations: ${statuses(result.registrations)}; exports: ${statuses(result.exports)} (${result.spreadsheets} spreadsheets); reads: ${statuses(result.reads.statuses)}`,
    `  every call answered, none 503 (${shed} × 503) — goal: ${mark(answered && shed === 0)}`,
    `  the other member's reads p50 / p95 / p99: ${ms(result.reads.p50)} / ${ms(result.reads.p95)} / ${ms(result.reads.p99)}, longest ${ms(result.reads.max)} (${result.reads.count} reads) — goal p99 < ${READER_P99_GOAL_MS} ms: ${mark(result.reads.p99 < READER_P99_GOAL_MS)}`,
    `  the burst took ${result.burstS.toFixed(1)} s; CPU meanwhile: ${describeCpu(result.cpu, result.burstS)}`,
  ];
}

// ---------------------------------------------------------------- the other member

/**
 * The other member, in a process of its own, as another person's phone is: reads the event every READ_EVERY_MS
 * from "start" until "stop" (not from the generator's loop, which is busy sending the burst's 55 calls and
 * receiving the spreadsheets, and would delay the reads it is meant to time). One read before it says it is ready.
 */
async function readEvent() {
  const url = process.env.BURST_READ_URL ?? '';
  const read = () =>
    orNoAnswer(call(url, { headers: { cookie: process.env.BURST_READ_COOKIE ?? '' }, timeoutMs: CALL_TIMEOUT_MS }));
  if ((await read()).status !== 200) throw new Error('burst: the other member could not read the event');
  let reading = true;
  // The generator gone (it failed or was stopped): so is this process.
  process.on('disconnect', () => process.exit(0));
  const told = (word: string) =>
    new Promise<void>((resolve) => {
      const listener = (message: unknown) => {
        if (message !== word) return;
        process.off('message', listener);
        resolve();
      };
      process.on('message', listener);
    });
  const started = told('start');
  void told('stop').then(() => {
    reading = false;
  });
  process.send?.('ready');
  await started;
  const reads = await readOnSchedule(
    READ_EVERY_MS,
    async () => (await read()).status,
    () => reading,
  );
  process.send?.(reads, () => process.disconnect());
}

/** Starts the other member's process; `read()` starts its reads and, once the burst is over, stops them. */
async function startReader(url: string, cookie: string) {
  const child = fork(here, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BURST_ROLE: 'read', BURST_READ_URL: url, BURST_READ_COOKIE: cookie },
  });
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`burst: the other member's process exited with ${code}`)));
    });
  const ready = next();
  if ((await ready) !== 'ready') throw new Error('burst: the other member did not get ready');
  return {
    /** Reads until `stop` is called; answers the reads. */
    read(): { stop: () => Promise<ScheduledReads> } {
      child.send('start');
      return {
        stop: async () => {
          const answer = next();
          child.send('stop');
          return (await answer) as ScheduledReads;
        },
      };
    },
  };
}

async function main() {
  const databases = (process.env.BURST_DATABASES ?? 'sqlite,postgres').split(',');
  const results: BurstResult[] = [];
  for (const database of databases) results.push(await burst(database as 'sqlite' | 'postgres'));
  for (const result of results) for (const line of describeBurst(result)) console.log(line);
}

if (process.env.BURST_ROLE === 'read') {
  readEvent().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  loadScript(here, 'BURST_ROLE', serve, main);
}
