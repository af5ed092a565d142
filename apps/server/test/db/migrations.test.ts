import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migratorOf, openDatabase } from '../../src/db/database.js';
import { dialect } from '../helpers/app.js';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** A database of its own (a new SQLite file or PostgreSQL schema), not migrated: each test steps the migrations. */
async function freshDatabase(): Promise<{ handle: DatabaseHandle; cleanUp: () => Promise<void> }> {
  if (dialect === 'postgres') {
    const schema = `test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const handle = openDatabase({ url: postgresUrl, sqliteFile: ':memory:', pgSchema: schema });
    return {
      handle,
      async cleanUp() {
        await handle.close();
        const client = new pg.Client({ connectionString: postgresUrl });
        await client.connect();
        await client.query(`drop schema ${schema} cascade`);
        await client.end();
      },
    };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'funkis-migration-'));
  const handle = openDatabase({ sqliteFile: path.join(dir, 'funkis.db') });
  return {
    handle,
    async cleanUp() {
      await handle.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

let handle: DatabaseHandle;
let cleanUp: () => Promise<void>;
beforeEach(async () => {
  ({ handle, cleanUp } = await freshDatabase());
});
afterEach(() => cleanUp());

const now = '2026-01-01T00:00:00.000Z';
const insertUserAndEvent = async () => ({
  user: await handle.db
    .insertInto('users')
    .values({
      email: 'a@example.org',
      firstname: 'A',
      lastname: 'B',
      password_hash: 'x',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow(),
  event: await handle.db
    .insertInto('events')
    .values({
      name: 'Event',
      description: '',
      status: 'ongoing',
      applications_open: 1,
      use_week_separation: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow(),
});
const auditRows = () =>
  handle.db
    .selectFrom('audit_log')
    .select(['id', 'event_id', 'actor_id', 'action', 'subject', 'details', 'created_at'])
    .orderBy('id')
    .execute();
const insertAudit = (eventId: number | null, actorId: number | null, action: string) =>
  handle.db
    .insertInto('audit_log')
    .values({ event_id: eventId, actor_id: actorId, action, subject: 'event:0', details: '{}', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();

describe(`migration 0017 (audit log without foreign keys) on ${dialect}`, () => {
  it('keeps every entry and its id, drops the two checks, and down restores them', async () => {
    const migrator = migratorOf(handle);
    expect((await migrator.migrateTo('0016-mail-rich-text-and-reads')).error).toBeUndefined();
    const { user, event } = await insertUserAndEvent();
    await insertAudit(event.id, user.id, 'event.created');
    await insertAudit(null, user.id, 'account.changed');
    const last = await insertAudit(event.id, null, 'event.settings_changed');
    // The last entry deleted before the migration: its id must not be handed out again afterwards.
    await handle.db.deleteFrom('audit_log').where('id', '=', last.id).execute();
    // Before: an entry for an event that does not exist is refused.
    await expect(insertAudit(event.id + 1000, null, 'x')).rejects.toThrow();
    const before = await auditRows();

    const up = await migrator.migrateTo('0017-audit-log-without-foreign-keys');
    expect(up.error).toBeUndefined();
    expect(await auditRows()).toEqual(before);
    const orphan = await insertAudit(event.id + 1000, user.id + 1000, 'event.deleted');
    expect(orphan.id).toBeGreaterThan(last.id);
    // Both indexes are still there (the history and the event's log read through them).
    const indexes =
      dialect === 'postgres'
        ? (
            await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'audit_log'`.execute(
              handle.db,
            )
          ).rows
        : (
            await sql<{
              name: string;
            }>`select name from sqlite_master where type = 'index' and tbl_name = 'audit_log'`.execute(handle.db)
          ).rows;
    expect(indexes.map((index) => index.name)).toEqual(
      expect.arrayContaining(['audit_log_event_idx', 'audit_log_subject_idx']),
    );

    // Down: orphans get what the keys would have done to them, and the checks are back.
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect(await auditRows()).toEqual(before);
    await expect(insertAudit(event.id + 1000, null, 'x')).rejects.toThrow();
    await expect(insertAudit(event.id, user.id + 1000, 'x')).rejects.toThrow();
    await handle.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect((await auditRows()).map((row) => row.actor_id)).toEqual([null, null]);
  });
});

