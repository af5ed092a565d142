import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * The audit log without foreign keys (docs/decisions/018). `audit_log.event_id` referenced `events`
 * (ON DELETE CASCADE) and `actor_id` referenced `users` (ON DELETE SET NULL): two checks per appended entry,
 * about half of what PostgreSQL spent writing the 10,000 entries of a bulk update. What the two ON DELETE
 * actions did is now done by the statements that delete an event or an account (lib/audit.ts): the event's
 * entries go with it, a removed account's entries keep no actor. Existing rows are kept as they are.
 *
 * SQLite cannot drop a constraint: the table is rebuilt with the same columns, ids and indexes. Nothing
 * references audit_log, so no other table is touched.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ name: string }>`
      select conname as name from pg_constraint
      where conrelid = 'audit_log'::regclass and contype = 'f'`.execute(db);
    for (const { name } of rows) {
      await sql`alter table audit_log drop constraint ${sql.id(name)}`.execute(db);
    }
    return;
  }
  await rebuildSqlite(db, false);
}

export async function down(db: AnyDb): Promise<void> {
  // down() is not told the dialect: PostgreSQL's introspection names a schema, SQLite's does not.
  const tables = await db.introspection.getTables();
  const audit = tables.find((table) => table.name === 'audit_log');
  if (!audit) return;
  if (audit.schema === undefined) {
    await rebuildSqlite(db, true);
    return;
  }
  // Entries of events or accounts deleted meanwhile would violate the constraints again: they get the
  // constraints' own treatment first.
  await sql`delete from audit_log where event_id is not null and event_id not in (select id from events)`.execute(db);
  await sql`update audit_log set actor_id = null where actor_id is not null and actor_id not in (select id from users)`.execute(
    db,
  );
  await sql`alter table audit_log add foreign key (event_id) references events (id) on delete cascade`.execute(db);
  await sql`alter table audit_log add foreign key (actor_id) references users (id) on delete set null`.execute(db);
}

/**
 * SQLite: the same table with (or without) the two references, rows and ids copied, indexes recreated. In one
 * transaction of its own (Kysely runs SQLite migrations without one), so a crash cannot leave the log half moved.
 */
async function rebuildSqlite(db: AnyDb, withReferences: boolean): Promise<void> {
  await sql`begin immediate`.execute(db);
  try {
    await copySqlite(db, withReferences);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  }
}

async function copySqlite(db: AnyDb, withReferences: boolean): Promise<void> {
  await sql`create table audit_log_rebuilt (
    id integer primary key autoincrement,
    event_id integer${sql.raw(withReferences ? ' references events (id) on delete cascade' : '')},
    actor_id integer${sql.raw(withReferences ? ' references users (id) on delete set null' : '')},
    action text not null,
    subject text not null,
    details text not null default '{}',
    created_at text not null
  )`.execute(db);
  if (withReferences) {
    await sql`insert into audit_log_rebuilt (id, event_id, actor_id, action, subject, details, created_at)
      select id, event_id, case when actor_id in (select id from users) then actor_id end, action, subject, details,
        created_at
      from audit_log where event_id is null or event_id in (select id from events)`.execute(db);
  } else {
    await sql`insert into audit_log_rebuilt (id, event_id, actor_id, action, subject, details, created_at)
      select id, event_id, actor_id, action, subject, details, created_at from audit_log`.execute(db);
  }
  // AUTOINCREMENT's counter goes on from where it was, so ids of entries deleted at the end are not reused.
  await sql`delete from sqlite_sequence where name = 'audit_log_rebuilt'`.execute(db);
  await sql`insert into sqlite_sequence (name, seq)
    select 'audit_log_rebuilt', seq from sqlite_sequence where name = 'audit_log'`.execute(db);
  await sql`drop table audit_log`.execute(db);
  await sql`alter table audit_log_rebuilt rename to audit_log`.execute(db);
  await db.schema.createIndex('audit_log_event_idx').on('audit_log').columns(['event_id', 'created_at']).execute();
  await db.schema.createIndex('audit_log_subject_idx').on('audit_log').column('subject').execute();
}
