/** All SQL of `cover_requests` and `cover_request_offers`: their only writer. */

import { dialectOf } from '../../db/dialect.js';
import type { Db } from '../../db/types.js';
import { dialectStatements } from '../../lib/transaction.js';
import { placesTaken } from '../scheduling/shift-filters.js';

export interface CoverRequestRow {
  id: number;
  event_id: number;
  shift_id: number;
  created_at: string;
  taken_by_event_user_id: number | null;
  taken_at: string | null;
  closed_at: string | null;
}

/** A cover request offered to one account, with what its list shows. */
export interface OfferedRow extends CoverRequestRow {
  event_user_id: number;
  event_name: string;
  title: string;
  location: string;
  starts_at: string;
  ends_at: string;
  capacity: number;
  group_id: number | null;
  group_name: string | null;
  places_taken: number | string;
}

/** A request nobody took or withdrew, with how many it asked (a count: text from PostgreSQL). */
export interface UnclosedRow extends CoverRequestRow {
  asked_count: number | string | null;
}

const requestColumns = [
  'cover_requests.id',
  'cover_requests.event_id',
  'cover_requests.shift_id',
  'cover_requests.created_at',
  'cover_requests.taken_by_event_user_id',
  'cover_requests.taken_at',
  'cover_requests.closed_at',
] as const;

/** The shift's request nobody took and nobody closed, if any (one at a time: asking holds the shift's lock). */
export function openRequestOfShift(db: Db, shiftId: number): Promise<CoverRequestRow | undefined> {
  return db
    .selectFrom('cover_requests')
    .select(requestColumns)
    .where('shift_id', '=', shiftId)
    .where('taken_at', 'is', null)
    .where('closed_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export function insertRequest(db: Db, values: { eventId: number; shiftId: number; createdBy: number; now: string }) {
  return db
    .insertInto('cover_requests')
    .values({
      event_id: values.eventId,
      shift_id: values.shiftId,
      created_by: values.createdBy,
      created_at: values.now,
    })
    .returning(requestColumns)
    .executeTakeFirstOrThrow();
}

/** The memberships a request asked. */
export async function offeredIds(db: Db, coverRequestId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('cover_request_offers')
    .select('event_user_id')
    .where('cover_request_id', '=', coverRequestId)
    .execute();
  return rows.map((row) => row.event_user_id);
}

export async function insertOffers(
  db: Db,
  coverRequestId: number,
  eventUserIds: readonly number[],
  now: string,
): Promise<void> {
  // At most one group's volunteers; 3 values a row keeps a slice far below SQLite's parameter limit.
  for (let start = 0; start < eventUserIds.length; start += 500) {
    await db
      .insertInto('cover_request_offers')
      .values(
        eventUserIds.slice(start, start + 500).map((eventUserId) => ({
          cover_request_id: coverRequestId,
          event_user_id: eventUserId,
          created_at: now,
        })),
      )
      .execute();
  }
}

/**
 * The requests of these shifts that nobody took and nobody withdrew, with how many they asked (the board shows
 * them beside the free place). One statement per slice of ids.
 */
export async function unclosedOfShifts(db: Db, shiftIds: readonly number[]): Promise<UnclosedRow[]> {
  const { inIds, idBatches } = dialectStatements(db);
  const rows: UnclosedRow[] = [];
  for (const ids of idBatches([...shiftIds])) {
    const slice = await db
      .selectFrom('cover_requests')
      .select([
        ...requestColumns,
        (eb) =>
          eb
            .selectFrom('cover_request_offers')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('cover_request_offers.cover_request_id', '=', 'cover_requests.id')
            .as('asked_count'),
      ])
      .where(inIds('cover_requests.shift_id', ids))
      .where('cover_requests.taken_at', 'is', null)
      .where('cover_requests.closed_at', 'is', null)
      .orderBy('cover_requests.id')
      .execute();
    rows.push(...(slice as UnclosedRow[]));
  }
  return rows;
}

export async function countOffers(db: Db, coverRequestId: number): Promise<number> {
  const row = await db
    .selectFrom('cover_request_offers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('cover_request_id', '=', coverRequestId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The request with its row locked until the transaction ends (PostgreSQL `FOR NO KEY UPDATE`): every
 * acceptance of it queues here, so exactly one sees it untaken. Not `FOR UPDATE`: an organiser asking again
 * holds the shift's lock and adds offers, whose foreign key takes a key-share lock on this row; with `FOR
 * UPDATE` that and an acceptance (this row, then the shift) would wait for each other. SQLite runs one writing
 * transaction at a time anyway.
 */
export function lockRequest(db: Db, id: number): Promise<CoverRequestRow | undefined> {
  const dialect = dialectOf(db);
  return db
    .selectFrom('cover_requests')
    .select(requestColumns)
    .where('id', '=', id)
    .$if(dialect === 'postgres', (query) => query.forNoKeyUpdate())
    .executeTakeFirst();
}

/** The caller's membership a request was offered to, with its role and group; undefined: not offered to them. */
export function offerTo(db: Db, coverRequestId: number, userId: number) {
  return db
    .selectFrom('cover_request_offers as o')
    .innerJoin('event_users as eu', 'eu.id', 'o.event_user_id')
    .select(['eu.id', 'eu.event_id', 'eu.role_level', 'eu.group_id'])
    .where('o.cover_request_id', '=', coverRequestId)
    .where('eu.user_id', '=', userId)
    .executeTakeFirst();
}

export function markTaken(db: Db, id: number, eventUserId: number, now: string) {
  return db
    .updateTable('cover_requests')
    .set({ taken_by_event_user_id: eventUserId, taken_at: now })
    .where('id', '=', id)
    .execute();
}

/** Closes a request nobody took (an organiser withdrew it): it is no longer offered and cannot be taken. */
export function markClosed(db: Db, id: number, now: string) {
  return db.updateTable('cover_requests').set({ closed_at: now }).where('id', '=', id).execute();
}

/** The requests offered to an account for shifts that have not ended, soonest first. */
export function offeredToUser(db: Db, userId: number, now: string, limit: number): Promise<OfferedRow[]> {
  return db
    .selectFrom('cover_request_offers as o')
    .innerJoin('event_users as eu', 'eu.id', 'o.event_user_id')
    .innerJoin('cover_requests', 'cover_requests.id', 'o.cover_request_id')
    .innerJoin('shifts as s', 's.id', 'cover_requests.shift_id')
    .innerJoin('events as e', 'e.id', 'cover_requests.event_id')
    .leftJoin('event_groups as g', 'g.id', 's.group_id')
    .select((eb) => [
      ...requestColumns,
      'o.event_user_id',
      'e.name as event_name',
      's.title',
      's.location',
      's.starts_at',
      's.ends_at',
      's.capacity',
      's.group_id',
      'g.name as group_name',
      placesTaken(eb.ref('s.id')).as('places_taken'),
    ])
    .where('eu.user_id', '=', userId)
    .where('s.ends_at', '>', now)
    .orderBy('s.starts_at')
    .orderBy('cover_requests.id')
    .limit(limit)
    .execute() as Promise<OfferedRow[]>;
}
