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
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.js';
import { boundTo, withoutServices } from '../src/lib/context.js';
import { withTransaction } from '../src/lib/transaction.js';
import { createAccount } from '../src/modules/account/service.js';
import { membershipsService } from '../src/modules/memberships/service.js';
import { schedulingService } from '../src/modules/scheduling/service.js';
import {
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
  reportReady,
  type Session,
  sessionFor,
  withServerProcess,
} from './load-tools.js';
import { seedEvent } from './serve.js';

const here = fileURLToPath(import.meta.url);
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

// ---------------------------------------------------------------- the server process

async function serve() {
  const volunteers = Number(process.env.RUSH_VOLUNTEERS);
  // The production overload guard stays on: the rush must not trip it.
  const config = benchServerConfig();
  const app = await buildApp({ config, logger: benchServerLogs });
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
  await reportReady(app, {
    eventId: seeded.eventId,
    admin,
    volunteers: people,
    shifts,
    places: shiftCount * CAPACITY,
    seedMs,
  } satisfies Omit<Ready, 'port'>);
}

// ---------------------------------------------------------------- the load generator

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
  cpu: CpuSeconds;
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

export function rush(database: 'sqlite' | 'postgres', volunteers: number): Promise<RushResult> {
  return withServerProcess<Ready, RushResult>(
    here,
    {
      database,
      // RUSH_CPU_PROF=dir: the server's CPU profile, written there when it exits (where the rush's time goes).
      execArgv: process.env.RUSH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.RUSH_CPU_PROF}`] : [],
      env: { RUSH_ROLE: 'serve', RUSH_VOLUNTEERS: String(volunteers) },
    },
    (ready, server) => {
      console.log(
        `rush ${database}: ${volunteers} volunteers, ${ready.shifts.length} shifts, ${ready.places} places; seeded in ${(ready.seedMs / 1000).toFixed(1)} s`,
      );
      return runRush(database, ready, volunteers, server.pid);
    },
  );
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
  const cpuSince = cpuMeter(serverPid, database);
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
  const cpu = cpuSince();

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
    load: loadAverages(),
  };
}

/** The figures beside the goals, one line each. */
export function describeRush(result: RushResult): string[] {
  return [
    `rush ${result.database}, ${result.volunteers} volunteers in ${WINDOW_S} s (load ${result.load}, ${result.elapsedS.toFixed(1)} s):`,
    `  sign-up p50 / p95 / p99: ${ms(result.signUp.p50)} / ${ms(result.signUp.p95)} / ${ms(result.signUp.p99)} (${result.signUp.count} calls) — goal p95 < 250 ms: ${mark(result.signUp.p95 < 250)}`,
    `  organiser p99: ${ms(result.organiserP99)} (${result.organiserCount} reads) — goal < 500 ms: ${mark(result.organiserP99 < 500)}`,
    `  errors: ${result.errors} — goal 0: ${mark(result.errors === 0)}`,
    `  places filled: ${result.filled} of ${result.places} — goal every place: ${mark(result.filled === result.places)}`,
    `  shifts over capacity: ${result.overCapacity} — goal 0: ${mark(result.overCapacity === 0)}`,
    `  CPU during the run: ${describeCpu(result.cpu, result.elapsedS)}`,
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

loadScript(here, 'RUSH_ROLE', serve, main);
