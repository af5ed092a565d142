/**
 * `npx tsx bench/bulk-profile.ts` (from apps/server): where the time of the applications review's bulk update goes
 * on PostgreSQL. Seeds the bench event (50,000 applications, bench/serve.ts) in a fresh schema, then runs the
 * service's bulkUpdate directly — accept 10,000 by id and back, BULK_PROFILE_ROUNDS times (2), then "set group of
 * all matching a filter" — and prints per request the wall time, this process's CPU time and the PostgreSQL
 * backend's CPU time, and per statement its wall time, the backend's CPU time and the gap before it (time spent
 * in JavaScript). CPU times come from the scheduler's own account (`/proc/<pid>/schedstat`), so they need
 * PostgreSQL on this machine (Linux) and are far less affected by other load than wall times.
 * PostgreSQL: BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test; the schema is dropped afterwards.
 * To try a schema change: `BULK_PROFILE_KEEP=1` keeps the seeded schema (its name is printed), and
 * `BULK_PROFILE_SCHEMA=<name>` profiles an existing one (seeded by an earlier run) without seeding or dropping it.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import type { Database, Db } from '../src/db/types.js';
import { systemClock } from '../src/lib/clock.js';
import { boundTo, type ServerContext } from '../src/lib/context.js';
import { applicationsService, type BulkUpdateInput, type Reviewer } from '../src/modules/applications/service.js';
import { seedEvent } from './serve.js';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const reused = process.env.BULK_PROFILE_SCHEMA;
const schema = reused ?? `bulk_profile_${process.pid}`;
const keep = Boolean(reused) || process.env.BULK_PROFILE_KEEP === '1';
const rounds = Number(process.env.BULK_PROFILE_ROUNDS ?? 2);

/** CPU time a process has used so far, in ms; NaN when it cannot be read (PostgreSQL on another machine). */
function cpuOf(pid: number): number {
  const file = `/proc/${pid}/schedstat`;
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split(' ')[0]) / 1e6 : Number.NaN;
}
const ms = (value: number) => (Number.isNaN(value) ? '   n/a' : value.toFixed(1).padStart(6));

/** The bench event of a schema an earlier run seeded (BULK_PROFILE_SCHEMA): the ids seedEvent answered then. */
async function seededEventOf(db: Db) {
  const event = await db.selectFrom('events').select('id').orderBy('id').executeTakeFirstOrThrow();
  const groups = await db
    .selectFrom('event_groups')
    .select('id')
    .where('event_id', '=', event.id)
    .orderBy('id')
    .execute();
  const user = await db.selectFrom('users').select('email').orderBy('id').executeTakeFirstOrThrow();
  const pending = await db
    .selectFrom('applications')
    .select('id')
    .where('event_id', '=', event.id)
    .where('status', '!=', 'accepted')
    .orderBy('id')
    .limit(10_000)
    .execute();
  return {
    eventId: event.id,
    groupIds: groups.map((group) => group.id),
    email: user.email,
    bulkIds: pending.map((row) => row.id),
  };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'funkis-bulk-profile-'));
const admin = new pg.Client({ connectionString: url });
await admin.connect();
if (!reused) await admin.query(`create schema ${schema}`);
try {
  const handle = openDatabase({ url, sqliteFile: ':memory:', pgSchema: schema });
  await migrateToLatest(handle);
  const seeded = reused
    ? await seededEventOf(handle.db)
    : await seedEvent(handle.db, Number(process.env.BENCH_APPLICATIONS ?? 50_000));
  await sql`vacuum analyze`.execute(handle.db);
  await handle.close();
  if (keep) console.log(`schema ${schema}`);

  // The statements as the service sends them, with when they ended and the backend's CPU time at that moment.
  const statements: { text: string; wall: number; end: number; backendCpu: number }[] = [];
  let backendPid = 0;
  const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}` });
  const db: Db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log(event) {
      statements.push({
        text: event.query.sql.replace(/\s+/g, ' ').trim().slice(0, 90),
        wall: event.queryDurationMillis,
        end: performance.now(),
        backendCpu: backendPid ? cpuOf(backendPid) : Number.NaN,
      });
    },
  });
  const adminUser = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', seeded.email)
    .executeTakeFirstOrThrow();
  const reviewer: Reviewer = { userId: adminUser.id, eventId: seeded.eventId, roleLevel: 0, groupId: null };
  // A context without services (the bulk update tells nobody here); its configuration's files in a directory of its own.
  const context: ServerContext = {
    db,
    clock: systemClock,
    config: loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'bulk-profile-secret-bulk-profile-secret' }),
  };

  const profile = async (label: string, input: BulkUpdateInput) => {
    statements.length = 0;
    const started = performance.now();
    const nodeCpu = process.cpuUsage();
    let backendStart = Number.NaN;
    let measuredFrom = started;
    const result = await db.transaction().execute(async (trx) => {
      backendPid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0].pid;
      backendStart = cpuOf(backendPid);
      measuredFrom = performance.now();
      statements.length = 0;
      return applicationsService(boundTo(context, trx)).bulkUpdate(reviewer, input);
    });
    const wall = performance.now() - started;
    const node = process.cpuUsage(nodeCpu);
    const backend = cpuOf(backendPid) - backendStart;
    backendPid = 0;
    console.log(
      `\n${label}: ${wall.toFixed(1)} ms (${result.updated} updated); CPU: node ${ms((node.user + node.system) / 1000)} ms, PostgreSQL ${ms(backend)} ms`,
    );
    console.log('   gap    wall  pg cpu  statement');
    let lastEnd = measuredFrom;
    let lastCpu = backendStart;
    for (const statement of statements) {
      const gap = statement.end - statement.wall - lastEnd;
      console.log(`${ms(gap)} ${ms(statement.wall)}  ${ms(statement.backendCpu - lastCpu)}  ${statement.text}`);
      lastEnd = statement.end;
      lastCpu = statement.backendCpu;
    }
  };

  for (let round = 1; round <= rounds; round++) {
    await profile(`accept ${seeded.bulkIds.length} by id, run ${round}`, { ids: seeded.bulkIds, status: 'accepted' });
    await profile(`back to pending ${seeded.bulkIds.length} by id, run ${round}`, {
      ids: seeded.bulkIds,
      status: 'pending',
    });
  }
  await profile('set group, all matching a filter', {
    filter: { status: ['pending'], week: ['week-2'] },
    groupId: seeded.groupIds[0],
  });
  await db.destroy();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (!keep) await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
}