describe(`migration 0018 (unique keys by user first) on ${dialect}`, () => {
  const indexesOf = async (table: string) =>
    (dialect === 'postgres'
      ? (
          await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where tablename = ${table} and schemaname = current_schema()`.execute(
            handle.db,
          )
        ).rows
      : (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(handle.db)
        ).rows
    )
      .map((index) => index.name)
      .sort();
  // As the schema of 0017 and 0018 stores an application (its answers in the row, until 0051).
  const insertApplication = (eventId: number, userId: number) =>
    sql`insert into applications
      (event_id, user_id, answers, answer_labels, status, group_id, week, search_text, sort_lastname, sort_firstname,
        created_at, updated_at)
      values (${eventId}, ${userId}, '{}', '{}', 'pending', null, null, '', 'b', 'a', ${now}, ${now})`.execute(
      handle.db,
    );
  const insertMembership = (eventId: number, userId: number) =>
    handle.db
      .insertInto('event_users')
      .values({
        event_id: eventId,
        user_id: userId,
        role_level: 2,
        group_id: null,
        via_application: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();

  it('keeps one application and one membership per person and event, with one index fewer on PostgreSQL', async () => {
    const migrator = migratorOf(handle);
    expect((await migrator.migrateTo('0017-audit-log-without-foreign-keys')).error).toBeUndefined();
    const { user, event } = await insertUserAndEvent();
    await insertApplication(event.id, user.id);
    await insertMembership(event.id, user.id);
    const before = { applications: await indexesOf('applications'), members: await indexesOf('event_users') };

    expect((await migrator.migrateTo('0018-user-first-unique-keys')).error).toBeUndefined();
    await expect(insertApplication(event.id, user.id)).rejects.toThrow();
    await expect(insertMembership(event.id, user.id)).rejects.toThrow();
    if (dialect === 'postgres') {
      expect(await indexesOf('applications')).toEqual(
        expect.arrayContaining(['applications_user_event_unique', 'applications_event_sort_lastname_idx']),
      );
      expect(await indexesOf('applications')).not.toContain('applications_user_idx');
      expect(await indexesOf('event_users')).toContain('event_users_user_event_unique');
      expect(await indexesOf('event_users')).not.toContain('event_users_user_idx');
      expect((await indexesOf('applications')).length).toBe(before.applications.length - 1);
      expect((await indexesOf('event_users')).length).toBe(before.members.length - 1);
    } else {
      expect({ applications: await indexesOf('applications'), members: await indexesOf('event_users') }).toEqual(
        before,
      );
    }
    // The membership insert of a bulk accept still finds its conflict target.
    await handle.db
      .insertInto('event_users')
      .values({
        event_id: event.id,
        user_id: user.id,
        role_level: 2,
        group_id: null,
        via_application: 0,
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.columns(['event_id', 'user_id']).doNothing())
      .execute();

    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect({ applications: await indexesOf('applications'), members: await indexesOf('event_users') }).toEqual(before);
    await expect(insertApplication(event.id, user.id)).rejects.toThrow();
  });
});

describe(`migration 0027 (confirmed e-mail addresses) on ${dialect}`, () => {
  it('leaves existing accounts unconfirmed but the demo ones, and unlinks open invitations', async () => {
    const migrator = migratorOf(handle);
    expect((await migrator.migrateTo('0018-user-first-unique-keys')).error).toBeUndefined();
    const { user, event } = await insertUserAndEvent();
    const demo = await handle.db
      .insertInto('users')
      .values({
        email: 'admin@funkis.local',
        firstname: 'Ada',
        lastname: 'Admin',
        password_hash: 'x',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('invitations')
      .values({
        event_id: event.id,
        email: 'someone@example.org',
        invited_user_id: user.id,
        role_level: 0,
        group_id: null,
        invited_by: demo.id,
        created_at: now,
        expires_at: '2099-01-01T00:00:00.000Z',
      })
      .execute();

    expect((await migrator.migrateTo('0027-email-confirmation')).error).toBeUndefined();
    const users = await handle.db
      .selectFrom('users')
      .select(['email', 'email_confirmed_at', 'pending_email'])
      .orderBy('id')
      .execute();
    expect(users).toEqual([
      { email: 'a@example.org', email_confirmed_at: null, pending_email: null },
      { email: 'admin@funkis.local', email_confirmed_at: expect.any(String), pending_email: null },
    ]);
    const invitation = await handle.db.selectFrom('invitations').select('invited_user_id').executeTakeFirstOrThrow();
    expect(invitation.invited_user_id).toBeNull();
    expect((await migrator.migrateDown()).error).toBeUndefined();
  });
});

describe(`migration 0028 (stored mail preview) on ${dialect}`, () => {
  it("fills every existing e-mail's preview from its message, rich text through its text", async () => {
    const migrator = migratorOf(handle);
    expect((await migrator.migrateTo('0018-user-first-unique-keys')).error).toBeUndefined();
    const { user, event } = await insertUserAndEvent();
    const insertMail = (message: string, format: string) =>
      handle.db
        .insertInto('mails')
        .values({
          event_id: event.id,
          sender_id: user.id,
          subject: 'S',
          message,
          format,
          receiver_filter: '{}',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const plain = await insertMail(`Plain ${'a'.repeat(300)}`, 'text');
    const rich = await insertMail(`${'<br />'.repeat(2500)}${'<p>x</p>'.repeat(1249)}`, 'html');

    expect((await migrator.migrateTo('0028-mail-preview')).error).toBeUndefined();
    const previews = new Map(
      (await handle.db.selectFrom('mails').select(['id', 'preview']).execute()).map((row) => [row.id, row.preview]),
    );
    expect(previews.get(plain.id)).toBe(`Plain ${'a'.repeat(134)}`);
    expect(previews.get(rich.id)).toBe('x\n\n'.repeat(47).slice(0, 140));

    expect((await migrator.migrateDown()).error).toBeUndefined();
    // This database's own `mails` (PostgreSQL: the current schema; other test files' schemas hold one too).
    const columns =
      dialect === 'postgres'
        ? (
            await sql<{
              name: string;
            }>`select column_name as name from information_schema.columns where table_name = 'mails' and table_schema = current_schema()`.execute(
              handle.db,
            )
          ).rows
        : (await handle.db.introspection.getTables()).find((table) => table.name === 'mails')?.columns;
    expect(columns?.length).toBeGreaterThan(0);
    expect(columns?.map((column) => column.name)).not.toContain('preview');
  });
});

describe(`migration 0041 (choices written by the server) on ${dialect}`, () => {
  const choiceTriggers = async () =>
    (dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'trigger' and name like 'application_choices%' order by name`.execute(
          handle.db,
        )
      : await sql<{
          name: string;
        }>`select distinct tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace where tgname like 'application_choices%' and n.nspname = current_schema()`.execute(
          handle.db,
        )
    ).rows.map((row) => row.name);

  it('drops the triggers that wrote the choices, and down brings them back', async () => {
    const migrator = migratorOf(handle);
    expect((await migrator.migrateTo('0040-review-sort-indexes')).error).toBeUndefined();
    const before = await choiceTriggers();
    expect(before.length).toBeGreaterThan(0);
    expect((await migrator.migrateTo('0041-choices-written-by-the-server')).error).toBeUndefined();
    expect(await choiceTriggers()).toEqual([]);
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect(await choiceTriggers()).toEqual(before);
  });
});

describe(`migrations 0042 and 0043 (the event day) on ${dialect}`, () => {
  it('gives existing events the default late-after of 10 minutes, and both go down cleanly', async () => {
    const migrator = migratorOf(handle);
    expect((await migrator.migrateTo('0041-choices-written-by-the-server')).error).toBeUndefined();
    const { event } = await insertUserAndEvent();
    await handle.db
      .insertInto('scheduling_settings')
      .values({
        event_id: event.id,
        min_rest_minutes: 0,
        self_signup_group_ids: '[]',
        sign_off_closes_hours: 0,
        updated_at: now,
      })
      .execute();
    expect((await migrator.migrateTo('0043-scheduling-late-after')).error).toBeUndefined();
    const settings = await handle.db.selectFrom('scheduling_settings').selectAll().executeTakeFirstOrThrow();
    expect(settings.late_after_minutes).toBe(10);
    expect(await handle.db.selectFrom('check_ins').select('id').execute()).toEqual([]);
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect((await migrator.migrateDown()).error).toBeUndefined();
    // This database's own tables (PostgreSQL: the current schema; other test files' schemas hold them too).
    const tables =
      dialect === 'postgres'
        ? (
            await sql<{
              name: string;
            }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
              handle.db,
            )
          ).rows.map((row) => row.name)
        : (await handle.db.introspection.getTables()).map((table) => table.name);
    expect(tables).toContain('scheduling_settings');
    expect(tables).not.toContain('check_ins');
    expect(tables).not.toContain('member_codes');
  });
});

