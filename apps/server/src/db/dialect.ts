import { PostgresAdapter } from 'kysely';
import type { Db, DialectName } from './types.js';

/**
 * The dialect a database or transaction speaks, read from its Kysely instance (a transaction shares its
 * database's adapter): repositories, services and the lock helpers take only the database or transaction, and ask
 * it when a statement differs.
 */
export function dialectOf(db: Db): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
