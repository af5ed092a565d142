/** All SQL of `wish_rounds`, `wish_round_shifts`, `wishes` and `wish_choices`: their only writer. */

import { sql } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Db } from '../../db/types.js';
import { dialectStatements } from '../../lib/transaction.js';
import { placesTaken } from '../scheduling/shift-filters.js';

export interface WishRoundRow {
  id: number;
  event_id: number;
  group_id: number | null;
  group_name: string | null;
  title: string;
  closes_at: string;
  min_shifts: number;
  max_shifts: number;
  options: string;
  seed: number;
  created_at: string;
  published_at: string | null;
}

export interface WishRow {
  id: number;
  event_user_id: number;
  friend_code: string;
  shift_count: number | null;
  friend_event_user_id: number | null;
}

/** A person who saved wishes, with what the allocation and the preview need of their membership. */
export interface ParticipantRow {
  event_user_id: number;
  shift_count: number;
  friend_event_user_id: number | null;
  role_level: number;
  group_id: number | null;
  firstname: string;
  lastname: string;
}

const roundColumns = [
  'r.id',
  'r.event_id',
  'r.group_id',
  'g.name as group_name',
  'r.title',
  'r.closes_at',
  'r.min_shifts',
  'r.max_shifts',
  'r.options',
  'r.seed',
  'r.created_at',
  'r.published_at',
] as const;

const wishColumns = ['id', 'event_user_id', 'friend_code', 'shift_count', 'friend_event_user_id'] as const;

function roundsFrom(db: Db) {
  return db.selectFrom('wish_rounds as r').leftJoin('event_groups as g', 'g.id', 'r.group_id').select(roundColumns);
}

