import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migratorOf, openDatabase } from '../../src/db/database.js';
import { dialect } from '../helpers/app.js';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
let handle: DatabaseHandle;
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  if (dialect === 'postgres') {
    const schema = `test_${process.pid}_${Date.now().toString(36)}_audit`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    handle = openDatabase({ url: postgresUrl, sqliteFile: ':memory:', pgSchema: schema });
    cleanUp = async () => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    };
  } else {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'funkis-migration-'));
    handle = openDatabase({ sqliteFile: path.join(dir, 'funkis.db') });
    cleanUp = () => fs.rm(dir, { recursive: true, force: true });
  }
});
afterAll(async () => {
  await handle.close();
  await cleanUp();
});

const now = '2026-01-01T00:00:00.000Z';
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
    const user = await handle.db
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
      .executeTakeFirstOrThrow();
    const event = await handle.db
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
      .executeTakeFirstOrThrow();
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
