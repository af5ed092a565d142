/** All SQL of `shifts`, `shift_assignments`, `scheduling_settings` and `calendar_feeds`: their only writer. */

import { EVENT_DAY_LIMITS, type SchedulingSettings } from '@funkis/shared';
import { type Selectable, type SqlBool, sql } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Db, SchedulingSettingsTable } from '../../db/types.js';
import { parseJson } from '../../lib/json.js';
import { prepared } from '../../lib/prepared.js';
import { dialectStatements } from '../../lib/transaction.js';
import { placesTaken, type ShiftFilters, shiftFilter } from './shift-filters.js';

export interface ShiftRow {
  id: number;
  event_id: number;
  title: string;
  description: string;
  location: string;
  starts_at: string;
  ends_at: string;
  capacity: number;
  group_id: number | null;
  group_name: string | null;
  created_at: string;
}

export interface AssignmentRow {
  id: number;
  shift_id: number;
  event_user_id: number;
  attendance: string | null;
  created_at: string;
  /** 1: given from the shift's waitlist. */
  from_waitlist: number;
}

export type { ShiftFilters };

export interface ShiftValues {
  title: string;
  description: string;
  location: string;
  startsAt: string;
  endsAt: string;
  capacity: number;
  groupId: number | null;
}

export const DEFAULT_SETTINGS: SchedulingSettings = {
  minRestMinutes: 0,
  selfSignupGroupIds: [],
  signOffClosesHours: 0,
  reminderHours: 24,
  lateAfterMinutes: EVENT_DAY_LIMITS.LATE_AFTER_MINUTES_DEFAULT,
  handoverApproval: false,
};

/** The columns of an event's `scheduling_settings` that make its settings, read alone or beside a shift. */
const SETTINGS_COLUMNS = [
  'min_rest_minutes',
  'self_signup_group_ids',
  'sign_off_closes_hours',
  'reminder_hours',
  'late_after_minutes',
  'handover_approval',
] as const;

/** Those columns as a left join gives them: all null when the event saved no settings. */
type SettingsColumns = {
  [Column in (typeof SETTINGS_COLUMNS)[number]]: Selectable<SchedulingSettingsTable>[Column] | null;
};

/** The settings of an event's row; without one, the defaults. */
function settingsOf(row: SettingsColumns | undefined): SchedulingSettings {
  if (!row || row.self_signup_group_ids === null) return { ...DEFAULT_SETTINGS };
  return {
    minRestMinutes: Number(row.min_rest_minutes),
    selfSignupGroupIds: parseJson<number[]>(row.self_signup_group_ids, []),
    signOffClosesHours: Number(row.sign_off_closes_hours),
    reminderHours: Number(row.reminder_hours),
    lateAfterMinutes: Number(row.late_after_minutes),
    handoverApproval: Number(row.handover_approval) === 1,
  };
}

/** An assignment whose reminder may be due, with what the mail tells. */
export interface ReminderCandidate {
  assignment_id: number;
  event_user_id: number;
  shift_id: number;
  event_id: number;
  title: string;
  location: string;
  starts_at: string;
  ends_at: string;
  reminder_hours: number;
}

/** What every read of a shift names: the list's and the calendar feeds'. */
const shiftColumns = [
  'shifts.id',
  'shifts.event_id',
  'shifts.title',
  'shifts.description',
  'shifts.location',
  'shifts.starts_at',
  'shifts.ends_at',
  'shifts.created_at',
  'shifts.updated_at',
  'shifts.sequence',
] as const;

function shiftsFrom(db: Db) {
  return db
    .selectFrom('shifts')
    .leftJoin('event_groups as g', 'g.id', 'shifts.group_id')
    .select([...shiftColumns, 'shifts.capacity', 'shifts.group_id', 'g.name as group_name']);
}

/** The shifts memberships hold, with what the calendar feeds write (`a`: the assignment). */
function heldShiftsFrom(db: Db) {
  return db.selectFrom('shift_assignments as a').innerJoin('shifts', 'shifts.id', 'a.shift_id').select(shiftColumns);
}

export function listShifts(db: Db, eventId: number, filters: ShiftFilters): Promise<ShiftRow[]> {
  return shiftsFrom(db)
    .where('shifts.event_id', '=', eventId)
    .where((eb) => shiftFilter(eb, filters))
    .orderBy('shifts.starts_at')
    .orderBy('shifts.id')
    .execute();
}