describe(`migration 0050 (statistics of the day of an application) on ${dialect}`, () => {
  /** The planner's estimate of the days the event's applications fall on, from the statistics' count by day. */
  const estimatedDays = async (eventId: number) => {
    const { rows } = await sql<{ 'QUERY PLAN': string }>`
      explain select substr(a.created_at, 1, 10), count(*) from applications as a where a.event_id = ${sql.lit(eventId)}
      group by substr(a.created_at, 1, 10) order by substr(a.created_at, 1, 10)`.execute(handle.db);
    const top = rows[0]?.['QUERY PLAN'] ?? '';
    return { plan: rows.map((row) => row['QUERY PLAN']).join('\n'), rows: Number(/rows=(\d+)/.exec(top)?.[1]) };
  };

  it('lets PostgreSQL count 2,000 applications of 4 days in a hash table of 4, not a sort of 2,000', async () => {
    const migrator = migratorOf(handle);
    expect((await migrator.migrateTo('0049-membership-references-per-statement')).error).toBeUndefined();
    if (dialect !== 'postgres') {
      expect((await migrator.migrateTo('0050-statistics-day-estimate')).error).toBeUndefined();
      return;
    }
    // 2,000 applicants to one event, each at their own moment, over four days, as the schema of 0049 stores them.
    await sql`insert into users (email, firstname, lastname, password_hash, created_at, updated_at)
      select 'day' || n || '@example.org', 'A', 'B', 'x', ${now}, ${now} from generate_series(1, 2000) n`.execute(
      handle.db,
    );
    const { event } = await insertUserAndEvent();
    await sql`insert into applications (event_id, user_id, answers, status, created_at, updated_at)
      select ${event.id}, u.id, '{}', 'pending',
        to_char(timestamp '2026-06-01' + (u.id % 4) * interval '1 day' + u.id * interval '1 second',
          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), ${now}
      from users u where u.email like 'day%'`.execute(handle.db);
    await sql`analyze applications`.execute(handle.db);
    const before = await estimatedDays(event.id);
    expect(before.rows).toBeGreaterThan(100);

    expect((await migrator.migrateTo('0050-statistics-day-estimate')).error).toBeUndefined();
    const after = await estimatedDays(event.id);
    expect(after.rows).toBeLessThanOrEqual(10);
    expect(after.plan).toContain('HashAggregate');

    expect((await migrator.migrateDown()).error).toBeUndefined();
    await sql`analyze applications`.execute(handle.db);
    expect((await estimatedDays(event.id)).rows).toBeGreaterThan(100);
  });
});

