/**
 * The bench's server process: builds the real app on a fresh database (SQLite file or PostgreSQL schema),
 * seeds one event with many applications, listens on a loopback port and reports over IPC. Runs apart from
 * the load generator so the two do not share one event loop.
 */
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { APPLICATION_STATUSES, type ApplicationStatus, weekOfAnswers } from '@funkis/shared';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/db/types.js';
import { withoutServices } from '../src/lib/context.js';
import { hashPassword } from '../src/lib/passwords.js';
import { type SchedulingSeed, seedScheduling } from './scheduling-seed.js';

export interface ServeReady {
  type: 'ready';
  port: number;
  eventId: number;
  groupIds: number[];
  email: string;
  password: string;
  /** Applications not accepted yet, for the bulk update. */
  bulkIds: number[];
  seedMs: number;
  applications: number;
  /** With BENCH_SCHEDULING=1: the shifts, assignments and check-ins seeded through the modules' services. */
  scheduling?: SchedulingSeed;
}

const ADMIN_EMAIL = 'bench-admin@funkis.local';
const ADMIN_PASSWORD = 'bench-password-1';
const CHUNK = 1000;

const FIRST_NAMES =
  'Anna Erik Maria Lars Karin Anders Eva Johan Sara Per Lena Nils Emma Oskar Ida Karl Elin Gustav Maja Axel Sofia Olof Hanna Sven Linnea Björn Frida Magnus Alva Henrik Ebba Viktor Tove Jonas Saga Mats Wilma David Klara Emil'.split(
    ' ',
  );
const LAST_NAMES =
  'Andersson Johansson Karlsson Nilsson Eriksson Larsson Olsson Persson Svensson Gustafsson Pettersson Jonsson Jansson Hansson Bengtsson Jönsson Lindberg Jakobsson Magnusson Olofsson Lindström Lindqvist Lindgren Berg Axelsson Bergström Lundberg Lind Lundgren Lundqvist Mattsson Berglund Fredriksson Sandberg Henriksson Forsberg Sjöberg Wallin Engström Eklund'.split(
    ' ',
  );
const MOTIVATIONS = [
  'I have worked in bars at three festivals and love the rush.',
  'First time volunteering, keen to learn anything.',
  'Electrician by trade, happy to help the stage crew.',
  'I speak Swedish, English and German.',
  'Looking for night shifts, I am a night owl.',
  'I can drive a forklift and have a truck licence.',
  'Cooking for many people is my hobby.',
  'Medical student, first aid certified.',
  'I want to meet new people and hear good music.',
  'Photographer, can document the event.',
];
/** Realistic mix: most applications wait for review, some are decided. */
const STATUS_WEIGHTS: [ApplicationStatus, number][] = [
  ['pending', 40],
  ['staged', 10],
  ['accepted', 20],
  ['reserve', 10],
  ['rejected', 15],
  ['none', 5],
];
const WEEKS = {
  formFieldName: 'form-field-custom-4',
  filterLabel: 'Festival week',
  columnLabel: 'Week',
  options: [
    { value: 'week-1', label: 'Week 1' },
    { value: 'week-2', label: 'Week 2' },
  ],
};

function statusOf(index: number): ApplicationStatus {
  let slot = (index * 7919) % 100;
  for (const [status, weight] of STATUS_WEIGHTS) {
    if (slot < weight) return status;
    slot -= weight;
  }
  return APPLICATION_STATUSES[0];
}