export function findShift(db: Db, eventId: number, shiftId: number): Promise<ShiftRow | undefined> {
  return shiftsFrom(db).where('shifts.event_id', '=', eventId).where('shifts.id', '=', shiftId).executeTakeFirst();
}

/**
 * The shift, its row locked until the transaction ends on PostgreSQL (`FOR NO KEY UPDATE OF shifts`): every
 * decision on the shift's places (sign-up, sign-off, assign, move, a change of capacity or times) queues
 * here, and only here, so sign-ups for different shifts of one event run side by side (decision 024).
 * Callers that lock several shifts lock them in id order, and always before the member (`lockMember`).
 */
export function lockShift(db: Db, eventId: number, shiftId: number): Promise<ShiftRow | undefined> {
  const dialect = dialectOf(db);
  return shiftsFrom(db)
    .where('shifts.event_id', '=', eventId)
    .where('shifts.id', '=', shiftId)
    .$if(dialect === 'postgres', (query) => query.forNoKeyUpdate('shifts'))
    .executeTakeFirst();
}

export async function assignmentsOf(db: Db, shiftIds: readonly number[]): Promise<AssignmentRow[]> {
  const { inIds, idBatches: batches } = dialectStatements(db);
  const rows: AssignmentRow[] = [];
  for (const ids of batches(shiftIds)) {
    rows.push(
      ...(await db
        .selectFrom('shift_assignments')
        .select(['id', 'shift_id', 'event_user_id', 'attendance', 'created_at', 'from_waitlist'])
        .where(inIds('shift_id', ids))
        .orderBy('created_at')
        .orderBy('id')
        .execute()),
    );
  }
  return rows;
}

/**
 * The statement of `signUpView`, run by every sign-up call (about 16,000 in the rush's minute): built by Kysely
 * once per database, then run with new parameters (lib/prepared.ts).
 */
const signUpViewRow = prepared((db: Db, eventId: number, shiftId: number, eventUserId: number) =>
  shiftsFrom(db)
    .leftJoin('scheduling_settings as s', 's.event_id', 'shifts.event_id')
    .select((eb) => [
      placesTaken(eb.ref('shifts.id')).as('taken'),
      eb
        .selectFrom('shift_assignments as h')
        .select('h.id')
        .whereRef('h.shift_id', '=', 'shifts.id')
        .where('h.event_user_id', '=', eventUserId)
        .as('held_id'),
      ...SETTINGS_COLUMNS.map((column) => `s.${column}` as const),
    ])
    .where('shifts.event_id', '=', eventId)
    .where('shifts.id', '=', shiftId),
);

/**
 * A sign-up's first look, without a lock and outside any transaction (decision 024): the shift, its places
 * taken, whether the person already holds it, and the event's scheduling settings, in one statement. Enough
 * to answer a full shift 409 without queueing on its row lock; any other outcome is decided under the locks.
 */
export async function signUpView(
  db: Db,
  eventId: number,
  shiftId: number,
  eventUserId: number,
): Promise<{ shift: ShiftRow; taken: number; held: boolean; settings: SchedulingSettings } | undefined> {
  const [row] = await signUpViewRow(db, eventId, shiftId, eventUserId);
  if (!row) return undefined;
  const { taken, held_id, ...shift } = row;
  // The shift's row without the settings read beside it.
  for (const column of SETTINGS_COLUMNS) delete (shift as Partial<SettingsColumns>)[column];
  return {
    shift,
    taken: Number(taken),
    held: held_id !== null,
    settings: settingsOf(row),
  };
}

/**
 * Adds the assignment only while the shift has fewer than `capacity` of them, counted and inserted in one
 * statement: undefined when it is full. The caller holds the shift's row lock (PostgreSQL), taken by an
 * earlier statement, so the count sees every assignment committed before the lock was granted.
 */
export function insertAssignmentIfRoom(db: Db, shiftId: number, eventUserId: number, capacity: number, now: string) {
  return db
    .insertInto('shift_assignments')
    .columns(['shift_id', 'event_user_id', 'created_at'])
    .expression(
      db
        .selectNoFrom([
          sql<number>`cast(${shiftId} as integer)`.as('shift_id'),
          sql<number>`cast(${eventUserId} as integer)`.as('event_user_id'),
          sql<string>`cast(${now} as text)`.as('created_at'),
        ])
        .where(
          (eb) =>
            eb
              .selectFrom('shift_assignments')
              .select((inner) => inner.fn.countAll<number>().as('n'))
              .where('shift_id', '=', shiftId),
          '<',
          sql<number>`cast(${capacity} as integer)`,
        ),
    )
    .returning(['id', 'shift_id', 'event_user_id', 'attendance', 'created_at', 'from_waitlist'])
    .executeTakeFirst();
}