export function insertRound(
  db: Db,
  values: {
    eventId: number;
    groupId: number | null;
    title: string;
    closesAt: string;
    minShifts: number;
    maxShifts: number;
    options: string;
    seed: number;
    createdBy: number;
    now: string;
  },
) {
  return db
    .insertInto('wish_rounds')
    .values({
      event_id: values.eventId,
      group_id: values.groupId,
      title: values.title,
      closes_at: values.closesAt,
      min_shifts: values.minShifts,
      max_shifts: values.maxShifts,
      options: values.options,
      seed: values.seed,
      created_by: values.createdBy,
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function insertRoundShifts(db: Db, roundId: number, shiftIds: readonly number[]): Promise<void> {
  for (let start = 0; start < shiftIds.length; start += 500) {
    await db
      .insertInto('wish_round_shifts')
      .values(shiftIds.slice(start, start + 500).map((shiftId) => ({ round_id: roundId, shift_id: shiftId })))
      .execute();
  }
}

export function findRound(db: Db, eventId: number, roundId: number): Promise<WishRoundRow | undefined> {
  return roundsFrom(db).where('r.event_id', '=', eventId).where('r.id', '=', roundId).executeTakeFirst();
}

/**
 * The round with its row locked until the transaction ends (PostgreSQL): `update` for publishing (exactly one
 * publish), `share` for saving wishes (many at once, none while a publish holds it). SQLite writes one
 * transaction at a time anyway.
 */
export function lockRound(
  db: Db,
  eventId: number,
  roundId: number,
  mode: 'update' | 'share',
): Promise<WishRoundRow | undefined> {
  const dialect = dialectOf(db);
  return roundsFrom(db)
    .where('r.event_id', '=', eventId)
    .where('r.id', '=', roundId)
    .$if(dialect === 'postgres', (query) => (mode === 'update' ? query.forUpdate('r') : query.forShare('r')))
    .executeTakeFirst();
}

/** The newest rounds of the event in scope: all (`null`), or a group's and the whole-event ones. */
export function listRounds(db: Db, eventId: number, groupScope: 'all' | number | null, limit: number) {
  return roundsFrom(db)
    .select((eb) => [
      eb
        .selectFrom('wish_round_shifts as rs')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('rs.round_id', '=', 'r.id')
        .as('shift_count'),
      eb
        .selectFrom('wishes as w')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('w.round_id', '=', 'r.id')
        .where('w.shift_count', 'is not', null)
        .as('wish_count'),
    ])
    .where('r.event_id', '=', eventId)
    .$if(groupScope !== 'all', (query) =>
      query.where((eb) =>
        groupScope === null
          ? eb('r.group_id', 'is', null)
          : eb.or([eb('r.group_id', 'is', null), eb('r.group_id', '=', groupScope as number)]),
      ),
    )
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

/** The rounds of these in which the person saved wishes. */
export async function roundsWishedBy(db: Db, roundIds: readonly number[], eventUserId: number): Promise<Set<number>> {
  const { inIds } = dialectStatements(db);
  if (roundIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('wishes')
    .select('round_id')
    .where('event_user_id', '=', eventUserId)
    .where('shift_count', 'is not', null)
    .where(inIds('round_id', roundIds))
    .execute();
  return new Set(rows.map((row) => row.round_id));
}

export async function countWishes(db: Db, roundId: number): Promise<number> {
  const row = await db
    .selectFrom('wishes')
    .select(sql<number>`count(*)`.as('n'))
    .where('round_id', '=', roundId)
    .where('shift_count', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What a mail tells of the round's shifts (no places counted: the count over 2,000 shifts took ≈ 30 ms). */
export function roundShiftTexts(db: Db, roundId: number) {
  return db
    .selectFrom('wish_round_shifts as rs')
    .innerJoin('shifts as s', 's.id', 'rs.shift_id')
    .select(['s.id', 's.title', 's.location', 's.starts_at', 's.ends_at'])
    .where('rs.round_id', '=', roundId)
    .execute();
}

/** The round's shifts by start, with their places taken. */
export function roundShifts(db: Db, roundId: number) {
  return db
    .selectFrom('wish_round_shifts as rs')
    .innerJoin('shifts as s', 's.id', 'rs.shift_id')
    .select((eb) => [
      's.id',
      's.title',
      's.location',
      's.starts_at',
      's.ends_at',
      's.capacity',
      's.group_id',
      placesTaken(eb.ref('s.id')).as('taken'),
    ])
    .where('rs.round_id', '=', roundId)
    .orderBy('s.starts_at')
    .orderBy('s.id')
    .execute();
}

/** Shifts of the event among these ids, with what a new round checks. */
export async function eventShifts(db: Db, eventId: number, shiftIds: readonly number[]) {
  const { inIds, idBatches } = dialectStatements(db);
  const rows: { id: number; group_id: number | null; starts_at: string }[] = [];
  for (const ids of idBatches(shiftIds)) {
    rows.push(
      ...(await db
        .selectFrom('shifts')
        .select(['id', 'group_id', 'starts_at'])
        .where('event_id', '=', eventId)
        .where(inIds('id', ids))
        .execute()),
    );
  }
  return rows;
}

export function groupOfEvent(db: Db, eventId: number, groupId: number) {
  return db
    .selectFrom('event_groups')
    .select(['id', 'name'])
    .where('event_id', '=', eventId)
    .where('id', '=', groupId)
    .executeTakeFirst();
}

export function wishOf(db: Db, roundId: number, eventUserId: number): Promise<WishRow | undefined> {
  return db
    .selectFrom('wishes')
    .select(wishColumns)
    .where('round_id', '=', roundId)
    .where('event_user_id', '=', eventUserId)
    .executeTakeFirst();
}

/** Adds the person's row with their friend code unless they have one; false when the code is taken. */
export async function insertWish(
  db: Db,
  roundId: number,
  eventUserId: number,
  friendCode: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('wishes')
    .values({
      round_id: roundId,
      event_user_id: eventUserId,
      friend_code: friendCode,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['round_id', 'event_user_id']).doNothing())
    .execute();
}

export function wishByCode(db: Db, roundId: number, friendCode: string): Promise<WishRow | undefined> {
  return db
    .selectFrom('wishes')
    .select(wishColumns)
    .where('round_id', '=', roundId)
    .where('friend_code', '=', friendCode)
    .executeTakeFirst();
}

export function updateWish(
  db: Db,
  id: number,
  values: { shiftCount: number; friendEventUserId: number | null; now: string },
) {
  return db
    .updateTable('wishes')
    .set({ shift_count: values.shiftCount, friend_event_user_id: values.friendEventUserId, updated_at: values.now })
    .where('id', '=', id)
    .execute();
}

export async function replaceChoices(
  db: Db,
  roundId: number,
  eventUserId: number,
  ranked: readonly number[],
  cannot: readonly number[],
): Promise<void> {
  await db
    .deleteFrom('wish_choices')
    .where('round_id', '=', roundId)
    .where('event_user_id', '=', eventUserId)
    .execute();
  const rows = [
    ...ranked.map((shiftId, index) => ({
      round_id: roundId,
      event_user_id: eventUserId,
      shift_id: shiftId,
      rank: index + 1,
    })),
    ...cannot.map((shiftId) => ({ round_id: roundId, event_user_id: eventUserId, shift_id: shiftId, rank: null })),
  ];
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('wish_choices')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}

export function choicesOf(db: Db, roundId: number, eventUserId: number) {
  return db
    .selectFrom('wish_choices')
    .select(['shift_id', 'rank'])
    .where('round_id', '=', roundId)
    .where('event_user_id', '=', eventUserId)
    .orderBy('rank')
    .execute();
}

/**
 * One page of the round's choices in key order (person, shift), after the given key: a round of thousands of
 * people is read a page at a time, so no one statement holds the SQLite thread for long.
 */
export function choicesPage(
  db: Db,
  roundId: number,
  after: { eventUserId: number; shiftId: number } | null,
  limit: number,
) {
  return db
    .selectFrom('wish_choices')
    .select(['event_user_id', 'shift_id', 'rank'])
    .where('round_id', '=', roundId)
    .$if(after !== null, (query) =>
      query.where((eb) =>
        eb.or([
          eb('event_user_id', '>', after?.eventUserId ?? 0),
          eb.and([eb('event_user_id', '=', after?.eventUserId ?? 0), eb('shift_id', '>', after?.shiftId ?? 0)]),
        ]),
      ),
    )
    .orderBy('event_user_id')
    .orderBy('shift_id')
    .limit(limit)
    .execute();
}

/** Who saved wishes in the round and is still a member, with their names. */
export function participants(db: Db, roundId: number): Promise<ParticipantRow[]> {
  return db
    .selectFrom('wishes as w')
    .innerJoin('event_users as eu', 'eu.id', 'w.event_user_id')
    .innerJoin('users as u', 'u.id', 'eu.user_id')
    .select([
      'w.event_user_id',
      'w.friend_event_user_id',
      'eu.role_level',
      'eu.group_id',
      'u.firstname',
      'u.lastname',
      sql<number>`w.shift_count`.as('shift_count'),
    ])
    .where('w.round_id', '=', roundId)
    .where('w.shift_count', 'is not', null)
    .orderBy('w.event_user_id')
    .execute() as Promise<ParticipantRow[]>;
}

/** The names of memberships of the event. */
export function namesOf(db: Db, eventId: number, eventUserId: number) {
  return db
    .selectFrom('event_users as eu')
    .innerJoin('users as u', 'u.id', 'eu.user_id')
    .select(['u.firstname', 'u.lastname'])
    .where('eu.event_id', '=', eventId)
    .where('eu.id', '=', eventUserId)
    .executeTakeFirst();
}

export async function previewOf(db: Db, roundId: number): Promise<string | null> {
  return (
    (await db.selectFrom('wish_rounds').select('preview').where('id', '=', roundId).executeTakeFirst())?.preview ?? null
  );
}

export async function skippedOf(db: Db, roundId: number): Promise<string | null> {
  return (
    (await db.selectFrom('wish_rounds').select('skipped').where('id', '=', roundId).executeTakeFirst())?.skipped ?? null
  );
}

/**
 * Rounds that have closed unpublished without a preview made since their closing (oldest closing first): the
 * closing pass allocates them.
 */
export function dueForAllocation(db: Db, now: string, limit: number): Promise<WishRoundRow[]> {
  return roundsFrom(db)
    .where('r.published_at', 'is', null)
    .where('r.closes_at', '<=', now)
    .where((eb) => eb.or([eb('r.allocated_at', 'is', null), eb('r.allocated_at', '<', eb.ref('r.closes_at'))]))
    .orderBy('r.closes_at')
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

/** Stores the preview while the round is not published: false when it was published meanwhile. */
export async function savePreview(db: Db, roundId: number, preview: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('wish_rounds')
    .set({ preview, allocated_at: now })
    .where('id', '=', roundId)
    .where('published_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks the round published with the places that had to be skipped; the preview stays as it was shown. */
export function markPublished(db: Db, roundId: number, skipped: string, now: string) {
  return db.updateTable('wish_rounds').set({ published_at: now, skipped }).where('id', '=', roundId).execute();
}

export function deleteRound(db: Db, roundId: number) {
  return db.deleteFrom('wish_rounds').where('id', '=', roundId).execute();
}
