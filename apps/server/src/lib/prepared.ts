import type SQLite from 'better-sqlite3';
import { CompiledQuery, type Kysely, RawNode } from 'kysely';
import { sqliteConnectionOf } from '../db/database.js';

/**
 * Stand-ins for the arguments while a query is built once: objects, so Kysely passes them through as parameter
 * values untouched and each is found again by identity among the compiled parameters.
 */
const PLACEHOLDERS = Array.from({ length: 8 }, (_, index) => Object.freeze({ preparedArgument: index }));

/** A read on SQLite run straight on the connection: its statement in raw mode and its row maker. */
interface Direct {
  sqlite: SQLite.Database;
  statement: SQLite.Statement<unknown[], unknown[]>;
  columns: number;
  toObject: (values: unknown[]) => Record<string, unknown>;
}

interface Compiled {
  sql: string;
  query: RawNode;
  /** Per parameter of the SQL: the index of the argument it takes, or a constant fixed at build time. */
  slots: ({ argument: number } | { constant: unknown })[];
  direct: Direct | undefined;
}

/**
 * SQLite: a read (select) gets its own statement in raw mode (rows as arrays), made into objects here with the
 * column names read once. better-sqlite3 otherwise makes every column name a V8 string again for every row, which
 * cost more than the query itself (third pass: `perf` of `GET /api/event/{id}`).
 */
function directRead(db: object, sql: string): Direct | undefined {
  const sqlite = sqliteConnectionOf(db);
  if (!sqlite) return undefined;
  const statement = sqlite.prepare<unknown[], unknown[]>(sql);
  if (!statement.reader) return undefined;
  statement.raw(true);
  const columns = statement.columns().map((column) => column.name);
  return { sqlite, statement, columns: columns.length, toObject: rowMaker(columns) };
}

/**
 * A function that makes a row array into an object literal with these keys, one per statement: each has its own
 * shape, where a loop shared by every statement would set the keys one by one through megamorphic stores (~1 µs
 * for the 30 columns of the event screen's read). The names are SQLite's column names of our own SQL, quoted.
 */
function rowMaker(columns: string[]): (values: unknown[]) => Record<string, unknown> {
  const fields = columns.map((name, index) => `${JSON.stringify(name)}: values[${index}]`);
  return new Function('values', `return { ${fields.join(', ')} };`) as (values: unknown[]) => Record<string, unknown>;
}

/**
 * A query of the request path built and compiled by Kysely once per database handle, then run as the same SQL
 * text with new parameters (building and compiling a Kysely query cost more than running it on
 * SQLite). `build` receives stand-ins for its arguments: it must use each one only as a plain value (`where(…,
 * '=', arg)`, `on(…)`, `values`, `limit`), never in JavaScript logic (`if`, arithmetic, arrays for `in`) — the SQL
 * text is fixed at the first call. Up to 8 arguments.
 *
 * On SQLite a read runs straight on the connection, not through Kysely's executor, unless a transaction is open
 * on it: Kysely's one connection is then held by that transaction (across awaits) and a read of ours would see
 * its uncommitted changes, so such a call waits for the connection through Kysely like any other query. With no
 * transaction open the statement runs synchronously: nothing else can use the connection meanwhile.
 */
export function prepared<DB, A extends unknown[], O>(
  build: (db: Kysely<DB>, ...args: A) => { compile(executor: Kysely<DB>): CompiledQuery<O> },
): (db: Kysely<DB>, ...args: A) => Promise<O[]> {
  const compiledFor = new WeakMap<object, Compiled>();
  const compile = (db: Kysely<DB>): Compiled => {
    const query = build(db, ...(PLACEHOLDERS as unknown as A)).compile(db);
    const slots = query.parameters.map((value) => {
      const argument = PLACEHOLDERS.indexOf(value as (typeof PLACEHOLDERS)[number]);
      return argument >= 0 ? { argument } : { constant: value };
    });
    return { sql: query.sql, query: RawNode.createWithSql(query.sql), slots, direct: directRead(db, query.sql) };
  };
  return async (db, ...args) => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      compiled = compile(db);
      compiledFor.set(db, compiled);
    }
    const parameters = compiled.slots.map((slot) => ('argument' in slot ? args[slot.argument] : slot.constant));
    const direct = compiled.direct;
    if (direct && !direct.sqlite.inTransaction) {
      const rows = direct.statement.all(parameters);
      // A statement SQLite prepared again after a schema change may have other columns (`select *`).
      if (rows.length > 0 && rows[0].length !== direct.columns) {
        const columns = direct.statement.columns().map((column) => column.name);
        direct.columns = columns.length;
        direct.toObject = rowMaker(columns);
      }
      return rows.map((values) => direct.toObject(values) as O);
    }
    const result = await db.executeQuery<O>({ ...CompiledQuery.raw(compiled.sql, parameters), query: compiled.query });
    return result.rows;
  };
}
