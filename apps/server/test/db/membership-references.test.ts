import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/types.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { addMember, createEvent, createGroup, createUser } from '../helpers/factories.js';

/**
 * A membership's references (its event, account and group) hold as foreign keys hold them: on SQLite they are
 * foreign keys, on PostgreSQL statement triggers that check each statement's set of references once (migration
 * 0049). Both must refuse a membership of something that does not exist, and follow a removed event, account or
 * group, also when the removal and a new membership happen at the same moment.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const MISSING = 2_000_000_000;

/** A membership written as the memberships module writes one (its own tests cover the module's checks). */
const insertMembership = (db: Db, values: { eventId: number; userId: number; groupId: number | null }) =>
  db
    .insertInto('event_users')
    .values({
      event_id: values.eventId,
      user_id: values.userId,
      group_id: values.groupId,
      role_level: 2,
      via_application: 0,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

const membershipsOf = (userId: number) =>
  t.db.selectFrom('event_users').select(['id', 'group_id']).where('user_id', '=', userId).execute();

/** SQLite's and PostgreSQL's answer to a missing reference: a foreign key error. */
const foreignKeyError = dialect === 'postgres' ? { code: '23503' } : { code: 'SQLITE_CONSTRAINT_FOREIGNKEY' };

describe('membership references', () => {
  it('refuses a membership of an event, account or group that does not exist, one row or many', async () => {
    const event = await createEvent(t.db);
    const group = await createGroup(t.db, event.id);
    const user = await createUser(t.db);
    await expect(insertMembership(t.db, { eventId: MISSING, userId: user.id, groupId: null })).rejects.toMatchObject(
      foreignKeyError,
    );
    await expect(insertMembership(t.db, { eventId: event.id, userId: MISSING, groupId: null })).rejects.toMatchObject(
      foreignKeyError,
    );
    await expect(
      insertMembership(t.db, { eventId: event.id, userId: user.id, groupId: MISSING }),
    ).rejects.toMatchObject(foreignKeyError);
    // Many rows at once, one of them naming a missing group: the whole statement fails.
    const others = [await createUser(t.db), await createUser(t.db)];
    const now = new Date().toISOString();
    await expect(
      t.db
        .insertInto('event_users')
        .values(
          others.map((other, index) => ({
            event_id: event.id,
            user_id: other.id,
            group_id: index === 0 ? group.id : MISSING,
            role_level: 2,
            via_application: 1,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute(),
    ).rejects.toMatchObject(foreignKeyError);
    expect(await membershipsOf(others[0].id)).toEqual([]);
    // Nothing was left behind, and a membership naming what exists is taken.
    expect(await membershipsOf(user.id)).toEqual([]);
    await insertMembership(t.db, { eventId: event.id, userId: user.id, groupId: group.id });
    expect(await membershipsOf(user.id)).toHaveLength(1);
  });

  it('refuses moving a membership to a group that does not exist; a move to one that does is taken', async () => {
    const event = await createEvent(t.db);
    const [from, to] = [await createGroup(t.db, event.id), await createGroup(t.db, event.id)];
    const user = await createUser(t.db);
    const id = await addMember(t.db, event.id, user.id, 2, from.id);
    await expect(
      t.db.updateTable('event_users').set({ group_id: MISSING }).where('id', '=', id).execute(),
    ).rejects.toMatchObject(foreignKeyError);
    await t.db.updateTable('event_users').set({ group_id: to.id }).where('id', '=', id).execute();
    expect(await membershipsOf(user.id)).toEqual([{ id, group_id: to.id }]);
  });

  it('follows a removed group (members keep no group), account and event (memberships go)', async () => {
    const event = await createEvent(t.db);
    const group = await createGroup(t.db, event.id);
    const [kept, removed] = [await createUser(t.db), await createUser(t.db)];
    const keptId = await addMember(t.db, event.id, kept.id, 2, group.id);
    await addMember(t.db, event.id, removed.id, 2, group.id);

    await t.db.deleteFrom('event_groups').where('id', '=', group.id).execute();
    expect(await membershipsOf(kept.id)).toEqual([{ id: keptId, group_id: null }]);

    await t.db.deleteFrom('users').where('id', '=', removed.id).execute();
    expect(await membershipsOf(removed.id)).toEqual([]);
    expect(await membershipsOf(kept.id)).toHaveLength(1);

    await t.db.deleteFrom('events').where('id', '=', event.id).execute();
    expect(await membershipsOf(kept.id)).toEqual([]);
  });
});

async function until(condition: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Whether the transaction of the backend `pid` keeps another one waiting. */
const blocksAnother = async (pid: number) =>
  Number(
    (
      await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where ${pid} = any(pg_blocking_pids(pid))`.execute(t.db)
    ).rows[0].n,
  ) > 0;

/**
 * A transaction that runs `work`, says when it has, and commits only when released: to interleave two
 * transactions exactly.
 */
function heldTransaction<T>(work: (trx: Db) => Promise<T>) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let pid = 0;
  let worked = false;
  const done = t.db.transaction().execute(async (trx) => {
    pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0].pid;
    const result = await work(trx);
    worked = true;
    await released;
    return result;
  });
  return { done, release, pid: () => pid, worked: () => worked };
}

describe.runIf(dialect === 'postgres')('membership references at the same moment (PostgreSQL)', () => {
  it('an account removed while its new membership commits takes the membership with it', async () => {
    const event = await createEvent(t.db);
    const user = await createUser(t.db);
    const joining = heldTransaction((trx) =>
      insertMembership(trx, { eventId: event.id, userId: user.id, groupId: null }),
    );
    await until(async () => joining.worked());
    // The removal waits for the membership's transaction (the account is locked as a foreign key locks it)…
    const removing = t.db.deleteFrom('users').where('id', '=', user.id).execute();
    await until(() => blocksAnother(joining.pid()));
    joining.release();
    await joining.done;
    await removing;
    // …and then sees the membership, and removes it too.
    expect(await membershipsOf(user.id)).toEqual([]);
  });

  it('a membership of an account being removed fails once the removal commits', async () => {
    const event = await createEvent(t.db);
    const user = await createUser(t.db);
    const removing = heldTransaction((trx) => trx.deleteFrom('users').where('id', '=', user.id).execute());
    await until(async () => removing.worked());
    const joining = insertMembership(t.db, { eventId: event.id, userId: user.id, groupId: null });
    const outcome = joining.then(
      () => 'joined',
      (error: { code?: string }) => error.code,
    );
    await until(() => blocksAnother(removing.pid()));
    removing.release();
    await removing.done;
    expect(await outcome).toBe('23503');
    expect(await membershipsOf(user.id)).toEqual([]);
  });

  it('a group removed while members join it leaves them without a group, never with a missing one', async () => {
    const event = await createEvent(t.db);
    const group = await createGroup(t.db, event.id);
    const users = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    const now = new Date().toISOString();
    const joining = heldTransaction((trx) =>
      trx
        .insertInto('event_users')
        .values(
          users.map((user) => ({
            event_id: event.id,
            user_id: user.id,
            group_id: group.id,
            role_level: 2,
            via_application: 1,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute(),
    );
    await until(async () => joining.worked());
    const removing = t.db.deleteFrom('event_groups').where('id', '=', group.id).execute();
    await until(() => blocksAnother(joining.pid()));
    joining.release();
    await joining.done;
    await removing;
    for (const user of users) expect((await membershipsOf(user.id)).map((row) => row.group_id)).toEqual([null]);
  });
});
