import { randomInt } from 'node:crypto';
import {
  type CreateWishRoundInput,
  canRunWishRound,
  canSeeWishRound,
  canWishInRound,
  DEFAULT_WISH_ROUND_OPTIONS,
  FRIEND_CODE_ALPHABET,
  WISH_ROUND_LIMITS,
  type WishRound,
  type WishRoundSummary,
  type WishRoundWishes,
} from '@funkis/shared';
import type { Db } from '../../db/types.js';
import { writeAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { inTransaction } from '../../lib/context.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import { isUniqueViolation } from '../../lib/transaction.js';
import { optionsOf, parsePreview, previewAnswer, statusOf, type WishRoundContext } from './operations-context.js';
import type { WishRoundRow } from './repository.js';
import * as wishRoundsRepository from './repository.js';

/** A friend code: FRIEND_CODE_LENGTH letters of the unambiguous alphabet, from the system's random source. */
export const newFriendCode = (): string =>
  Array.from(
    { length: WISH_ROUND_LIMITS.FRIEND_CODE_LENGTH },
    () => FRIEND_CODE_ALPHABET[randomInt(FRIEND_CODE_ALPHABET.length)],
  ).join('');

/** The round, or 404 when it is not the event's or the caller may not see it. */
export async function visibleRoundOr404(context: WishRoundContext, caller: Caller, roundId: number) {
  const round = await wishRoundsRepository.findRound(context.db, caller.eventId, roundId);
  if (!round || !canSeeWishRound(caller, round.group_id)) throw notFound('error.wishRoundNotFound');
  return round;
}

/**
 * The caller's wishes in a round, their row (and friend code) made on first sight: a friend code must exist before
 * anything is saved, so it can be given to a friend.
 */
export async function wishesOf(db: Db, roundId: number, eventUserId: number) {
  let wish = await wishRoundsRepository.wishOf(db, roundId, eventUserId);
  for (let attempt = 0; !wish && attempt < 5; attempt += 1) {
    try {
      await wishRoundsRepository.insertWish(db, roundId, eventUserId, newFriendCode(), nowIso());
    } catch (error) {
      // Another person's code, by a one-in-a-billion chance: draw again.
      if (!isUniqueViolation(error)) throw error;
    }
    wish = await wishRoundsRepository.wishOf(db, roundId, eventUserId);
  }
  if (!wish) throw new Error('no friend code could be drawn');
  return wish;
}

/** The caller's wishes as the API answers them. */
export async function wishesAnswer(
  db: Db,
  eventId: number,
  roundId: number,
  eventUserId: number,
): Promise<WishRoundWishes> {
  const wish = await wishesOf(db, roundId, eventUserId);
  const choices = await wishRoundsRepository.choicesOf(db, roundId, eventUserId);
  let friend: WishRoundWishes['friend'] = null;
  if (wish.friend_event_user_id !== null) {
    const names = await wishRoundsRepository.namesOf(db, eventId, wish.friend_event_user_id);
    const theirs = await wishRoundsRepository.wishOf(db, roundId, wish.friend_event_user_id);
    if (names) {
      friend = { ...names, mutual: theirs?.friend_event_user_id === eventUserId };
    }
  }
  return {
    ranked: choices.filter((choice) => choice.rank !== null).map((choice) => choice.shift_id),
    cannot: choices.filter((choice) => choice.rank === null).map((choice) => choice.shift_id),
    count: wish.shift_count,
    friendCode: wish.friend_code,
    friend,
  };
}

/** The round as the caller may see it: organisers the wish count and the preview, volunteers their wishes. */
export async function roundAnswer(context: WishRoundContext, caller: Caller, round: WishRoundRow): Promise<WishRound> {
  const { db } = context;
  const isRunner = canRunWishRound(caller, round.group_id);
  const shifts = await wishRoundsRepository.roundShifts(db, round.id);
  let wishCount: number | null = null;
  let preview: WishRound['preview'] = null;
  if (isRunner) {
    wishCount = await wishRoundsRepository.countWishes(db, round.id);
    const stored = await parsePreview(await wishRoundsRepository.previewOf(db, round.id));
    preview = stored ? previewAnswer(stored) : null;
  }
  const myWishes = canWishInRound(caller, round.group_id)
    ? await wishesAnswer(db, caller.eventId, round.id, caller.eventUserId)
    : null;
  return {
    ...summaryFields(round, wishCount),
    shifts: shifts.map((shift) => ({
      id: shift.id,
      title: shift.title,
      location: shift.location,
      startsAt: shift.starts_at,
      endsAt: shift.ends_at,
      capacity: shift.capacity,
      taken: Number(shift.taken ?? 0),
      groupId: shift.group_id,
    })),
    seed: round.seed,
    myWishes,
    preview,
  };
}

const summaryFields = (round: WishRoundRow, wishCount: number | null) => ({
  id: round.id,
  eventId: round.event_id,
  title: round.title,
  group: round.group_id === null ? null : { id: round.group_id, name: round.group_name ?? '' },
  closesAt: round.closes_at,
  minShifts: round.min_shifts,
  maxShifts: round.max_shifts,
  options: optionsOf(round),
  status: statusOf(round, Date.now()),
  createdAt: round.created_at,
  publishedAt: round.published_at,
  wishCount,
});

/** Opening, listing, reading and deleting rounds. */
export function roundOperations(shared: WishRoundContext) {
  const { context, db } = shared;
  return {
    /**
     * Opens a round (admins; a leader for their own group's round). The shifts must be the event's (the group's when
     * the round has one), distinct and not started; the closing time in the future.
     */
    async create(caller: Caller, input: CreateWishRoundInput): Promise<WishRound> {
      const { groupId } = input;
      if (!canRunWishRound(caller, groupId)) throw forbidden('error.ownGroupOnly');
      const now = nowIso();
      if (Date.parse(input.closesAt) <= Date.parse(now)) {
        throw fieldError('closesAt', 'error.wishRoundClosesAtInvalid');
      }
      const roundId = await inTransaction(context, async (tx) => {
        if (groupId !== null && !(await wishRoundsRepository.groupOfEvent(tx.db, caller.eventId, groupId))) {
          throw fieldError('groupId', 'error.groupNotFound', undefined, 404);
        }
        const shifts = await wishRoundsRepository.eventShifts(tx.db, caller.eventId, input.shiftIds);
        if (
          shifts.length !== input.shiftIds.length ||
          shifts.some((shift) => groupId !== null && shift.group_id !== groupId)
        ) {
          throw fieldError('shiftIds', 'error.wishRoundShiftInvalid');
        }
        if (shifts.some((shift) => Date.parse(shift.starts_at) <= Date.parse(now))) {
          throw fieldError('shiftIds', 'error.wishRoundShiftStarted');
        }
        const { id } = await wishRoundsRepository.insertRound(tx.db, {
          eventId: caller.eventId,
          groupId,
          title: input.title,
          closesAt: new Date(input.closesAt).toISOString(),
          minShifts: input.minShifts,
          maxShifts: input.maxShifts,
          options: JSON.stringify(input.options ?? DEFAULT_WISH_ROUND_OPTIONS),
          seed: randomInt(WISH_ROUND_LIMITS.SEED_MAXIMUM),
          createdBy: caller.userId,
          now,
        });
        await wishRoundsRepository.insertRoundShifts(tx.db, id, input.shiftIds);
        await writeAudit(tx.db, {
          eventId: caller.eventId,
          actorId: caller.userId,
          action: 'wish_round.created',
          subject: `wish_round:${id}`,
          details: { title: input.title, groupId, shifts: input.shiftIds.length },
        });
        return id;
      });
      const round = await wishRoundsRepository.findRound(db, caller.eventId, roundId);
      if (!round) throw notFound('error.wishRoundNotFound');
      return roundAnswer(shared, caller, round);
    },

    /** The rounds the caller sees, newest first (at most LIST_MAXIMUM). */
    async list(caller: Caller): Promise<WishRoundSummary[]> {
      const scope = caller.roleLevel === 0 ? 'all' : caller.groupId;
      const rows = await wishRoundsRepository.listRounds(db, caller.eventId, scope, WISH_ROUND_LIMITS.LIST_MAXIMUM);
      const wished =
        caller.roleLevel === 2
          ? await wishRoundsRepository.roundsWishedBy(
              db,
              rows.map((row) => row.id),
              caller.eventUserId,
            )
          : new Set<number>();
      return rows.map((row) => ({
        ...summaryFields(row, canRunWishRound(caller, row.group_id) ? Number(row.wish_count ?? 0) : null),
        shiftCount: Number(row.shift_count ?? 0),
        hasMyWishes: wished.has(row.id),
      }));
    },

    async get(caller: Caller, roundId: number): Promise<WishRound> {
      return roundAnswer(shared, caller, await visibleRoundOr404(shared, caller, roundId));
    },

    /** Deletes a round that is not published (whoever runs it). */
    async remove(caller: Caller, roundId: number): Promise<void> {
      await inTransaction(context, async (tx) => {
        const round = await wishRoundsRepository.lockRound(tx.db, caller.eventId, roundId, 'update');
        if (!round) throw notFound('error.wishRoundNotFound');
        if (!canRunWishRound(caller, round.group_id)) throw forbidden('error.ownGroupOnly');
        if (round.published_at !== null) throw conflict('error.wishRoundPublished');
        await wishRoundsRepository.deleteRound(tx.db, round.id);
        await writeAudit(tx.db, {
          eventId: caller.eventId,
          actorId: caller.userId,
          action: 'wish_round.deleted',
          subject: `wish_round:${round.id}`,
          details: { title: round.title },
        });
      });
    },
  };
}
