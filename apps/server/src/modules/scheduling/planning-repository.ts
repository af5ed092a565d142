/**
 * The planning views' SQL (decision 015): counts and sums are aggregated by the database, pages cut by it.
 * Reads `event_users`/`users` only to scope, order and page people by group and name; names and groups come from
 * the memberships service. Writes only `shift_assignments` (the scheduling module owns it).
 */

import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Db } from '../../db/types.js';
import { containsText } from '../../lib/search.js';
import { placesTaken, type ShiftFilters, shiftFilter } from './shift-filters.js';

/** A shift with its count of places taken, as the timeline and the "not full" list read it. */
export interface ShiftBlockRow {
  id: number;
  title: string;
  location: string;
  starts_at: string;
  ends_at: string;
  capacity: number;
  group_id: number | null;
  group_name: string | null;
  filled: number | string | null;
  mine_id: number | null;
}

/** The timeline and the lists take the shift list's filters. */
export type BlockFilters = ShiftFilters;

export interface HoursAggregateRow {
  event_user_id: number;
  shifts: number | string;
  arrived: number | string;
  no_show: number | string;
  minutes: number | string | null;
}

/** Minutes between two UTC ISO text columns. */
function minutesBetween(db: Db, start: string, end: string) {
  const dialect = dialectOf(db);
  return dialect === 'postgres'
    ? sql<number>`extract(epoch from (${sql.ref(end)}::timestamptz - ${sql.ref(start)}::timestamptz)) / 60`
    : sql<number>`(julianday(${sql.ref(end)}) - julianday(${sql.ref(start)})) * 1440`;
}

/**
 * PostgreSQL: the places taken of the shifts in the period, counted in one pass over their assignments (a hash
 * aggregate) instead of one count per shift: the timeline of a festival's 600 shifts is what every volunteer
 * looking for a free place reads (decision 024). The period, group and location narrow it as they narrow the
 * shifts; the rest of the filters only drop rows the outer query drops anyway. SQLite keeps the per-shift count,
 * an index lookup in the process.
 */
function takenPlaces(db: Db, eventId: number, filters: BlockFilters) {
  return db
    .selectFrom('shift_assignments as a')
    .innerJoin('shifts', 'shifts.id', 'a.shift_id')
    .select((eb) => ['a.shift_id', eb.fn.countAll<number>().as('n')])
    .where('shifts.event_id', '=', eventId)
    .where((eb) =>
      shiftFilter(eb, {
        from: filters.from,
        to: filters.to,
        groupId: filters.groupId,
        location: filters.location,
        onlyGroupId: filters.onlyGroupId,
      }),
    )
    .groupBy('a.shift_id');
}

function blocks(db: Db, eventId: number, viewer: number, filters: BlockFilters) {
  const dialect = dialectOf(db);
  return (
    db
      .selectFrom('shifts')
      .leftJoin('event_groups as g', 'g.id', 'shifts.group_id')
      // The viewer's own place: at most one row per shift (unique shift, member), an index lookup.
      .leftJoin('shift_assignments as m', (join) =>
        join.onRef('m.shift_id', '=', 'shifts.id').on('m.event_user_id', '=', viewer),
      )
      .$if(dialect === 'postgres', (query) =>
        query.leftJoin(takenPlaces(db, eventId, filters).as('taken'), 'taken.shift_id', 'shifts.id'),
      )
      .select((eb) => [
        'shifts.id',
        'shifts.title',
        'shifts.location',
        'shifts.starts_at',
        'shifts.ends_at',
        'shifts.capacity',
        'shifts.group_id',
        'g.name as group_name',
        dialect === 'postgres'
          ? sql<number>`coalesce(taken.n, 0)`.as('filled')
          : placesTaken(eb.ref('shifts.id')).as('filled'),
        'm.id as mine_id',
      ])
      .where('shifts.event_id', '=', eventId)
      .where((eb) => shiftFilter(eb, filters))
  );
}

function notFullWhere(db: Db) {
  const dialect = dialectOf(db);
  return dialect === 'postgres'
    ? sql<SqlBool>`coalesce(taken.n, 0) < shifts.capacity`
    : sql<SqlBool>`(select count(*) from shift_assignments as c where c.shift_id = shifts.id) < shifts.capacity`;
}

/**
 * Volunteers (role 2) of the event without any assignment; `groupId` null: nobody (a leader without group);
 * `search`: name or e-mail contains it.
 */
