import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Db } from '../../src/db/types.js';
import type { Clock } from '../../src/lib/clock.js';
import { type ServerContext, withoutServices } from '../../src/lib/context.js';
import { OpenApiAnswers } from './openapi-answers.js';

export const dialect = (process.env.TEST_DIALECT ?? 'sqlite') as 'sqlite' | 'postgres';
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const contexts = new WeakMap<Db, ServerContext>();

/**
 * The server context of the test app whose database this is, without the mail queue and notices: data a test
 * makes through the modules' services tells nobody, as the demo data does not.
 */
export function contextOf(db: Db): ServerContext {
  const context = contexts.get(db);
  if (!context) throw new Error('contextOf: not the database of a test app');
  return withoutServices(context);
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  dataDir: string;
  /** Every answer checked against the OpenAPI document; `close()` fails on any mismatch. */
  answers: OpenApiAnswers;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database of the dialect this run is for: a new SQLite file, or a new PostgreSQL
 * schema that is dropped afterwards.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  { clock }: { clock?: Clock } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'funkis-test-'));
  let schema: string | undefined;
  if (dialect === 'postgres') {
    schema = `test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-123',
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      PUBLIC_URL: 'http://funkis.test',
      // A loaded test machine stalls now and then; overload refusals are tested on their own (reliability/).
      MAX_EVENT_LOOP_DELAY_MS: '0',
      // Shift reminders only where a test asks for them (`app.reminders.tick()`), so no test's mail counts change.
      REMINDER_WORKER: 'off',
      // Many test files share one PostgreSQL server (100 connections): each keeps the smaller pool it had.
      DB_POOL_SIZE: '10',
      ...(dialect === 'postgres' ? { DATABASE_URL: postgresUrl } : {}),
      ...env,
    }),
    pgSchema: schema,
  };
  const dropSchema = async () => {
    if (!schema) return;
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(`drop schema ${schema} cascade`);
    await client.end();
  };
  const answers = new OpenApiAnswers(() => app);
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config, logger: false, onAnswer: answers.hook, clock });
    await app.ready();
    contexts.set(app.db, app.serverContext);
  } catch (error) {
    // A start that failed (a migration) leaves no schema or directory behind: no close() will be called.
    await dropSchema().catch(() => {});
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    db: app.db,
    dataDir,
    answers,
    async close() {
      await app.close();
      answers.flush();
      await dropSchema();
      await fs.rm(dataDir, { recursive: true, force: true });
      if (answers.problems.length > 0) {
        throw new Error(`answers that the OpenAPI document does not describe:\n${answers.problems.join('\n')}`);
      }
    },
  };
}
