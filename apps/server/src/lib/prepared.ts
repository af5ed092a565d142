import { CompiledQuery, type Kysely, RawNode } from 'kysely';

/**
 * Stand-ins for the arguments while a query is built once: objects, so Kysely passes them through as parameter
 * values untouched and each is found again by identity among the compiled parameters.
 */
const PLACEHOLDERS = Array.from({ length: 8 }, (_, index) => Object.freeze({ preparedArgument: index }));

interface Compiled {
  sql: string;
  query: RawNode;
  /** Per parameter of the SQL: the index of the argument it takes, or a constant fixed at build time. */
  slots: ({ argument: number } | { constant: unknown })[];
}

/**
 * A query of the request path built and compiled by Kysely once per database handle, then run as the same SQL
 * text with new parameters (issue 12: building and compiling a Kysely query cost more than running it on
 * SQLite). `build` receives stand-ins for its arguments: it must use each one only as a plain value (`where(…,
 * '=', arg)`, `on(…)`, `values`, `limit`), never in JavaScript logic (`if`, arithmetic, arrays for `in`) — the SQL
 * text is fixed at the first call. Up to 8 arguments.
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
    return { sql: query.sql, query: RawNode.createWithSql(query.sql), slots };
  };
  return async (db, ...args) => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      compiled = compile(db);
      compiledFor.set(db, compiled);
    }
    const parameters = compiled.slots.map((slot) => ('argument' in slot ? args[slot.argument] : slot.constant));
    const result = await db.executeQuery<O>({ ...CompiledQuery.raw(compiled.sql, parameters), query: compiled.query });
    return result.rows;
  };
}