/**
 * The waitlists of these shifts: how many wait on each, and where `viewer` stands (1 first). Read from the rows
 * themselves, in the order people came (`id`), so a position never skips or repeats.
 */
export async function waitlistsOf(
  db: Db,
  shiftIds: readonly number[],
  viewer: number,
): Promise<Map<number, { size: number; myPosition: number | null }>> {
  const { inIds, idBatches: batches } = dialectStatements(db);
  const lists = new Map<number, { size: number; myPosition: number | null }>();
  for (const ids of batches(shiftIds)) {
    const rows = await db
      .selectFrom('shift_waitlist')
      .select(['shift_id', 'event_user_id'])
      .where(inIds('shift_id', ids))
      .orderBy('shift_id')
      .orderBy('id')
      .execute();
    for (const row of rows) {
      const list = lists.get(row.shift_id) ?? { size: 0, myPosition: null };
      list.size += 1;
      if (row.event_user_id === viewer) list.myPosition = list.size;
      lists.set(row.shift_id, list);
    }
  }
  return lists;
}

/** Who waits for a place on the shift, first first. */
export function waitlistOf(db: Db, shiftId: number) {
  return db
    .selectFrom('shift_waitlist')
    .select(['id', 'event_user_id', 'created_at'])
    .where('shift_id', '=', shiftId)
    .orderBy('id')
    .execute();
}

