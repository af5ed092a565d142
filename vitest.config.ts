import react from '@vitejs/plugin-react';
import pg from 'pg';
import { defineConfig } from 'vitest/config';
import { messagesPlugin } from './apps/web/build/messages-plugin';

/**
 * Test projects: shared, web (jsdom), and the server suite twice — on SQLite and on PostgreSQL, the same
 * test files. PostgreSQL comes from TEST_DATABASE_URL (default: the local server). Where it cannot be
 * reached its run is left out with a notice; with REQUIRE_POSTGRES=1 that is a failure instead.
 */
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The catalogs a schema's tables, columns, indexes and constraints are written to. */
const CHURNED_CATALOGS = [
  'pg_attribute',
  'pg_class',
  'pg_depend',
  'pg_type',
  'pg_index',
  'pg_constraint',
  'pg_attrdef',
];

async function isPostgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    // Each server test file makes a schema of ~80 tables and drops it: the catalogs gain dead rows faster than
    // autovacuum clears them on a busy machine (pg_attribute grew to 155 MB over a day of runs, and every file's
    // migrations ran ~15 % slower). Cleared before each run, in well under a second; a user not allowed to is
    // left as it is (PostgreSQL then only warns).
    await client.query(`vacuum ${CHURNED_CATALOGS.map((table) => `pg_catalog.${table}`).join(', ')}`);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export default defineConfig(async () => {
  const postgresReachable = await isPostgresReachable(postgresUrl);
  if (!postgresReachable) {
    const notice = `PostgreSQL at ${postgresUrl.replace(/\/\/[^@]*@/, '//…@')} is unreachable`;
    if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`${notice} and REQUIRE_POSTGRES=1: failing.`);
    console.warn(
      `\n*** ${notice}: the PostgreSQL server tests are SKIPPED. Point them at a server with ` +
        `TEST_DATABASE_URL=postgres://user:password@host:5432/database (the user may create schemas and databases); ` +
        `REQUIRE_POSTGRES=1 fails instead. ***\n`,
    );
  }
  const serverProject = (dialect: 'sqlite' | 'postgres') => ({
    test: {
      name: `server-${dialect}`,
      root: 'apps/server',
      include: ['test/**/*.test.ts'],
      env: { TEST_DIALECT: dialect, TEST_DATABASE_URL: postgresUrl },
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // One worker process runs many server files, importing the app once: each file builds its own app on its own
      // database (helpers/app.ts) and no server test mocks a module, so a fresh process per file bought nothing but
      // its ~0.7 s of imports. The root's `poolOptions` below is what keeps the process; this keeps its modules.
      isolate: false,
    },
  });
  return {
    test: {
      // Two test files at a time (Vitest's default is one fewer than the cores: one on the CI's two). A file spends
      // much of its time waiting (the database, SMTP, timers) and importing the app; two at once took a sample of
      // server files from 27 to 19 s. The timing tests hold under the load this makes (helpers/event-loop.ts).
      maxWorkers: 2,
      // Vitest starts a fresh process for every file unless the root says otherwise: a project's `isolate: false`
      // alone only kept the modules of a process that ran one file. With the forks reused the server files import
      // the app once per worker: the SQLite project went from 122 to 62 s, the PostgreSQL one from 187 to 127 s
      // (collect 70 -> 8 s of the 2 workers' time each). The web tests keep a fresh module graph and jsdom per file
      // (178 of their 359 tests failed when files shared a process) on the threads pool, which the root leaves
      // isolating; it runs beside the forks, so up to four workers run at once. The whole run: 490-555 -> 270 s
      // on a quiet machine, and it passes with two busy loops beside it (load 7).
      poolOptions: { forks: { isolate: false } },
      projects: [
        { test: { name: 'shared', root: 'packages/shared', include: ['test/**/*.test.ts'] } },
        serverProject('sqlite'),
        ...(postgresReachable ? [serverProject('postgres')] : []),
        {
          plugins: [react(), messagesPlugin()],
          test: {
            name: 'web',
            root: 'apps/web',
            include: ['test/**/*.test.{ts,tsx}'],
            environment: 'jsdom',
            // Isolated, per file: see `poolOptions` above.
            pool: 'threads',
            setupFiles: ['test/setup.ts'],
            testTimeout: 15_000,
          },
        },
      ],
    },
  };
});
