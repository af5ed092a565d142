/** All SQL of `member_codes` and `check_ins`: their only writer. Pass a transaction as `db` to take part in it. */

import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/types.js';
import { dialectStatements } from '../../lib/transaction.js';

export interface CheckInRow {
  id: number;
  event_id: number;
  event_user_id: number;
  shift_id: number | null;
  kind: string;
  at: string;
  recorded_at: string;
  recorded_by: number | null;
  client_id: string | null;
  applied: number;
  undone_at: string | null;
  previous_attendance: string | null;
}

export interface NewCheckIn {
  eventId: number;
  eventUserId: number;
  shiftId: number | null;
  kind: 'arrive' | 'leave';
  at: string;
  recordedAt: string;
  recordedBy: number;
  clientId: string | null;
  applied: boolean;
  previousAttendance: string | null;
}

const columns = [
  'id',
  'event_id',
  'event_user_id',
  'shift_id',
  'kind',
  'at',
  'recorded_at',
  'recorded_by',
  'client_id',
  'applied',
  'undone_at',
  'previous_attendance',
] as const;

/** The member's code version (1 until a code was revoked). */
export async function codeVersion(db: Db, eventUserId: number): Promise<number> {
  const row = await db
    .selectFrom('member_codes')
    .select('version')
    .where('event_user_id', '=', eventUserId)
    .executeTakeFirst();
  return row?.version ?? 1;
}

export async function codeVersions(db: Db, eventUserIds: readonly number[]): Promise<Map<number, number>> {
  const { idBatches, inIds } = dialectStatements(db);
  const versions = new Map<number, number>();
  for (const ids of idBatches(eventUserIds)) {
    const rows = await db
      .selectFrom('member_codes')
      .select(['event_user_id', 'version'])
      .where(inIds('event_user_id', ids))
      .execute();
    for (const row of rows) versions.set(row.event_user_id, row.version);
  }
  return versions;
}

/** Bumps the member's code version (the caller holds the member's lock); answers the new version. */
export async function bumpCodeVersion(db: Db, eventUserId: number): Promise<number> {
  const row = await db
    .insertInto('member_codes')
    .values({ event_user_id: eventUserId, version: 2 })
    .onConflict((oc) => oc.column('event_user_id').doUpdateSet({ version: sql<number>`member_codes.version + 1` }))
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}

export function findByClientId(db: Db, eventId: number, clientId: string): Promise<CheckInRow | undefined> {
  return db
    .selectFrom('check_ins')
    .select(columns)
    .where('event_id', '=', eventId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

export function find(db: Db, eventId: number, id: number): Promise<CheckInRow | undefined> {
  return db
    .selectFrom('check_ins')
    .select(columns)
    .where('event_id', '=', eventId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The standing decision for one person and one shift (null: the event): the latest applied one not undone. */
export function standing(
  db: Db,
  eventId: number,
  eventUserId: number,
  shiftId: number | null,
): Promise<CheckInRow | undefined> {
  return db
    .selectFrom('check_ins')
    .select(columns)
    .where('event_id', '=', eventId)
    .where('event_user_id', '=', eventUserId)
    .where('shift_id', shiftId === null ? 'is' : '=', shiftId)
    .where('applied', '=', 1)
    .where('undone_at', 'is', null)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Every applied arrival of one person for one shift, undone or not, in the order they were stored. */
export function appliedArrivals(db: Db, eventId: number, eventUserId: number, shiftId: number): Promise<CheckInRow[]> {
  return db
    .selectFrom('check_ins')
    .select(columns)
    .where('event_id', '=', eventId)
    .where('event_user_id', '=', eventUserId)
    .where('shift_id', '=', shiftId)
    .where('kind', '=', 'arrive')
    .where('applied', '=', 1)
    .orderBy('id')
    .execute();
}

export function insert(db: Db, values: NewCheckIn): Promise<CheckInRow> {
  return db
    .insertInto('check_ins')
    .values({
      event_id: values.eventId,
      event_user_id: values.eventUserId,
      shift_id: values.shiftId,
      kind: values.kind,
      at: values.at,
      recorded_at: values.recordedAt,
      recorded_by: values.recordedBy,
      client_id: values.clientId,
      applied: values.applied ? 1 : 0,
      previous_attendance: values.previousAttendance,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export function markUndone(db: Db, id: number, now: string) {
  return db
    .updateTable('check_ins')
    .set({ undone_at: now })
    .where('id', '=', id)
    .where('undone_at', 'is', null)
    .execute();
}

/**
 * The standing decision of every (shift, person) pair of these shifts: the latest applied check-in not undone,
 * by `at` then id. One statement per id batch (one on PostgreSQL), read by `check_ins_shift_idx`.
 */
export async function standingOnShifts(db: Db, shiftIds: readonly number[]): Promise<CheckInRow[]> {
  const { idBatches, inIds } = dialectStatements(db);
  const rows: CheckInRow[] = [];
  for (const ids of idBatches(shiftIds)) {
    rows.push(
      ...(await db
        .selectFrom('check_ins as c')
        .select(columns.map((column) => `c.${column}` as const))
        .where(inIds('c.shift_id', ids))
        .where('c.applied', '=', 1)
        .where('c.undone_at', 'is', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('check_ins as l')
                .select('l.id')
                .whereRef('l.shift_id', '=', 'c.shift_id')
                .whereRef('l.event_user_id', '=', 'c.event_user_id')
                .where('l.applied', '=', 1)
                .where('l.undone_at', 'is', null)
                .where(
                  sql<SqlBool>`(${sql.ref('l.at')} > ${sql.ref('c.at')} or (${sql.ref('l.at')} = ${sql.ref('c.at')} and ${sql.ref('l.id')} > ${sql.ref('c.id')}))`,
                ),
            ),
          ),
        )
        .execute()),
    );
  }
  return rows;
}
