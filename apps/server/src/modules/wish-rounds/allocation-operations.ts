import { canRunWishRound, type WishRound, type WishRoundOptions, type WishRoundPreview } from '@funkis/shared';
import { writeAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { withCheckpointAside } from '../../lib/checkpoint-aside.js';
import { inTransaction } from '../../lib/context.js';
import { mapInSlices, turnEvery, turnOfTheLoop } from '../../lib/event-loop.js';
import { conflict, forbidden, notFound } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import { tellMembers } from '../push/service.js';
import type { MailShift } from '../scheduling/mails.js';
import { schedulingService } from '../scheduling/service.js';
import type { SkippedPlace } from '../scheduling/wish-round-operations.js';
import { type AllocationInput, allocate } from './allocation/index.js';
import { resultMail } from './mails.js';
import {
  optionsOf,
  parsePreview,
  previewAnswer,
  type StoredPreview,
  storePreview,
  type WishRoundContext,
  wishRoundPath,
} from './operations-context.js';
import type { WishRoundRow } from './repository.js';
import * as wishRoundsRepository from './repository.js';
import { roundAnswer } from './round-operations.js';

/** Choices read per statement when building the engine's input. */
const CHOICES_PAGE = 5000;

/** Rounds the closing pass allocates at most per pass (the rest the next pass). */
const CLOSING_PASS_MAXIMUM = 20;

/** Allocating a round (a preview) and publishing it. */
export function allocationOperations(shared: WishRoundContext) {
  const { context, db } = shared;

  const requireRunner = async (caller: Caller, roundId: number) => {
    const round = await wishRoundsRepository.findRound(db, caller.eventId, roundId);
    if (!round) throw notFound('error.wishRoundNotFound');
    if (!canRunWishRound(caller, round.group_id)) throw forbidden('error.ownGroupOnly');
    return round;
  };

  /**
   * The engine's input from the database, in a few statements: the round's shifts with their free places (capacity
   * minus the places taken now; none for a shift that has started) and whether someone experienced is on them; each
   * person who saved wishes and is still a volunteer in scope, with their ranked and impossible shifts (when filling
   * to the minimum, a shift of another group counts as impossible), the shifts they hold in the event, whether they are experienced and their
   * mutual friend.
   */
  async function inputOf(round: WishRoundRow, seed: number, chosen: WishRoundOptions) {
    const shifts = await wishRoundsRepository.roundShifts(db, round.id);
    const participants = (await wishRoundsRepository.participants(db, round.id)).filter(
      (person) => person.role_level === 2 && (round.group_id === null || person.group_id === round.group_id),
    );
    const ids = new Set(participants.map((person) => person.event_user_id));
    await turnOfTheLoop();
    const choices = [];
    for (let after: { eventUserId: number; shiftId: number } | null = null; ; ) {
      if (after) await turnOfTheLoop();
      const page = await wishRoundsRepository.choicesPage(db, round.id, after, CHOICES_PAGE);
      choices.push(...page);
      if (page.length < CHOICES_PAGE) break;
      const last = page[page.length - 1];
      after = { eventUserId: last.event_user_id, shiftId: last.shift_id };
    }
    const facts = await schedulingService(context).wishRoundFacts(
      round.event_id,
      shifts.map((shift) => shift.id),
      [...ids],
    );
    await turnOfTheLoop();
    const ranked = new Map<number, { shiftId: number; rank: number }[]>();
    const cannot = new Map<number, number[]>();
    for (const choice of choices) {
      if (!ids.has(choice.event_user_id)) continue;
      if (choice.rank === null) {
        const list = cannot.get(choice.event_user_id) ?? [];
        list.push(choice.shift_id);
        cannot.set(choice.event_user_id, list);
      } else {
        const list = ranked.get(choice.event_user_id) ?? [];
        list.push({ shiftId: choice.shift_id, rank: choice.rank });
        ranked.set(choice.event_user_id, list);
      }
    }
    // Wishes are of the person's group or of shifts without one (checked when saved); only filling to the minimum
    // gives shifts nobody ranked, so only then are other groups' shifts added to what a person cannot do.
    const grouped = shifts.filter((shift) => shift.group_id !== null);
    const otherGroups = new Map<number | null, number[]>();
    const otherGroupsOf = (groupId: number | null) => {
      let list = otherGroups.get(groupId);
      if (!list) {
        list = grouped.filter((shift) => shift.group_id !== groupId).map((shift) => shift.id);
        otherGroups.set(groupId, list);
      }
      return list;
    };
    const friendOf = new Map(participants.map((person) => [person.event_user_id, person.friend_event_user_id]));
    const now = Date.now();
    const input: AllocationInput = {
      seed,
      minRestMinutes: facts.minRestMinutes,
      options: chosen,
      shifts: shifts.map((shift) => ({
        id: shift.id,
        startsAt: shift.starts_at,
        endsAt: shift.ends_at,
        freePlaces:
          Date.parse(shift.starts_at) <= now ? 0 : Math.max(0, shift.capacity - (facts.taken.get(shift.id) ?? 0)),
        hasExperienced: facts.experiencedOn.has(shift.id),
      })),
      volunteers: await mapInSlices(participants, (person) => {
        const id = person.event_user_id;
        const friend = friendOf.get(id) ?? null;
        const own = cannot.get(id) ?? [];
        return {
          eventUserId: id,
          count: person.shift_count,
          minimum: round.min_shifts,
          ranked: (ranked.get(id) ?? []).sort((a, b) => a.rank - b.rank).map((choice) => choice.shiftId),
          cannot: chosen.fillToMinimum ? [...new Set([...own, ...otherGroupsOf(person.group_id)])] : own,
          held: (facts.held.get(id) ?? []).map((held) => ({ startsAt: held.startsAt, endsAt: held.endsAt })),
          experienced: facts.experienced.has(id),
          friend: friend !== null && friendOf.get(friend) === id ? friend : null,
        };
      }),
    };
    return { input, participants };
  }

  /**
   * Runs the engine (in its worker thread) on the round as the database has it now and stores the result as the
   * round's preview, made at `now`; null when the round was published meanwhile.
   */
  async function allocateRound(
    round: WishRoundRow,
    seed: number,
    chosen: WishRoundOptions,
    now = nowIso(),
  ): Promise<StoredPreview | null> {
    const { input: engineInput, participants } = await inputOf(round, seed, chosen);
    const result = await allocate(engineInput);
    await turnOfTheLoop();
    const got = new Map<number, number>();
    for (const place of result.assignments) got.set(place.eventUserId, (got.get(place.eventUserId) ?? 0) + 1);
    const position = new Map(result.order.map((id, index) => [id, index + 1]));
    const stored: StoredPreview = {
      assignments: result.assignments,
      unmet: result.unmet,
      stats: { ...result.stats, seed },
      options: chosen,
      people: participants.map((person) => ({
        eventUserId: person.event_user_id,
        firstname: person.firstname,
        lastname: person.lastname,
        position: position.get(person.event_user_id) ?? 0,
        wanted: person.shift_count,
        got: got.get(person.event_user_id) ?? 0,
        minimum: round.min_shifts,
      })),
      createdAt: now,
      order: result.order,
    };
    return (await wishRoundsRepository.savePreview(db, round.id, await storePreview(stored), now)) ? stored : null;
  }

  return {
    /**
     * Runs the allocation (the engine, in its worker thread) and stores it as the round's preview, which publishing
     * places exactly (admins; a group's leader for their round). Allowed while the round is open too, as a look
     * before closing; 409 once published. The seed is the given one or the round's.
     */
    async allocate(
      caller: Caller,
      roundId: number,
      input: { seed?: number; options?: WishRoundOptions },
    ): Promise<WishRoundPreview> {
      const round = await requireRunner(caller, roundId);
      if (round.published_at !== null) throw conflict('error.wishRoundPublished');
      const stored = await allocateRound(round, input.seed ?? round.seed, input.options ?? optionsOf(round));
      if (!stored) throw conflict('error.wishRoundPublished');
      return previewAnswer(stored);
    },

    /**
     * The closing pass (the background worker, every REMINDER_POLL_MS): each round that has closed unpublished
     * without a preview made since its closing is allocated with its own seed and options, so the organisers find
     * the preview ready; `wish_round.allocated` is logged with no actor. Answers the rounds allocated.
     */
    async allocateClosedRounds(now: Date = new Date()): Promise<number[]> {
      const done: number[] = [];
      for (const round of await wishRoundsRepository.dueForAllocation(db, now.toISOString(), CLOSING_PASS_MAXIMUM)) {
        // Stamped with the pass's time: made since the closing, so the next pass leaves it.
        const stored = await allocateRound(round, round.seed, optionsOf(round), now.toISOString());
        if (!stored) continue;
        await writeAudit(db, {
          eventId: round.event_id,
          actorId: null,
          action: 'wish_round.allocated',
          subject: `wish_round:${round.id}`,
          details: {
            title: round.title,
            placesFilled: stored.stats.placesFilled,
            places: stored.stats.places,
            seed: stored.stats.seed,
          },
        });
        done.push(round.id);
      }
      return done;
    },

    /**
     * Publishes the preview exactly once: the round's row is locked (PostgreSQL) and checked unpublished, then every
     * place of the preview goes through the scheduling rules in the same transaction (a place that no longer fits is
     * skipped and answered), the round is marked published and `wish_round.published` audited. After the commit,
     * each person who saved wishes is told what they got (push where they allow shift changes, else the mail).
     */
    async publish(caller: Caller, roundId: number): Promise<{ round: WishRound; skipped: SkippedPlace[] }> {
      await requireRunner(caller, roundId);
      // One transaction (exactly once), its checkpoint off the server's thread (lib/checkpoint-aside.ts).
      const { round, stored } = await withCheckpointAside(db, () =>
        inTransaction(context, async (tx) => {
          const locked = await wishRoundsRepository.lockRound(tx.db, caller.eventId, roundId, 'update');
          if (!locked) throw conflict('error.wishRoundPublished');
          if (locked.published_at !== null) throw conflict('error.wishRoundPublished');
          const preview = await parsePreview(await wishRoundsRepository.previewOf(tx.db, locked.id));
          if (!preview) throw conflict('error.wishRoundNoPreview');
          const { placed, skipped } = await schedulingService(tx).placeWishRound(
            caller,
            locked.id,
            preview.assignments.map((place) => ({ shiftId: place.shiftId, eventUserId: place.eventUserId })),
          );
          const published: StoredPreview = { ...preview, skipped };
          const now = nowIso();
          await wishRoundsRepository.markPublished(tx.db, locked.id, JSON.stringify(skipped), now);
          await writeAudit(tx.db, {
            eventId: caller.eventId,
            actorId: caller.userId,
            action: 'wish_round.published',
            subject: `wish_round:${locked.id}`,
            details: { title: locked.title, placed: placed.length, skipped: skipped.length, seed: preview.stats.seed },
          });
          return { round: { ...locked, published_at: now }, stored: published };
        }),
      );
      await tellParticipants(round, stored);
      return { round: await roundAnswer(shared, caller, round), skipped: stored.skipped ?? [] };
    },
  };

  /**
   * Tells each person of the preview what they got and why a wish was not met, after the commit, the loop turning
   * every few milliseconds (decision 021; at 5,000 people this held the loop for up to ≈ 700 ms, decision 035): the
   * maps of places and reasons are built, the members and languages read 500 at a time (`tellMembers`), and each
   * shift's line of the mail is formatted once per language (a fresh `Intl.DateTimeFormat` per line was 70 % of the time).
   */
  async function tellParticipants(round: WishRoundRow, stored: StoredPreview): Promise<void> {
    if (!context.notify || stored.people.length === 0) return;
    const shifts = new Map(
      (await wishRoundsRepository.roundShiftTexts(db, round.id)).map((shift): [number, MailShift] => [
        shift.id,
        { title: shift.title, location: shift.location, startsAt: shift.starts_at, endsAt: shift.ends_at },
      ]),
    );
    const turn = turnEvery();
    await turnOfTheLoop();
    const skipped = new Set((stored.skipped ?? []).map((place) => `${place.eventUserId}:${place.shiftId}`));
    const assigned = new Map<number, MailShift[]>();
    for (const place of stored.assignments) {
      await turn();
      const shift = shifts.get(place.shiftId);
      if (!shift || skipped.has(`${place.eventUserId}:${place.shiftId}`)) continue;
      const list = assigned.get(place.eventUserId);
      if (list) list.push(shift);
      else assigned.set(place.eventUserId, [shift]);
    }
    const unmet = new Map<number, { shift: MailShift; reason: StoredPreview['unmet'][number]['reason'] }[]>();
    const addUnmet = (eventUserId: number, shift: MailShift, reason: StoredPreview['unmet'][number]['reason']) => {
      const list = unmet.get(eventUserId);
      if (list) list.push({ shift, reason });
      else unmet.set(eventUserId, [{ shift, reason }]);
    };
    for (const entry of stored.unmet) {
      await turn();
      const shift = shifts.get(entry.shiftId);
      if (shift) addUnmet(entry.eventUserId, shift, entry.reason);
    }
    for (const place of stored.skipped ?? []) {
      const shift = shifts.get(place.shiftId);
      if (shift) addUnmet(place.eventUserId, shift, place.reason === 'gone' ? 'full' : place.reason);
    }
    const url = wishRoundPath(round.event_id, round.id);
    const lines = { en: new Map<MailShift, string>(), sv: new Map<MailShift, string>() };
    await tellMembers(context, {
      eventId: round.event_id,
      eventUserIds: stored.people.map((person) => person.eventUserId),
      kind: 'shiftChange',
      url,
      reason: 'wish_round_published',
      inTurns: true,
      write: (reader) => {
        const mine = assigned.get(reader.eventUserId) ?? [];
        // The event's name as `tellMembers` read it for every reader.
        const roundTitle = round.title || reader.eventName;
        return {
          message: {
            key: 'push.wishRoundPublished',
            params: { round: roundTitle, count: mine.length, event: reader.eventName },
          },
          mail: resultMail(
            { ...reader, roundTitle, link: `${shared.publicUrl}${url}`, lines: lines[reader.language] },
            mine,
            unmet.get(reader.eventUserId) ?? [],
          ),
        };
      },
    });
  }
}
