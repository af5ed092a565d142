import { writeAudit, writeAuditSummary } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { inTransaction } from '../../lib/context.js';
import { turnEvery, turnOfTheLoop } from '../../lib/event-loop.js';
import { nowIso } from '../../lib/time.js';
import { membershipsService } from '../memberships/service.js';
import type { SchedulingContext } from './operations-context.js';
import type { ShiftRow } from './repository.js';
import * as schedulingRepository from './repository.js';
import { type HeldShift, spanClash, volunteerOfOtherGroup } from './rules.js';
import * as wishRoundScheduleRepository from './wish-round-repository.js';

/** A place of a published wish round that no longer fitted, and why. */
export interface SkippedPlace {
  shiftId: number;
  eventUserId: number;
  reason: 'full' | 'overlap' | 'rest' | 'gone';
}

/**
 * What wish rounds (modules/wish-rounds, decision 035) need of shifts and places: the facts an allocation starts
 * from, read in a few statements, and the published places written through the scheduling rules.
 */
export function wishRoundOperations(shared: SchedulingContext) {
  const { context, db } = shared;
  return {
    /**
     * For an allocation: the places taken on each shift, the shifts each person already holds in the event, who is
     * experienced (their account held a shift that has ended, here or at another event), which shifts already
     * have an experienced person on them, and the event's minimum rest.
     */
    async wishRoundFacts(eventId: number, shiftIds: readonly number[], eventUserIds: readonly number[]) {
      // The loop turns between statements: on SQLite each runs on the server's one thread (decision 021).
      const taken = await wishRoundScheduleRepository.takenOf(db, shiftIds);
      await turnOfTheLoop();
      const heldRows = await schedulingRepository.shiftsOfMembers(db, eventId, eventUserIds);
      const held = new Map<number, { id: number; startsAt: string; endsAt: string }[]>();
      for (const row of heldRows) {
        const list = held.get(row.event_user_id) ?? [];
        list.push({ id: row.id, startsAt: row.starts_at, endsAt: row.ends_at });
        held.set(row.event_user_id, list);
      }
      await turnOfTheLoop();
      const experienced = await wishRoundScheduleRepository.experiencedMembers(db, eventId, nowIso());
      await turnOfTheLoop();
      const experiencedOn = new Set<number>();
      for (const row of await wishRoundScheduleRepository.holdersOf(db, shiftIds)) {
        if (experienced.has(row.event_user_id)) experiencedOn.add(row.shift_id);
      }
      const { minRestMinutes } = await schedulingRepository.settings(db, eventId);
      return { taken, held, experienced, experiencedOn, minRestMinutes };
    },

    /**
     * Places a published round's people on its shifts, in the caller's transaction: the shifts' row locks in id
     * order, then the people's, then for each place the rules of a sign-up (own group, not twice, capacity by
     * `insertAssignmentIfRoom`, overlap and rest against what they hold now, this round's places included). A place
     * that no longer fits is skipped and named; shifts that have started, are gone or left the event are skipped too.
     * One audit summary (`shift.wish_round_placed`) names the places.
     */
    async placeWishRound(
      caller: Caller,
      roundId: number,
      places: readonly { shiftId: number; eventUserId: number }[],
    ): Promise<{ placed: { shiftId: number; eventUserId: number; assignmentId: number }[]; skipped: SkippedPlace[] }> {
      return inTransaction(context, async (tx) => {
        const shifts = new Map<number, ShiftRow>();
        // A round of thousands of places: the loop turns every few milliseconds of statements (a count of 100 held
        // it 35–40 ms on SQLite at 10,000 places), the locks held meanwhile (other requests' statements wait for
        // this transaction's connection on SQLite, for the locks on PostgreSQL).
        const turn = turnEvery();
        for (const shiftId of [...new Set(places.map((place) => place.shiftId))].sort((a, b) => a - b)) {
          await turn();
          const shift = await schedulingRepository.lockShift(tx.db, caller.eventId, shiftId);
          if (shift) shifts.set(shiftId, shift);
        }
        const members = membershipsService(tx);
        const people = new Map<number, Awaited<ReturnType<typeof members.lockMember>>>();
        for (const eventUserId of [...new Set(places.map((place) => place.eventUserId))].sort((a, b) => a - b)) {
          await turn();
          people.set(eventUserId, await members.lockMember(caller.eventId, eventUserId));
        }
        const settings = await schedulingRepository.settings(tx.db, caller.eventId);
        const heldBy = new Map<number, HeldShift[]>();
        for (const row of await schedulingRepository.shiftsOfMembers(tx.db, caller.eventId, [...people.keys()])) {
          const list = heldBy.get(row.event_user_id) ?? [];
          list.push(row);
          heldBy.set(row.event_user_id, list);
        }
        const now = nowIso();
        const placed: { shiftId: number; eventUserId: number; assignmentId: number }[] = [];
        const skipped: SkippedPlace[] = [];
        for (const place of places) {
          const shift = shifts.get(place.shiftId);
          const member = people.get(place.eventUserId);
          const skip = (reason: SkippedPlace['reason']) => skipped.push({ ...place, reason });
          if (!shift || !member || Date.parse(shift.starts_at) <= Date.parse(now)) {
            skip('gone');
            continue;
          }
          if (volunteerOfOtherGroup(shift, member)) {
            skip('gone');
            continue;
          }
          const held = heldBy.get(member.id) ?? [];
          if (held.some((other) => other.id === shift.id)) {
            skip('overlap');
            continue;
          }
          const clash = spanClash(shift, held, settings.minRestMinutes);
          if (clash) {
            skip(clash.rule);
            continue;
          }
          await turn();
          const row = await schedulingRepository.insertAssignmentIfRoom(
            tx.db,
            shift.id,
            member.id,
            shift.capacity,
            now,
          );
          if (!row) {
            skip('full');
            continue;
          }
          held.push({ id: shift.id, title: shift.title, starts_at: shift.starts_at, ends_at: shift.ends_at });
          heldBy.set(member.id, held);
          placed.push({ ...place, assignmentId: row.id });
        }
        if (placed.length > 0) {
          const summary = await writeAuditSummary(tx.db, {
            eventId: caller.eventId,
            actorId: caller.userId,
            action: 'shift.wish_round_placed',
            subject: `wish_round:${roundId}`,
            details: { count: placed.length, ids: placed.slice(0, 1000).map((place) => place.assignmentId) },
          });
          // Each place as a row of the summary, as bulk changes are logged (decision 025), a statement per turn.
          for (let first = 0; first < placed.length; first += 500) {
            await turnOfTheLoop();
            await writeAudit(
              tx.db,
              placed.slice(first, first + 500).map((place) => ({
                eventId: caller.eventId,
                actorId: caller.userId,
                action: 'shift.assigned',
                subject: `shift:${place.shiftId}`,
                details: { assignmentId: place.assignmentId, eventUserId: place.eventUserId, wishRoundId: roundId },
                partOf: summary,
              })),
            );
          }
        }
        return { placed, skipped };
      });
    },
  };
}