export async function seedEvent(db: Db, count: number): Promise<Omit<ServeReady, 'type' | 'port' | 'seedMs'>> {
  const now = new Date().toISOString();
  const passwordHash = await hashPassword(ADMIN_PASSWORD);
  return db.transaction().execute(async (trx) => {
    const admin = await trx
      .insertInto('users')
      .values({
        email: ADMIN_EMAIL,
        firstname: 'Bench',
        lastname: 'Admin',
        password_hash: passwordHash,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const event = await trx
      .insertInto('events')
      .values({
        name: 'Bench Festival',
        description: '',
        status: 'ongoing',
        applications_open: 1,
        use_week_separation: 1,
        week_separation_config: JSON.stringify(WEEKS),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fields = [
      { name: 'form-field-custom-1', type: 'phone', label: 'Phone', required: true },
      {
        name: 'form-field-custom-2',
        type: 'select',
        label: 'T-shirt size',
        required: true,
        options: ['s', 'm', 'l', 'xl'].map((value) => ({ value, label: value.toUpperCase() })),
      },
      { name: 'form-field-custom-3', type: 'textarea', label: 'Why do you want to help?', required: false },
      {
        name: 'form-field-custom-4',
        type: 'checkboxes',
        label: 'Which weeks?',
        required: true,
        options: WEEKS.options,
      },
    ];
    await trx
      .insertInto('event_forms')
      .values({ event_id: event.id, fields: JSON.stringify(fields), updated_at: now })
      .execute();
    await trx
      .insertInto('event_users')
      .values({
        event_id: event.id,
        user_id: admin.id,
        role_level: 0,
        group_id: null,
        via_application: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const groups = await trx
      .insertInto('event_groups')
      .values(
        ['Bar', 'Stage', 'Kitchen', 'Gate', 'Camping', 'Cleaning'].map((name, index) => ({
          event_id: event.id,
          name,
          description: '',
          wanted: 1000 + index * 250,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    const groupIds = groups.map((group) => group.id);
    const labels = JSON.stringify(Object.fromEntries(fields.map((field) => [field.name, field.label])));
    const start = Date.parse('2025-01-01T00:00:00.000Z');
    const bulkIds: number[] = [];

    for (let offset = 0; offset < count; offset += CHUNK) {
      const size = Math.min(CHUNK, count - offset);
      const people = Array.from({ length: size }, (_, slot) => {
        const index = offset + slot;
        const firstname = FIRST_NAMES[index % FIRST_NAMES.length];
        const lastname = LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length];
        return { index, firstname, lastname, email: `${firstname}.${lastname}.${index}@example.org`.toLowerCase() };
      });
      const users = await trx
        .insertInto('users')
        .values(
          people.map((person) => ({
            email: person.email,
            firstname: person.firstname,
            lastname: person.lastname,
            password_hash: 'bench-no-login',
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      const rows = people.map((person, slot) => {
        const index = person.index;
        const answers = {
          'form-field-custom-1': `+46 70 ${String(1_000_000 + index).slice(1)}`,
          'form-field-custom-2': ['s', 'm', 'l', 'xl'][index % 4],
          'form-field-custom-3': MOTIVATIONS[index % MOTIVATIONS.length],
          'form-field-custom-4': index % 5 === 0 ? ['week-1', 'week-2'] : [index % 2 === 0 ? 'week-1' : 'week-2'],
        };
        const created = new Date(start + index * 60_000).toISOString();
        return {
          event_id: event.id,
          user_id: users[slot].id,
          status: statusOf(index),
          group_id: index % 7 === 6 ? null : groupIds[index % groupIds.length],
          week: weekOfAnswers(answers, WEEKS),
          // What the app's insert takes from users (migration 0013); these names lower-case alike everywhere.
          sort_lastname: person.lastname.toLowerCase(),
          sort_firstname: person.firstname.toLowerCase(),
          created_at: created,
          updated_at: created,
          answers,
          searchText: [person.firstname, person.lastname, person.email, ...Object.values(answers).flat()]
            .join(' ')
            .toLowerCase(),
        };
      });
      const inserted = await trx
        .insertInto('applications')
        .values(rows.map(({ answers: _answers, searchText: _searchText, ...row }) => row))
        .returning(['id', 'status', 'user_id'])
        .execute();
      // The answers apart, as the app's insert writes them (migration 0051).
      const idOf = new Map(inserted.map((row) => [row.user_id, row.id]));
      await trx
        .insertInto('application_answers')
        .values(
          rows.map((row) => ({
            application_id: idOf.get(row.user_id) as number,
            answers: JSON.stringify(row.answers),
            answer_labels: labels,
            search_text: row.searchText,
          })),
        )
        .execute();
      // Accepted applicants are members, as the API would have made them.
      const acceptedUsers = rows.filter((row) => row.status === 'accepted');
      if (acceptedUsers.length > 0) {
        await trx
          .insertInto('event_users')
          .values(
            acceptedUsers.map((row) => ({
              event_id: event.id,
              user_id: row.user_id,
              role_level: 2,
              group_id: row.group_id,
              via_application: 1,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
      }
      for (const row of inserted) if (row.status !== 'accepted' && bulkIds.length < 10_000) bulkIds.push(row.id);
    }
    return {
      eventId: event.id,
      groupIds,
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
      bulkIds,
      applications: count,
    };
  });
}

async function main() {
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!dataDir || !process.send) throw new Error('bench/serve.ts is started by bench/run.ts');
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
      // The bench measures latency; on a loaded machine the overload guard (1 s of event-loop delay, e.g. right
      // after the seed) would answer some requests 503 instead. Its hook still runs.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...(process.env.BENCH_PG_URL ? { DATABASE_URL: process.env.BENCH_PG_URL } : {}),
    }),
    pgSchema: process.env.BENCH_PG_SCHEMA || undefined,
  };
  const app = await buildApp({ config, logger: process.env.BENCH_LOG_LEVEL !== undefined });
  const started = performance.now();
  const seeded = await seedEvent(app.db, Number(process.env.BENCH_APPLICATIONS ?? 50_000));
  let scheduling: SchedulingSeed | undefined;
  if (process.env.BENCH_SCHEDULING === '1') {
    const admin = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    // A context without services: the seeded assignments tell nobody.
    scheduling = await seedScheduling(withoutServices(app.serverContext), seeded.eventId, admin.id, seeded.groupIds);
  }
  // PostgreSQL: the state autovacuum leaves a freshly loaded table in (statistics, visibility map for index-only
  // scans); it would get there by itself within minutes. SQLite: as the app runs it, without ANALYZE.
  if (app.dialect === 'postgres') await sql`vacuum analyze`.execute(app.db);
  const seedMs = performance.now() - started;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const ready: ServeReady = { type: 'ready', port, seedMs, ...seeded, scheduling };
  process.send(ready);
  // The longest synchronous stretch between a reset and a read (bench/run.ts's "blocks" part): a 1 ms timer that
  // fires late by the length of any stretch that held the loop.
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  process.on('message', (message: { type?: string }) => {
    if (message?.type === 'loop-reset') {
      loop.reset();
      process.send?.({ type: 'loop-reset' });
    }
    if (message?.type === 'loop-read') process.send?.({ type: 'loop-read', maxMs: loop.max / 1e6 });
    if (message?.type === 'close') {
      void app.close().then(() => process.exit(0));
    }
  });
  process.on('disconnect', () => void app.close().then(() => process.exit(0)));
}

// Started by bench/run.ts (with an IPC channel); imported for seedEvent otherwise (bench/rush.ts's own server too).
if (process.send && process.argv[1] === fileURLToPath(import.meta.url))
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
