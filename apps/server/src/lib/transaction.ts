import { type SqlBool, sql } from 'kysely';
import { dialectOf } from '../db/dialect.js';
import type { Db } from '../db/types.js';

/**
 * Runs `work` in a transaction: a new one, or the caller's when `db` already is one. Services take either, so
 * one module's change can be part of another module's transaction (accepting an application adds a member).
 */
export function withTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Serialises changes to one event's members, groups and settings on PostgreSQL (`SELECT … FOR UPDATE` on the
 * event's row, held until the transaction ends); SQLite writes one transaction at a time anyway. Every "last
 * one" decision (last admin) takes this lock first.
 */
export async function lockEvent(trx: Db, eventId: number): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await trx.selectFrom('events').select('id').where('id', '=', eventId).forUpdate().execute();
}

/** The same lock on several events, in id order so two transactions never wait for each other in a circle. */
export async function lockEvents(trx: Db, eventIds: readonly number[]): Promise<void> {
  if (dialectOf(trx) !== 'postgres' || eventIds.length === 0) return;
  await trx
    .selectFrom('events')
    .select('id')
    .where('id', 'in', [...new Set(eventIds)])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Recognises the unique-constraint failure of either driver (a race an earlier check could not see). */
export const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/** Ids per statement on SQLite (far below its 32766 parameters). */
export const ID_CHUNK_SIZE = 500;

export function chunked<T>(list: readonly T[], size = ID_CHUNK_SIZE): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < list.length; start += size) chunks.push(list.slice(start, start + size));
  return chunks;
}

/**
 * Integers (null allowed) as one PostgreSQL array literal (`{1,NULL,3}`) for `= any($1::int[])` or `unnest`:
 * node-pg would quote and escape each element of a JavaScript array one by one, a measurable cost at 10,000
 * values per statement.
 */
export const pgIntArray = (values: readonly (number | null)[]): string =>
  `{${values.map((value) => (value === null ? 'NULL' : value)).join(',')}}`;

/**
 * The statements of bulk changes in each dialect, one set for every repository:
 * - `lockIfPostgres`: PostgreSQL locks the rows read (`FOR UPDATE`), so two changes of the same rows cannot
 *   interleave; SQLite writes one transaction at a time anyway.
 * - `idBatches` and `inIds`: PostgreSQL takes the whole id set as one array parameter (`= any($1::int[])`, one
 *   statement however many ids); SQLite gets chunks of ID_CHUNK_SIZE for `IN (…)`.
 */
export function dialectStatements(db: Db) {
  const dialect = dialectOf(db);
  return {
    lockIfPostgres: <Q extends { forUpdate(): Q }>(query: Q): Q => (dialect === 'postgres' ? query.forUpdate() : query),
    idBatches: <T>(ids: readonly T[]): (readonly T[])[] =>
      dialect === 'postgres' ? (ids.length > 0 ? [ids] : []) : chunked(ids),
    inIds: (column: string, ids: readonly number[]) =>
      dialect === 'postgres'
        ? sql<SqlBool>`${sql.ref(column)} = any(${pgIntArray(ids)}::int[])`
        : sql<SqlBool>`${sql.ref(column)} in (${sql.join([...ids])})`,
  };
}
