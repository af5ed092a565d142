import {
  canWishInRound,
  normaliseFriendCode,
  type SaveWishesInput,
  type WishRoundResult,
  type WishRoundWishes,
} from '@funkis/shared';
import type { Caller } from '../../lib/caller.js';
import { inTransaction } from '../../lib/context.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-error.js';
import { parseJson } from '../../lib/json.js';
import { nowIso } from '../../lib/time.js';
import { parsePreview, type StoredPreview, statusOf, type WishRoundContext } from './operations-context.js';
import * as wishRoundsRepository from './repository.js';
import { visibleRoundOr404, wishesAnswer, wishesOf } from './round-operations.js';

/** A volunteer's side of a round: saving wishes and reading what they got. */
export function wishOperations(shared: WishRoundContext) {
  const { context, db } = shared;
  return {
    /**
     * Saves (replaces) the caller's wishes: a volunteer of the round's group (any group for a whole-event round),
     * while the round is open. Ranked and cannot are shifts of the round; a wish is for a shift of their own group or
     * one without a group; the count within the round's minimum and maximum. A friend code names another person of
     * the round (mutual once both named each other); null or empty clears it. The round's row is share-locked
     * (PostgreSQL) so no save lands after a publish.
     */
    async saveWishes(caller: Caller, roundId: number, input: SaveWishesInput): Promise<WishRoundWishes> {
      return inTransaction(context, async (tx) => {
        const round = await wishRoundsRepository.lockRound(tx.db, caller.eventId, roundId, 'share');
        if (!round) throw notFound('error.wishRoundNotFound');
        if (!canWishInRound(caller, round.group_id)) throw forbidden('error.wishRoundNotParticipant');
        if (statusOf(round, Date.now()) !== 'open') throw conflict('error.wishRoundClosed');
        const shifts = new Map(
          (await wishRoundsRepository.roundShifts(tx.db, round.id)).map((shift) => [shift.id, shift]),
        );
        for (const [field, ids] of [
          ['ranked', input.ranked],
          ['cannot', input.cannot],
        ] as const) {
          if (ids.some((id) => !shifts.has(id))) throw fieldError(field, 'error.wishRoundChoiceNotInRound');
        }
        if (
          input.ranked.some((id) => {
            const groupId = shifts.get(id)?.group_id ?? null;
            return groupId !== null && groupId !== caller.groupId;
          })
        ) {
          throw fieldError('ranked', 'error.wishRoundShiftOtherGroup');
        }
        const { count } = input;
        if (count < round.min_shifts || count > round.max_shifts) {
          throw fieldError('count', 'error.wishRoundCountOutOfRange', { min: round.min_shifts, max: round.max_shifts });
        }
        const wish = await wishesOf(tx.db, round.id, caller.eventUserId);
        let friendId: number | null = null;
        const code = normaliseFriendCode(input.friendCode ?? '');
        if (code !== '') {
          if (code === wish.friend_code) throw fieldError('friendCode', 'error.wishRoundFriendCodeOwn');
          const friend = await wishRoundsRepository.wishByCode(tx.db, round.id, code);
          if (!friend) throw fieldError('friendCode', 'error.wishRoundFriendCodeUnknown');
          friendId = friend.event_user_id;
        }
        await wishRoundsRepository.updateWish(tx.db, wish.id, {
          shiftCount: count,
          friendEventUserId: friendId,
          now: nowIso(),
        });
        await wishRoundsRepository.replaceChoices(tx.db, round.id, caller.eventUserId, input.ranked, input.cannot);
        return wishesAnswer(tx.db, caller.eventId, round.id, caller.eventUserId);
      });
    },

    /**
     * What the caller got in a published round and, for each wish not met, why; their place in the seeded order.
     * A place publishing could not give (taken or clashing since) is a wish not met.
     */
    async myResult(caller: Caller, roundId: number): Promise<WishRoundResult> {
      const round = await visibleRoundOr404(shared, caller, roundId);
      if (!canWishInRound(caller, round.group_id)) throw forbidden('error.wishRoundNotParticipant');
      if (round.published_at === null) throw conflict('error.wishRoundNotPublished');
      const preview = await parsePreview(await wishRoundsRepository.previewOf(db, round.id));
      if (!preview) throw conflict('error.wishRoundNotPublished');
      const me = caller.eventUserId;
      const skipped = parseJson<NonNullable<StoredPreview['skipped']>>(
        await wishRoundsRepository.skippedOf(db, round.id),
        [],
      ).filter((place) => place.eventUserId === me);
      const skippedShifts = new Set(skipped.map((place) => place.shiftId));
      const position = preview.order.indexOf(me);
      return {
        assigned: preview.assignments
          .filter((place) => place.eventUserId === me && !skippedShifts.has(place.shiftId))
          .map((place) => place.shiftId),
        unmet: [
          ...preview.unmet.filter((entry) => entry.eventUserId === me),
          ...skipped.map((place) => ({
            shiftId: place.shiftId,
            reason: place.reason === 'gone' ? 'full' : place.reason,
          })),
        ].map((entry) => ({ shiftId: entry.shiftId, reason: entry.reason })),
        position: position === -1 ? null : position + 1,
        seed: preview.stats.seed,
      };
    },
  };
}
