import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * The migrator asks on every start which tables exist. Kysely's own PostgreSQL introspector read every schema's
 * tables and failed ("schema … does not exist") when another process dropped a schema meanwhile, as the test
 * workers do all the time (db/own-schema-introspector.ts).
 */
let t: TestApp;
beforeAll(async () => {
  if (dialect === 'postgres') t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

describe.runIf(dialect === 'postgres')('introspection on postgres', () => {
  it("lists the own schema's tables only, and does not fail while other schemas are made and dropped", async () => {
    const other = new pg.Client({ connectionString: postgresUrl });
    await other.connect();
    const prefix = `introspect_${process.pid}_${Date.now().toString(36)}`;
    let stop = false;
    let churned = 0;
    const churn = (async () => {
      for (let index = 0; !stop; index++) {
        const schema = `${prefix}_${index}`;
        await other.query(`create schema ${schema}; create table ${schema}.t (id serial primary key, name text)`);
        await other.query(`drop schema ${schema} cascade`);
        churned += 1;
      }
    })();
    try {
      const own = await ownSchema(t);
      let reads = 0;
      // Until 300 reads were made while at least 100 schemas came and went: with Kysely's introspector about a
      // fifth of such reads failed on this machine.
      while (reads < 300 || churned < 100) {
        const tables = await t.db.introspection.getTables({ withInternalKyselyTables: true });
        expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([own]));
        reads += 1;
      }
      const tables = await t.db.introspection.getTables({ withInternalKyselyTables: true });
      const names = tables.map((table) => table.name);
      expect(names).toEqual(expect.arrayContaining(['users', 'events', 'kysely_migration', 'kysely_migration_lock']));
      expect((await t.db.introspection.getTables()).map((table) => table.name)).not.toContain('kysely_migration');
      const users = tables.find((table) => table.name === 'users');
      expect(users?.columns.find((column) => column.name === 'id')).toMatchObject({
        isAutoIncrementing: true,
        isNullable: false,
      });
    } finally {
      stop = true;
      await churn;
      await other.end();
    }
  }, 120_000);
});

async function ownSchema(app: TestApp): Promise<string> {
  const row = await app.db.selectNoFrom((eb) => eb.fn<string>('current_schema').as('schema')).executeTakeFirstOrThrow();
  return row.schema;
}
