import {
  type DatabaseIntrospector,
  type DialectAdapter,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database, Db } from '../../src/db/types.js';
import { mapInSlices, readsInTurns, turnOfTheLoop } from '../../src/lib/event-loop.js';

describe('turnOfTheLoop: big work in slices shares the loop fairly', () => {
  it('lets one waiting slice go on per turn, so work queued meanwhile runs between two waiters', async () => {
    const order: string[] = [];
    const first = turnOfTheLoop().then(() => order.push('first slice'));
    const second = turnOfTheLoop().then(() => order.push('second slice'));
    // Another request's callback, due in the same turn as the first slice.
    setImmediate(() => order.push('other request'));
    await Promise.all([first, second]);
    expect(order).toEqual(['first slice', 'other request', 'second slice']);
  });

  it('lets every waiter go on, in the order they asked', async () => {
    const order: number[] = [];
    await Promise.all(Array.from({ length: 20 }, (_, index) => turnOfTheLoop().then(() => order.push(index))));
    expect(order).toEqual(Array.from({ length: 20 }, (_, index) => index));
  });

  it('maps in slices, two exports interleaving slice by slice', async () => {
    const seen: string[] = [];
    const items = Array.from({ length: 6 }, (_, index) => index);
    const times = (name: string, factor: number) => (item: number) => {
      seen.push(`${name}${item}`);
      return item * factor;
    };
    const [a, b] = await Promise.all([mapInSlices(items, times('a', 2), 2), mapInSlices(items, times('b', 3), 2)]);
    expect(a).toEqual([0, 2, 4, 6, 8, 10]);
    expect(b).toEqual([0, 3, 6, 9, 12, 15]);
    expect(seen).toEqual(['a0', 'a1', 'b0', 'b1', 'a2', 'a3', 'b2', 'b3', 'a4', 'a5', 'b4', 'b5']);
  });

  it('reads in turns on SQLite (one after another, other work between) and all at once on PostgreSQL', async () => {
    // A handle of each dialect that never connects: readsInTurns only asks it which dialect it speaks.
    const handleOf = (
      adapter: () => DialectAdapter,
      introspector: (db: Kysely<unknown>) => DatabaseIntrospector,
      compiler: () => QueryCompiler,
    ): Db =>
      new Kysely<Database>({
        dialect: {
          createAdapter: adapter,
          createDriver: () => new DummyDriver(),
          createIntrospector: introspector,
          createQueryCompiler: compiler,
        },
      });
    const handles: Record<'sqlite' | 'postgres', Db> = {
      sqlite: handleOf(
        () => new SqliteAdapter(),
        (db) => new SqliteIntrospector(db),
        () => new SqliteQueryCompiler(),
      ),
      postgres: handleOf(
        () => new PostgresAdapter(),
        (db) => new PostgresIntrospector(db),
        () => new PostgresQueryCompiler(),
      ),
    };
    const run = async (dialect: 'sqlite' | 'postgres') => {
      const order: string[] = [];
      const read = (name: string, value: number) => async () => {
        order.push(`${name} starts`);
        // Another request's callback, queued while this read runs.
        setImmediate(() => order.push(`other after ${name}`));
        await Promise.resolve();
        order.push(`${name} ends`);
        return value;
      };
      const results = await readsInTurns(handles[dialect], [read('a', 1), read('b', 2)]);
      return { results, order };
    };
    // Each order is read as the reads return (the callback queued by the last read has not run yet).
    const sqlite = await run('sqlite');
    expect(sqlite.results).toEqual([1, 2]);
    expect(sqlite.order).toEqual(['a starts', 'a ends', 'other after a', 'b starts', 'b ends']);
    const postgres = await run('postgres');
    expect(postgres.results).toEqual([1, 2]);
    expect(postgres.order).toEqual(['a starts', 'b starts', 'a ends', 'b ends']);
  });
});
