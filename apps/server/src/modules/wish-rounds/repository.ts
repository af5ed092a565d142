import { sql } from 'kysely';
import type { Db, DialectName } from '../../db/types.js';
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

/** All SQL of `wish_rounds`, `wish_round_shifts`, `wishes` and `wish_choices`: their only writer. */
export function wishRoundsRepository(db: Db, dialect: DialectName) {
  const { inIds, idBatches } = dialectStatements(dialect);
  const roundsFrom = () =>
    db.selectFrom('wish_rounds as r').leftJoin('event_groups as g', 'g.id', 'r.group_id').select(roundColumns);

  return {
    insertRound: (values: {
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
    }) =>
      db
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
        .executeTakeFirstOrThrow(),

    async insertRoundShifts(roundId: number, shiftIds: readonly number[]): Promise<void> {
      for (let start = 0; start < shiftIds.length; start += 500) {
        await db
          .insertInto('wish_round_shifts')
          .values(shiftIds.slice(start, start + 500).map((shiftId) => ({ round_id: roundId, shift_id: shiftId })))
          .execute();
      }
    },

    findRound: (eventId: number, roundId: number): Promise<WishRoundRow | undefined> =>
      roundsFrom().where('r.event_id', '=', eventId).where('r.id', '=', roundId).executeTakeFirst(),

    /**
     * The round with its row locked until the transaction ends (PostgreSQL): `update` for publishing (exactly one
     * publish), `share` for saving wishes (many at once, none while a publish holds it). SQLite writes one
     * transaction at a time anyway.
     */
    lockRound: (eventId: number, roundId: number, mode: 'update' | 'share'): Promise<WishRoundRow | undefined> =>
      roundsFrom()
        .where('r.event_id', '=', eventId)
        .where('r.id', '=', roundId)
        .$if(dialect === 'postgres', (query) => (mode === 'update' ? query.forUpdate('r') : query.forShare('r')))
        .executeTakeFirst(),

    /** The newest rounds of the event in scope: all (`null`), or a group's and the whole-event ones. */
    listRounds: (eventId: number, groupScope: 'all' | number | null, limit: number) =>
      roundsFrom()
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
        .execute(),

    /** The rounds of these in which the person saved wishes. */
    async roundsWishedBy(roundIds: readonly number[], eventUserId: number): Promise<Set<number>> {
      if (roundIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('wishes')
        .select('round_id')
        .where('event_user_id', '=', eventUserId)
        .where('shift_count', 'is not', null)
        .where(inIds('round_id', roundIds))
        .execute();
      return new Set(rows.map((row) => row.round_id));
    },

    async countWishes(roundId: number): Promise<number> {
      const row = await db
        .selectFrom('wishes')
        .select(sql<number>`count(*)`.as('n'))
        .where('round_id', '=', roundId)
        .where('shift_count', 'is not', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** What a mail tells of the round's shifts (no places counted: the count over 2,000 shifts took ≈ 30 ms). */
    roundShiftTexts: (roundId: number) =>
      db
        .selectFrom('wish_round_shifts as rs')
        .innerJoin('shifts as s', 's.id', 'rs.shift_id')
        .select(['s.id', 's.title', 's.location', 's.starts_at', 's.ends_at'])
        .where('rs.round_id', '=', roundId)
        .execute(),

    /** The round's shifts by start, with their places taken. */
    roundShifts: (roundId: number) =>
      db
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
        .execute(),

    /** Shifts of the event among these ids, with what a new round checks. */
    async eventShifts(eventId: number, shiftIds: readonly number[]) {
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
    },

    groupOfEvent: (eventId: number, groupId: number) =>
      db
        .selectFrom('event_groups')
        .select(['id', 'name'])
        .where('event_id', '=', eventId)
        .where('id', '=', groupId)
        .executeTakeFirst(),

    wishOf: (roundId: number, eventUserId: number): Promise<WishRow | undefined> =>
      db
        .selectFrom('wishes')
        .select(wishColumns)
        .where('round_id', '=', roundId)
        .where('event_user_id', '=', eventUserId)
        .executeTakeFirst(),

    /** Adds the person's row with their friend code unless they have one; false when the code is taken. */
    async insertWish(roundId: number, eventUserId: number, friendCode: string, now: string): Promise<void> {
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
    },

    wishByCode: (roundId: number, friendCode: string): Promise<WishRow | undefined> =>
      db
        .selectFrom('wishes')
        .select(wishColumns)
        .where('round_id', '=', roundId)
        .where('friend_code', '=', friendCode)
        .executeTakeFirst(),

    updateWish: (id: number, values: { shiftCount: number; friendEventUserId: number | null; now: string }) =>
      db
        .updateTable('wishes')
        .set({ shift_count: values.shiftCount, friend_event_user_id: values.friendEventUserId, updated_at: values.now })
        .where('id', '=', id)
        .execute(),

    async replaceChoices(
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
    },

    choicesOf: (roundId: number, eventUserId: number) =>
      db
        .selectFrom('wish_choices')
        .select(['shift_id', 'rank'])
        .where('round_id', '=', roundId)
        .where('event_user_id', '=', eventUserId)
        .orderBy('rank')
        .execute(),

    /**
     * One page of the round's choices in key order (person, shift), after the given key: a round of thousands of
     * people is read a page at a time, so no one statement holds the SQLite thread for long.
     */
    choicesPage: (roundId: number, after: { eventUserId: number; shiftId: number } | null, limit: number) =>
      db
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
        .execute(),

    /** Who saved wishes in the round and is still a member, with their names. */
    participants: (roundId: number): Promise<ParticipantRow[]> =>
      db
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
        .execute() as Promise<ParticipantRow[]>,

    /** The names of memberships of the event. */
    namesOf: (eventId: number, eventUserId: number) =>
      db
        .selectFrom('event_users as eu')
        .innerJoin('users as u', 'u.id', 'eu.user_id')
        .select(['u.firstname', 'u.lastname'])
        .where('eu.event_id', '=', eventId)
        .where('eu.id', '=', eventUserId)
        .executeTakeFirst(),

    previewOf: async (roundId: number): Promise<string | null> =>
      (await db.selectFrom('wish_rounds').select('preview').where('id', '=', roundId).executeTakeFirst())?.preview ??
      null,

    skippedOf: async (roundId: number): Promise<string | null> =>
      (await db.selectFrom('wish_rounds').select('skipped').where('id', '=', roundId).executeTakeFirst())?.skipped ??
      null,

    /**
     * Rounds that have closed unpublished without a preview made since their closing (oldest closing first): the
     * closing pass allocates them.
     */
    dueForAllocation: (now: string, limit: number): Promise<WishRoundRow[]> =>
      roundsFrom()
        .where('r.published_at', 'is', null)
        .where('r.closes_at', '<=', now)
        .where((eb) => eb.or([eb('r.allocated_at', 'is', null), eb('r.allocated_at', '<', eb.ref('r.closes_at'))]))
        .orderBy('r.closes_at')
        .orderBy('r.id')
        .limit(limit)
        .execute(),

    /** Stores the preview while the round is not published: false when it was published meanwhile. */
    async savePreview(roundId: number, preview: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('wish_rounds')
        .set({ preview, allocated_at: now })
        .where('id', '=', roundId)
        .where('published_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Marks the round published with the places that had to be skipped; the preview stays as it was shown. */
    markPublished: (roundId: number, skipped: string, now: string) =>
      db.updateTable('wish_rounds').set({ published_at: now, skipped }).where('id', '=', roundId).execute(),

    deleteRound: (roundId: number) => db.deleteFrom('wish_rounds').where('id', '=', roundId).execute(),
  };
}

export type WishRoundsRepository = ReturnType<typeof wishRoundsRepository>;
