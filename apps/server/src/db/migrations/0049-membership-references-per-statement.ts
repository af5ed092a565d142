import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * PostgreSQL only: the references of `event_users` (its event, account and group) are checked once per statement
 * instead of once per row (docs/decisions/036). A foreign key checks each new row on its own: accepting 10,000
 * applications made 30,000 lookups, 20,000 of them of the same one event and the same few groups, and took longer
 * than the insert itself. The triggers below check the set of referenced rows once, with the lock a foreign key
 * takes (`for key share`), and answer a missing one with the foreign key's own error (SQLSTATE 23503). The ON
 * DELETE actions become statement triggers on the referenced tables: an event's and an account's memberships go
 * with it, a removed group's members keep no group.
 *
 * Why this stays exact when both happen at once: a membership's statement locks the rows it names before it ends;
 * removing one of them waits for that transaction, then its trigger (a statement of its own, which sees what
 * committed meanwhile) removes or ungroups the new memberships too. A removal that came first leaves the locking
 * query without the row, and the membership's statement fails. test/db/membership-references.test.ts shows both.
 *
 * SQLite keeps its foreign keys: it checks them in the same thread without a lock, and its bulk update is far
 * inside its goal.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  const { rows } = await sql<{ name: string }>`
    select conname as name from pg_constraint
    where conrelid = 'event_users'::regclass and contype = 'f'`.execute(db);
  for (const { name } of rows) {
    await sql`alter table event_users drop constraint ${sql.id(name)}`.execute(db);
  }

  // The referenced rows of a set of memberships, locked as a foreign key locks them; 23503 when one is missing.
  await sql`create function event_users_check_references(event_ids integer[], user_ids integer[], group_ids integer[])
    returns void language plpgsql as $$
    declare
      found integer;
    begin
      select count(*) into found from (select id from events where id = any(event_ids) for key share) locked;
      if found <> cardinality(event_ids) then
        raise exception 'a membership names an event that does not exist' using errcode = 'foreign_key_violation';
      end if;
      select count(*) into found from (select id from users where id = any(user_ids) for key share) locked;
      if found <> cardinality(user_ids) then
        raise exception 'a membership names an account that does not exist' using errcode = 'foreign_key_violation';
      end if;
      select count(*) into found from (select id from event_groups where id = any(group_ids) for key share) locked;
      if found <> cardinality(group_ids) then
        raise exception 'a membership names a group that does not exist' using errcode = 'foreign_key_violation';
      end if;
    end
  $$`.execute(db);

  await sql`create function event_users_inserted() returns trigger language plpgsql as $$
    begin
      perform event_users_check_references(
        (select coalesce(array_agg(distinct event_id), '{}') from new_rows),
        (select coalesce(array_agg(distinct user_id), '{}') from new_rows),
        (select coalesce(array_agg(distinct group_id), '{}') from new_rows where group_id is not null));
      return null;
    end
  $$`.execute(db);
  await sql`create trigger event_users_references_inserted after insert on event_users
    referencing new table as new_rows for each statement execute function event_users_inserted()`.execute(db);

  // An update checks only the references it changes (in practice the group), as a foreign key does.
  await sql`create function event_users_updated() returns trigger language plpgsql as $$
    begin
      perform event_users_check_references(
        (select coalesce(array_agg(distinct n.event_id), '{}') from new_rows n join old_rows o on o.id = n.id
          where n.event_id <> o.event_id),
        (select coalesce(array_agg(distinct n.user_id), '{}') from new_rows n join old_rows o on o.id = n.id
          where n.user_id <> o.user_id),
        (select coalesce(array_agg(distinct n.group_id), '{}') from new_rows n join old_rows o on o.id = n.id
          where n.group_id is not null and n.group_id is distinct from o.group_id));
      return null;
    end
  $$`.execute(db);
  await sql`create trigger event_users_references_updated after update on event_users
    referencing old table as old_rows new table as new_rows for each statement execute function event_users_updated()`.execute(
    db,
  );

  // The foreign keys' ON DELETE actions.
  await sql`create function event_users_follow_removed_event() returns trigger language plpgsql as $$
    begin
      delete from event_users where event_id in (select id from old_rows);
      return null;
    end
  $$`.execute(db);
  await sql`create trigger event_users_follow_removed_event after delete on events
    referencing old table as old_rows for each statement execute function event_users_follow_removed_event()`.execute(
    db,
  );
  await sql`create function event_users_follow_removed_user() returns trigger language plpgsql as $$
    begin
      delete from event_users where user_id in (select id from old_rows);
      return null;
    end
  $$`.execute(db);
  await sql`create trigger event_users_follow_removed_user after delete on users
    referencing old table as old_rows for each statement execute function event_users_follow_removed_user()`.execute(
    db,
  );
  await sql`create function event_users_follow_removed_group() returns trigger language plpgsql as $$
    begin
      update event_users set group_id = null where group_id in (select id from old_rows);
      return null;
    end
  $$`.execute(db);
  await sql`create trigger event_users_follow_removed_group after delete on event_groups
    referencing old table as old_rows for each statement execute function event_users_follow_removed_group()`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  // down() is not told the dialect: PostgreSQL's introspection names a schema, SQLite's does not.
  const tables = await db.introspection.getTables();
  if (tables.find((table) => table.name === 'event_users')?.schema === undefined) return;
  await sql`drop trigger event_users_follow_removed_group on event_groups`.execute(db);
  await sql`drop trigger event_users_follow_removed_user on users`.execute(db);
  await sql`drop trigger event_users_follow_removed_event on events`.execute(db);
  await sql`drop trigger event_users_references_updated on event_users`.execute(db);
  await sql`drop trigger event_users_references_inserted on event_users`.execute(db);
  for (const name of [
    'event_users_follow_removed_group',
    'event_users_follow_removed_user',
    'event_users_follow_removed_event',
    'event_users_updated',
    'event_users_inserted',
  ]) {
    await sql`drop function ${sql.id(name)}()`.execute(db);
  }
  await sql`drop function event_users_check_references(integer[], integer[], integer[])`.execute(db);
  await sql`alter table event_users add foreign key (event_id) references events (id) on delete cascade`.execute(db);
  await sql`alter table event_users add foreign key (user_id) references users (id) on delete cascade`.execute(db);
  await sql`alter table event_users add foreign key (group_id) references event_groups (id) on delete set null`.execute(
    db,
  );
}
