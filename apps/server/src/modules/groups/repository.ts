/** All SQL of an event's groups (`event_groups`): the only place that writes the table. */

import type { Group } from '@funkis/shared';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';

export async function listGroups(
  db: Db,
  eventId: number,
  page: number,
  pageSize: number,
): Promise<{ groups: Group[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('event_groups as g')
      .select((eb) => [
        'g.id',
        'g.name',
        'g.description',
        'g.wanted',
        eb
          .selectFrom('event_users')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('event_users.group_id', '=', 'g.id')
          .as('member_count'),
      ])
      .where('g.event_id', '=', eventId)
      .orderBy(sql`lower(${sql.ref('g.name')})`)
      .orderBy('g.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('event_groups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    groups: rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      memberCount: Number(row.member_count ?? 0),
      wanted: row.wanted ?? null,
    })),
    total: Number(count.n),
  };
}

/** Id and name of every group of the event, by name: what filters and bulk changes check against. */
export function names(db: Db, eventId: number) {
  return db
    .selectFrom('event_groups')
    .select(['id', 'name'])
    .where('event_id', '=', eventId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function find(db: Db, eventId: number, groupId: number) {
  return db
    .selectFrom('event_groups')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', groupId)
    .executeTakeFirst();
}

export async function isNameTaken(db: Db, eventId: number, name: string, exceptGroupId?: number): Promise<boolean> {
  let query = db
    .selectFrom('event_groups')
    .select('id')
    .where('event_id', '=', eventId)
    .where(sql<SqlBool>`lower(${sql.ref('name')}) = ${name.toLowerCase()}`);
  if (exceptGroupId !== undefined) query = query.where('id', '!=', exceptGroupId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function countMembers(db: Db, eventId: number, groupId: number): Promise<number> {
  const row = await db
    .selectFrom('event_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('event_id', '=', eventId)
    .where('group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insert(db: Db, eventId: number, values: { name: string; description: string; wanted: number | null }) {
  return db
    .insertInto('event_groups')
    .values({
      event_id: eventId,
      name: values.name,
      description: values.description,
      wanted: values.wanted,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function update(
  db: Db,
  eventId: number,
  groupId: number,
  values: { name?: string; description?: string; wanted?: number | null },
) {
  return db
    .updateTable('event_groups')
    .set(values)
    .where('event_id', '=', eventId)
    .where('id', '=', groupId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Members, applications and shifts of the group keep their rows with no group (the foreign keys set null). */
export function deleteGroup(db: Db, eventId: number, groupId: number) {
  return db.deleteFrom('event_groups').where('event_id', '=', eventId).where('id', '=', groupId).execute();
}