describe(`migration 0051 (an application's answers apart from the review's row) on ${dialect}`, () => {
  const answersRows = () =>
    sql<{
      application_id: number;
      answers: string;
      answer_labels: string;
      search_text: string;
    }>`select application_id, answers, answer_labels, search_text from application_answers order by application_id`
      .execute(handle.db)
      .then((result) => result.rows);
  const found = async (term: string) =>
    (
      await (dialect === 'postgres'
        ? sql<{
            id: number;
          }>`select application_id as id from applications_search where search_text like ${`%${term}%`}`
        : sql<{ id: number }>`select rowid as id from applications_search where search_text like ${`%${term}%`}`
      ).execute(handle.db)
    ).rows.map((row) => Number(row.id));
  const applicationColumns = async () =>
    (await handle.db.introspection.getTables())
      .find((table) => table.name === 'applications')
      ?.columns.map((column) => column.name)
      .sort();

  it('moves every answer, label and search text with the search, and down brings them back', async () => {
    const migrator = migratorOf(handle);
    expect((await migrator.migrateTo('0050-statistics-day-estimate')).error).toBeUndefined();
    const { user, event } = await insertUserAndEvent();
    const stored = await sql<{ id: number }>`insert into applications
      (event_id, user_id, answers, answer_labels, status, search_text, created_at, updated_at)
      values (${event.id}, ${user.id}, '{"note":"Sound"}', '{"note":"Note"}', 'accepted', 'a b a@example.org sound engineer',
        ${now}, ${now})
      returning id`.execute(handle.db);
    const id = Number(stored.rows[0]?.id);

    expect((await migrator.migrateTo('0051-application-answers')).error).toBeUndefined();
    expect(await answersRows()).toEqual([
      {
        application_id: id,
        answers: '{"note":"Sound"}',
        answer_labels: '{"note":"Note"}',
        search_text: 'a b a@example.org sound engineer',
      },
    ]);
    expect(await applicationColumns()).not.toContain('answers');
    expect(await applicationColumns()).not.toContain('search_text');
    expect(await found('engineer')).toEqual([id]);
    // The search follows the text where it now lives.
    await sql`update application_answers set search_text = 'a b a@example.org lighting' where application_id = ${id}`.execute(
      handle.db,
    );
    expect(await found('engineer')).toEqual([]);
    expect(await found('lighting')).toEqual([id]);
    if (dialect === 'postgres') {
      const options = await sql<{
        options: string[] | null;
      }>`select reloptions as options from pg_class where oid = 'applications'::regclass`.execute(handle.db);
      expect(options.rows[0]?.options).toContain('fillfactor=45');
      // No index holds the status, so a status change can be a heap-only update.
      const indexes = await sql<{
        definition: string;
      }>`select indexdef as definition from pg_indexes where tablename = 'applications' and schemaname = current_schema()`.execute(
        handle.db,
      );
      expect(indexes.rows.length).toBeGreaterThan(3);
      for (const index of indexes.rows) expect(index.definition).not.toMatch(/status/);
    }

    expect((await migrator.migrateTo('0050-statistics-day-estimate')).error).toBeUndefined();
    const back = await sql<{
      answers: string;
      answer_labels: string;
      search_text: string;
    }>`select answers, answer_labels, search_text from applications where id = ${id}`.execute(handle.db);
    expect(back.rows).toEqual([
      { answers: '{"note":"Sound"}', answer_labels: '{"note":"Note"}', search_text: 'a b a@example.org lighting' },
    ]);
    expect(await found('lighting')).toEqual([id]);
    await sql`update applications set search_text = 'a b a@example.org catering' where id = ${id}`.execute(handle.db);
    expect(await found('lighting')).toEqual([]);
    expect(await found('catering')).toEqual([id]);

    expect((await migrator.migrateTo('0051-application-answers')).error).toBeUndefined();
    expect(await found('catering')).toEqual([id]);
    // An application's answers and search go with it.
    await sql`delete from applications where id = ${id}`.execute(handle.db);
    expect(await answersRows()).toEqual([]);
    expect(await found('catering')).toEqual([]);
  });
});
