import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../src/db/dialect.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';

/** Repositories take only the database or a transaction and ask it for its dialect (db/dialect.ts). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe(`dialectOf on ${dialect}`, () => {
  it('names the dialect the app was opened with, for the database and for a transaction on it', async () => {
    expect(t.app.dialect).toBe(dialect);
    expect(dialectOf(t.db)).toBe(dialect);
    const inTransaction = await t.db.transaction().execute(async (trx) => {
      expect(trx.isTransaction).toBe(true);
      return dialectOf(trx);
    });
    expect(inTransaction).toBe(dialect);
  });

  it('names it for a controlled transaction and for a copy of the database without its plugins', async () => {
    const trx = await t.db.startTransaction().execute();
    try {
      expect(dialectOf(trx)).toBe(dialect);
    } finally {
      await trx.rollback().execute();
    }
    expect(dialectOf(t.db.withoutPlugins())).toBe(dialect);
  });
});