/** Puts the person at the end of the shift's line; the unique index refuses a second place in it. */
export function joinWaitlist(db: Db, shiftId: number, eventUserId: number, now: string) {
  return db
    .insertInto('shift_waitlist')
    .values({ shift_id: shiftId, event_user_id: eventUserId, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Marks a place as given from the shift's waitlist (its holder may give it back until the start). */
export function markFromWaitlist(db: Db, assignmentId: number) {
  return db.updateTable('shift_assignments').set({ from_waitlist: 1 }).where('id', '=', assignmentId).execute();
}

/** Takes the person out of the shift's line; answers whether they were in it. */
export async function leaveWaitlist(db: Db, shiftId: number, eventUserId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('shift_waitlist')
    .where('shift_id', '=', shiftId)
    .where('event_user_id', '=', eventUserId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countAssignments(db: Db, shiftId: number): Promise<number> {
  const row = await db
    .selectFrom('shift_assignments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shift_id', '=', shiftId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The shifts one membership holds in the event, with their times: what overlap and rest are checked on. */
export function shiftsOfMember(db: Db, eventId: number, eventUserId: number) {
  return db
    .selectFrom('shift_assignments as a')
    .innerJoin('shifts', 'shifts.id', 'a.shift_id')
    .select(['shifts.id', 'shifts.title', 'shifts.starts_at', 'shifts.ends_at'])
    .where('shifts.event_id', '=', eventId)
    .where('a.event_user_id', '=', eventUserId)
    .execute();
}

/** The shifts each of these memberships holds in the event (`event_user_id` names whose): overlap and rest of many. */
export async function shiftsOfMembers(db: Db, eventId: number, eventUserIds: readonly number[]) {
  const { inIds, idBatches: batches } = dialectStatements(db);
  const rows: { event_user_id: number; id: number; title: string; starts_at: string; ends_at: string }[] = [];
  for (const ids of batches(eventUserIds)) {
    rows.push(
      ...(await db
        .selectFrom('shift_assignments as a')
        .innerJoin('shifts', 'shifts.id', 'a.shift_id')
        .select(['a.event_user_id', 'shifts.id', 'shifts.title', 'shifts.starts_at', 'shifts.ends_at'])
        .where('shifts.event_id', '=', eventId)
        .where(inIds('a.event_user_id', ids))
        .execute()),
    );
  }
  return rows;
}

/** Every shift one membership holds, by start: the calendar feed. */
export function calendarShiftsOfMember(db: Db, eventId: number, eventUserId: number) {
  return heldShiftsFrom(db)
    .where('shifts.event_id', '=', eventId)
    .where('a.event_user_id', '=', eventUserId)
    .orderBy('shifts.starts_at')
    .orderBy('shifts.id')
    .execute();
}

export function findAssignment(db: Db, shiftId: number, assignmentId: number) {
  return db
    .selectFrom('shift_assignments')
    .select(['id', 'shift_id', 'event_user_id', 'attendance', 'created_at', 'from_waitlist'])
    .where('shift_id', '=', shiftId)
    .where('id', '=', assignmentId)
    .executeTakeFirst();
}

/** The place one membership holds on a shift, if any. */
export function findPlace(db: Db, shiftId: number, eventUserId: number): Promise<AssignmentRow | undefined> {
  return db
    .selectFrom('shift_assignments')
    .select(['id', 'shift_id', 'event_user_id', 'attendance', 'created_at', 'from_waitlist'])
    .where('shift_id', '=', shiftId)
    .where('event_user_id', '=', eventUserId)
    .executeTakeFirst();
}

/** Shifts overlapping [from, to) in the live board's order: start, location, title. */
export function boardShifts(db: Db, eventId: number, filters: ShiftFilters): Promise<ShiftRow[]> {
  return shiftsFrom(db)
    .where('shifts.event_id', '=', eventId)
    .where((eb) => shiftFilter(eb, filters))
    .orderBy('shifts.starts_at')
    .orderBy('shifts.location')
    .orderBy('shifts.title')
    .orderBy('shifts.id')
    .execute();
}

/** The shifts one membership holds that overlap [from, to), by start, with the place's attendance. */
export function placesOfMemberBetween(db: Db, eventId: number, eventUserId: number, from: string, to: string) {
  return db
    .selectFrom('shift_assignments as a')
    .innerJoin('shifts', 'shifts.id', 'a.shift_id')
    .select([
      'shifts.id',
      'shifts.title',
      'shifts.location',
      'shifts.starts_at',
      'shifts.ends_at',
      'shifts.group_id',
      'a.id as assignment_id',
      'a.attendance',
    ])
    .where('shifts.event_id', '=', eventId)
    .where('a.event_user_id', '=', eventUserId)
    .where('shifts.ends_at', '>', from)
    .where('shifts.starts_at', '<', to)
    .orderBy('shifts.starts_at')
    .orderBy('shifts.id')
    .execute();
}

export function insertShift(db: Db, eventId: number, values: ShiftValues, now: string) {
  return db
    .insertInto('shifts')
    .values({
      event_id: eventId,
      title: values.title,
      description: values.description,
      location: values.location,
      starts_at: values.startsAt,
      ends_at: values.endsAt,
      capacity: values.capacity,
      group_id: values.groupId,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A change: the values, and the next revision for calendars (SEQUENCE, LAST-MODIFIED). */
export function updateShift(db: Db, eventId: number, shiftId: number, values: ShiftValues, now: string) {
  return db
    .updateTable('shifts')
    .set({
      sequence: sql<number>`sequence + 1`,
      updated_at: now,
      title: values.title,
      description: values.description,
      location: values.location,
      starts_at: values.startsAt,
      ends_at: values.endsAt,
      capacity: values.capacity,
      group_id: values.groupId,
    })
    .where('event_id', '=', eventId)
    .where('id', '=', shiftId)
    .execute();
}

export function deleteShift(db: Db, eventId: number, shiftId: number) {
  return db.deleteFrom('shifts').where('event_id', '=', eventId).where('id', '=', shiftId).execute();
}

export function insertAssignment(db: Db, shiftId: number, eventUserId: number, now: string) {
  return db
    .insertInto('shift_assignments')
    .values({ shift_id: shiftId, event_user_id: eventUserId, created_at: now })
    .returning(['id', 'shift_id', 'event_user_id', 'attendance', 'created_at', 'from_waitlist'])
    .executeTakeFirstOrThrow();
}

export function deleteAssignment(db: Db, shiftId: number, assignmentId: number) {
  return db.deleteFrom('shift_assignments').where('shift_id', '=', shiftId).where('id', '=', assignmentId).execute();
}

/** A membership's place on one shift (it is leaving the event). */
export function deleteAssignmentOf(db: Db, shiftId: number, eventUserId: number) {
  return db
    .deleteFrom('shift_assignments')
    .where('shift_id', '=', shiftId)
    .where('event_user_id', '=', eventUserId)
    .execute();
}

/** A changed time makes the shift's reminders due again (at the new time). */
export function resetReminders(db: Db, shiftId: number) {
  return db.updateTable('shift_assignments').set({ reminded_at: null }).where('shift_id', '=', shiftId).execute();
}

/**
 * Assignments without a reminder, in events whose reminder time is `hours`, whose shift starts after `now`
 * and no later than `until` (`now` + `hours`). Soonest first.
 */
export function dueReminders(
  db: Db,
  now: string,
  until: string,
  hours: number,
  limit: number,
): Promise<ReminderCandidate[]> {
  return db
    .selectFrom('shifts')
    .innerJoin('shift_assignments as a', 'a.shift_id', 'shifts.id')
    .leftJoin('scheduling_settings as s', 's.event_id', 'shifts.event_id')
    .select([
      'a.id as assignment_id',
      'a.event_user_id',
      'shifts.id as shift_id',
      'shifts.event_id',
      'shifts.title',
      'shifts.location',
      'shifts.starts_at',
      'shifts.ends_at',
      sql<number>`coalesce(${sql.ref('s.reminder_hours')}, ${DEFAULT_SETTINGS.reminderHours})`.as('reminder_hours'),
    ])
    .where('shifts.starts_at', '>', now)
    .where('shifts.starts_at', '<=', until)
    .where('a.reminded_at', 'is', null)
    .where(sql<SqlBool>`coalesce(${sql.ref('s.reminder_hours')}, ${DEFAULT_SETTINGS.reminderHours}) = ${hours}`)
    .orderBy('shifts.starts_at')
    .orderBy('a.id')
    .limit(limit)
    .execute();
}

/** Marks one reminder queued; false when another worker (or an earlier run) already did. */
export async function markReminded(db: Db, assignmentId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('shift_assignments')
    .set({ reminded_at: now })
    .where('id', '=', assignmentId)
    .where('reminded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The reminder times events use (the default for events without settings), without 0 (no reminders). */
export async function reminderHourValues(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('scheduling_settings').select('reminder_hours').distinct().execute();
  const hours = new Set([DEFAULT_SETTINGS.reminderHours, ...rows.map((row) => Number(row.reminder_hours))]);
  hours.delete(0);
  return [...hours].sort((a, b) => a - b);
}

// --- the secret calendar feed ---
export function calendarToken(db: Db, userId: number) {
  return db.selectFrom('calendar_tokens').select(['id', 'created_at']).where('user_id', '=', userId).executeTakeFirst();
}

export async function userOfCalendarToken(db: Db, tokenHash: string): Promise<number | undefined> {
  return (
    await db.selectFrom('calendar_tokens').select('user_id').where('token_hash', '=', tokenHash).executeTakeFirst()
  )?.user_id;
}

export async function replaceCalendarToken(db: Db, userId: number, tokenHash: string, now: string): Promise<void> {
  await db.deleteFrom('calendar_tokens').where('user_id', '=', userId).execute();
  await db.insertInto('calendar_tokens').values({ user_id: userId, token_hash: tokenHash, created_at: now }).execute();
}

export async function deleteCalendarToken(db: Db, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('calendar_tokens').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every shift the given memberships hold (any events), by start: the secret feed. */
export async function calendarShiftsOfMemberships(db: Db, eventUserIds: readonly number[]) {
  const { inIds, idBatches: batches } = dialectStatements(db);
  const rows: Awaited<ReturnType<ReturnType<typeof heldShiftsFrom>['execute']>> = [];
  for (const ids of batches(eventUserIds)) {
    rows.push(...(await heldShiftsFrom(db).where(inIds('a.event_user_id', ids)).execute()));
  }
  return rows.sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.id - b.id);
}

export async function settings(db: Db, eventId: number): Promise<SchedulingSettings> {
  return settingsOf(
    await db
      .selectFrom('scheduling_settings')
      .select(SETTINGS_COLUMNS)
      .where('event_id', '=', eventId)
      .executeTakeFirst(),
  );
}

export function saveSettings(db: Db, eventId: number, settings: SchedulingSettings, now: string) {
  const columns = {
    min_rest_minutes: settings.minRestMinutes,
    self_signup_group_ids: JSON.stringify(settings.selfSignupGroupIds),
    sign_off_closes_hours: settings.signOffClosesHours,
    reminder_hours: settings.reminderHours,
    late_after_minutes: settings.lateAfterMinutes,
    handover_approval: settings.handoverApproval ? 1 : 0,
    updated_at: now,
  };
  return db
    .insertInto('scheduling_settings')
    .values({ event_id: eventId, ...columns })
    .onConflict((oc) => oc.column('event_id').doUpdateSet(columns))
    .execute();
}
