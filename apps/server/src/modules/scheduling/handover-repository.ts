/** All SQL of `shift_offers` (decision 033): its only writer. */

import { OFFER_LIST_MAXIMUM } from '@funkis/shared';
import { dialectOf } from '../../db/dialect.js';
import type { Db } from '../../db/types.js';

/** One offer with what its answer shows of the shift. */
export interface OfferRow {
  id: number;
  event_id: number;
  shift_id: number;
  offered_by: number;
  taken_by: number | null;
  status: string;
  until: string;
  created_at: string;
  title: string;
  location: string;
  starts_at: string;
  ends_at: string;
  group_id: number | null;
  group_name: string | null;
}

/** Statuses of an offer that still decides something: someone may take it, or a leader approve it. */
export const LIVE_OFFER_STATUSES = ['open', 'pending'] as const;

function offersFrom(db: Db) {
  return db
    .selectFrom('shift_offers as o')
    .innerJoin('shifts', 'shifts.id', 'o.shift_id')
    .leftJoin('event_groups as g', 'g.id', 'shifts.group_id')
    .select([
      'o.id',
      'o.event_id',
      'o.shift_id',
      'o.offered_by',
      'o.taken_by',
      'o.status',
      'o.until',
      'o.created_at',
      'shifts.title',
      'shifts.location',
      'shifts.starts_at',
      'shifts.ends_at',
      'shifts.group_id',
      'g.name as group_name',
    ]);
}

export function findOffer(db: Db, eventId: number, offerId: number): Promise<OfferRow | undefined> {
  return offersFrom(db).where('o.event_id', '=', eventId).where('o.id', '=', offerId).executeTakeFirst();
}

/**
 * The offer, its row locked until the transaction ends on PostgreSQL (`FOR UPDATE OF o`): taken, approved,
 * declined or withdrawn once. Callers hold the shift's lock first (the order every place decision keeps).
 */
export function lockOffer(db: Db, eventId: number, offerId: number): Promise<OfferRow | undefined> {
  const dialect = dialectOf(db);
  return offersFrom(db)
    .where('o.event_id', '=', eventId)
    .where('o.id', '=', offerId)
    .$if(dialect === 'postgres', (query) => query.forUpdate('o'))
    .executeTakeFirst();
}

/** The open or pending offer of one person's place, if any. */
export function liveOfferOfPlace(db: Db, shiftId: number, offeredBy: number) {
  return db
    .selectFrom('shift_offers')
    .select(['id', 'status', 'until'])
    .where('shift_id', '=', shiftId)
    .where('offered_by', '=', offeredBy)
    .where('status', 'in', LIVE_OFFER_STATUSES)
    .executeTakeFirst();
}

/** The partial unique index refuses a second open or pending offer of the same place. */
export function insertOffer(db: Db, eventId: number, shiftId: number, offeredBy: number, until: string, now: string) {
  return db
    .insertInto('shift_offers')
    .values({
      event_id: eventId,
      shift_id: shiftId,
      offered_by: offeredBy,
      taken_by: null,
      status: 'open',
      until,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function setStatus(db: Db, offerId: number, status: string, takenBy: number | null, now: string) {
  return db
    .updateTable('shift_offers')
    .set({ status, taken_by: takenBy, updated_at: now })
    .where('id', '=', offerId)
    .execute();
}

/** Closes the open or pending offer of a place that went another way (signed off, removed, moved). */
export function closeOffersOfPlace(db: Db, shiftId: number, offeredBy: number, now: string) {
  return db
    .updateTable('shift_offers')
    .set({ status: 'withdrawn', updated_at: now })
    .where('shift_id', '=', shiftId)
    .where('offered_by', '=', offeredBy)
    .where('status', 'in', LIVE_OFFER_STATUSES)
    .execute();
}

/**
 * Offers someone may still take: open, before their deadline and the shift's start, on shifts of the group
 * (or without one), not the viewer's own. Soonest shift first, at most OFFER_LIST_MAXIMUM.
 */
export function takeableOffers(db: Db, eventId: number, groupId: number | null, viewer: number, now: string) {
  return offersFrom(db)
    .where('o.event_id', '=', eventId)
    .where('o.status', '=', 'open')
    .where('o.until', '>', now)
    .where('shifts.starts_at', '>', now)
    .where('o.offered_by', '<>', viewer)
    .where((eb) =>
      groupId === null
        ? eb('shifts.group_id', 'is', null)
        : eb.or([eb('shifts.group_id', 'is', null), eb('shifts.group_id', '=', groupId)]),
    )
    .orderBy('shifts.starts_at')
    .orderBy('o.id')
    .limit(OFFER_LIST_MAXIMUM)
    .execute();
}

/** The viewer's own offers and the ones they asked for, of shifts not yet ended. */
export function offersOfPerson(db: Db, eventId: number, eventUserId: number, now: string) {
  return offersFrom(db)
    .where('o.event_id', '=', eventId)
    .where('shifts.ends_at', '>', now)
    .where((eb) =>
      eb.or([
        eb('o.offered_by', '=', eventUserId),
        eb.and([eb('o.taken_by', '=', eventUserId), eb('o.status', '=', 'pending')]),
      ]),
    )
    .orderBy('shifts.starts_at')
    .orderBy('o.id')
    .limit(OFFER_LIST_MAXIMUM)
    .execute();
}

/** Every offer of shifts not yet ended (a leader: of their group's shifts), pending first, then by start. */
export function offersForOrganisers(db: Db, eventId: number, groupId: number | null | 'all', now: string) {
  return offersFrom(db)
    .where('o.event_id', '=', eventId)
    .where('shifts.ends_at', '>', now)
    .$if(groupId !== 'all', (query) =>
      groupId === null
        ? query.where('shifts.group_id', 'is', null)
        : query.where('shifts.group_id', '=', groupId as number),
    )
    .orderBy('shifts.starts_at')
    .orderBy('o.id')
    .limit(OFFER_LIST_MAXIMUM)
    .execute();
}