function withoutShiftFrom(db: Db, eventId: number, groupId: number | null | undefined, search = '') {
  let query = db
    .selectFrom('event_users as eu')
    .innerJoin('users as u', 'u.id', 'eu.user_id')
    .where('eu.event_id', '=', eventId)
    .where('eu.role_level', '=', 2)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('shift_assignments as a').select('a.id').whereRef('a.event_user_id', '=', 'eu.id')),
      ),
    );
  if (groupId === null) query = query.where(sql<SqlBool>`1 = 0`);
  else if (groupId !== undefined) query = query.where('eu.group_id', '=', groupId);
  if (search !== '') {
    query = query.where(
      containsText(db, sql`u.firstname || ' ' || u.lastname || ' ' || u.email`, search) as RawBuilder<SqlBool>,
    );
  }
  return query;
}

function hoursFrom(db: Db, eventId: number, groupId: number | null | undefined) {
  let query = db
    .selectFrom('shift_assignments as a')
    .innerJoin('shifts as s', 's.id', 'a.shift_id')
    .innerJoin('event_users as eu', 'eu.id', 'a.event_user_id')
    .where('s.event_id', '=', eventId)
    .where('eu.event_id', '=', eventId);
  if (groupId === null) query = query.where(sql<SqlBool>`1 = 0`);
  else if (groupId !== undefined) query = query.where('eu.group_id', '=', groupId);
  return query;
}

export function timeline(db: Db, eventId: number, viewer: number, filters: BlockFilters): Promise<ShiftBlockRow[]> {
  return blocks(db, eventId, viewer, filters).orderBy('shifts.starts_at').orderBy('shifts.id').execute();
}

export function notFull(db: Db, eventId: number, viewer: number, filters: BlockFilters, limit: number, offset: number) {
  return blocks(db, eventId, viewer, filters)
    .where(notFullWhere(db))
    .orderBy('shifts.starts_at')
    .orderBy('shifts.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countNotFull(db: Db, eventId: number, viewer: number, filters: BlockFilters): Promise<number> {
  const row = await db
    .selectFrom(blocks(db, eventId, viewer, filters).where(notFullWhere(db)).as('open'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Membership ids of volunteers holding no shift, by last name, first name. */
export async function withoutShift(
  db: Db,
  eventId: number,
  groupId: number | null | undefined,
  limit: number,
  offset: number,
  search = '',
) {
  const rows = await withoutShiftFrom(db, eventId, groupId, search)
    .select('eu.id')
    .orderBy('u.lastname')
    .orderBy('u.firstname')
    .orderBy('eu.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => row.id);
}

export async function countWithoutShift(
  db: Db,
  eventId: number,
  groupId: number | null | undefined,
  search = '',
): Promise<number> {
  const row = await withoutShiftFrom(db, eventId, groupId, search)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Per member holding shifts: how many, how many arrived / no-show, and the minutes counted; by name. */
export function hours(
  db: Db,
  eventId: number,
  groupId: number | null | undefined,
  arrivedOnly: boolean,
  page?: { limit: number; offset: number },
): Promise<HoursAggregateRow[]> {
  const minutes = minutesBetween(db, 's.starts_at', 's.ends_at');
  let query = hoursFrom(db, eventId, groupId)
    .innerJoin('users as u', 'u.id', 'eu.user_id')
    .select([
      'eu.id as event_user_id',
      sql<number>`count(*)`.as('shifts'),
      sql<number>`sum(case when a.attendance = 'arrived' then 1 else 0 end)`.as('arrived'),
      sql<number>`sum(case when a.attendance = 'no_show' then 1 else 0 end)`.as('no_show'),
      (arrivedOnly
        ? sql<number>`sum(case when a.attendance = 'arrived' then ${minutes} else 0 end)`
        : sql<number>`sum(${minutes})`
      ).as('minutes'),
    ])
    .groupBy(['eu.id', 'u.lastname', 'u.firstname'])
    .orderBy('u.lastname')
    .orderBy('u.firstname')
    .orderBy('eu.id');
  if (page) query = query.limit(page.limit).offset(page.offset);
  return query.execute();
}

export async function countHours(db: Db, eventId: number, groupId: number | null | undefined): Promise<number> {
  const row = await hoursFrom(db, eventId, groupId)
    .select(sql<number>`count(distinct a.event_user_id)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function moveAssignment(db: Db, fromShiftId: number, assignmentId: number, toShiftId: number) {
  return db
    .updateTable('shift_assignments')
    .set({ shift_id: toShiftId, attendance: null })
    .where('shift_id', '=', fromShiftId)
    .where('id', '=', assignmentId)
    .execute();
}

export function setAttendance(db: Db, shiftId: number, assignmentId: number, attendance: string | null) {
  return db
    .updateTable('shift_assignments')
    .set({ attendance })
    .where('shift_id', '=', shiftId)
    .where('id', '=', assignmentId)
    .execute();
}
