/** All SQL of the `events` table: the only place that writes it. Pass a transaction as `db` to take part in it. */

import type { EventSummary, RoleLevel } from '@funkis/shared';
import { sql } from 'kysely';
import type { Db, EventUpdate } from '../../db/types.js';
import { deleteAuditOfEvents } from '../../lib/audit.js';
import { eventAvatarUrl } from '../../lib/avatar-urls.js';
import { prepared } from '../../lib/prepared.js';
import { nowIso } from '../../lib/time.js';

/**
 * The event with its form's stored fields in one statement (the event screen's call, `GET /api/event/{id}`,
 * on every page of an event): built once, run with new parameters (lib/prepared.ts).
 */
export const findEventWithForm = prepared((db: Db, eventId: number) =>
  db
    .selectFrom('events')
    .leftJoin('event_forms', 'event_forms.event_id', 'events.id')
    .selectAll('events')
    .select('event_forms.fields as form_fields')
    .where('events.id', '=', eventId),
);

// --- events ---
export function findEvent(db: Db, eventId: number) {
  return db.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirst();
}

/**
 * The home page: events the user is a member of or applied to, and ongoing events open for application.
 * One row per event (the joins are on unique keys).
 */
export async function listForUser(db: Db, userId: number, page: number, pageSize: number) {
  const base = db
    .selectFrom('events')
    .leftJoin('event_users as mine', (join) =>
      join.onRef('mine.event_id', '=', 'events.id').on('mine.user_id', '=', userId),
    )
    .leftJoin('applications as applied', (join) =>
      join.onRef('applied.event_id', '=', 'events.id').on('applied.user_id', '=', userId),
    )
    .where((eb) =>
      eb.or([
        eb('mine.id', 'is not', null),
        eb('applied.id', 'is not', null),
        eb.and([eb('events.status', '=', 'ongoing'), eb('events.applications_open', '=', 1)]),
      ]),
    );
  const [rows, count] = await Promise.all([
    base
      .select([
        'events.id',
        'events.name',
        'events.avatar',
        'events.status',
        'events.applications_open',
        'mine.role_level',
        'applied.status as application_status',
      ])
      .orderBy(sql`case when ${sql.ref('mine.id')} is null then 1 else 0 end`)
      .orderBy(sql`lower(${sql.ref('events.name')})`)
      .orderBy('events.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const events: EventSummary[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    avatarUrl: eventAvatarUrl(row.id, row.avatar),
    status: row.status as EventSummary['status'],
    applicationsOpen: row.applications_open === 1,
    roleLevel: row.role_level === null ? null : (row.role_level as RoleLevel),
    applicationStatus: (row.application_status ?? null) as EventSummary['applicationStatus'],
  }));
  return { events, total: Number(count.n) };
}

/** A new event; `id` only for demo data that must keep the ids the specification names (1 and 13). */
export function insertEvent(db: Db, values: { name: string; description: string; id?: number }) {
  const now = nowIso();
  return db
    .insertInto('events')
    .values({
      ...(values.id === undefined ? {} : ({ id: values.id } as object)),
      name: values.name,
      description: values.description,
      status: 'ongoing',
      applications_open: 0,
      use_week_separation: 0,
      week_separation_config: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateEvent(db: Db, eventId: number, values: EventUpdate) {
  return db
    .updateTable('events')
    .set({ ...values, updated_at: nowIso() })
    .where('id', '=', eventId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Events that go with the account of their only member (their rows cascade: groups, forms, applications …; their audit log is deleted by deleteAuditOfEvents). */
export async function deleteEvents(db: Db, eventIds: readonly number[]): Promise<string[]> {
  const storageKeys: string[] = [];
  for (let start = 0; start < eventIds.length; start += 500) {
    const ids = eventIds.slice(start, start + 500);
    const files = await db.selectFrom('files').select('storage_key').where('event_id', 'in', ids).execute();
    storageKeys.push(...files.map((file) => file.storage_key));
    await db.deleteFrom('events').where('id', 'in', ids).execute();
    await deleteAuditOfEvents(db, ids);
  }
  return storageKeys;
}
