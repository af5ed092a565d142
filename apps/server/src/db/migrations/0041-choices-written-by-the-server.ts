import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../types.js';
import { createPostgresChoiceTriggers, createSqliteChoiceTriggers } from './0009-statistics.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * The options an application chooses (`application_choices`, 0009) are written by the server in the transaction
 * that stores the application, a few hundred rows per statement, instead of by triggers: on SQLite the insert
 * trigger wrote a whole form's choices (up to 200 questions of 100 options: 20,000 rows) in one statement, holding
 * the server's one thread for 150-300 ms (decision 021). PostgreSQL's trigger ran beside that thread, but one way
 * of writing the rows on both databases keeps them the same; no path changes an application's answers.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`drop trigger if exists application_choices_insert`.execute(db);
    await sql`drop trigger if exists application_choices_update`.execute(db);
  } else {
    await sql`drop trigger if exists application_choices_sync on applications`.execute(db);
    await sql`drop function if exists application_choices_sync()`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  const tables = await db.introspection.getTables();
  const applications = tables.find((table) => table.name === 'applications');
  if (applications?.schema === undefined) await createSqliteChoiceTriggers(db);
  else await createPostgresChoiceTriggers(db);
}
