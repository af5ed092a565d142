import { canSelfSignUp, type WaitlistEntry } from '@funkis/shared';
import { writeAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { inTransaction, type ServerContext } from '../../lib/context.js';
import { conflict, forbidden, notFound } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import { isUniqueViolation } from '../../lib/transaction.js';
import { membershipsService } from '../memberships/service.js';
import * as handoverRepository from './handover-repository.js';
import { schedulingMails, shiftNotice } from './mails.js';
import type { SchedulingContext } from './operations-context.js';
import type { ShiftRow } from './repository.js';
import * as schedulingRepository from './repository.js';
import { checkHeldShifts, requireOrganiserOf, spanClash, volunteerOfOtherGroup } from './rules.js';

/**
 * Gives the free places of a shift to the people waiting for it, first first, inside the caller's transaction
 * (which holds the shift's row lock: whatever freed the place decided under it, so a freed place goes to exactly
 * one person). Someone the rules now refuse (a shift taken since that overlaps, too little rest, another group)
 * keeps their place in the line and the next one is tried. Nothing moves once the shift has started. Each person
 * placed is told (push where they allow it, else the mail). Answers the memberships placed.
 */
export async function fillFromWaitlist(
  shared: SchedulingContext,
  tx: ServerContext,
  eventId: number,
  shift: ShiftRow,
): Promise<number[]> {
  if (Date.parse(shift.starts_at) <= Date.now()) return [];
  const waiting = await schedulingRepository.waitlistOf(tx.db, shift.id);
  if (waiting.length === 0) return [];
  let taken = await schedulingRepository.countAssignments(tx.db, shift.id);
  if (taken >= shift.capacity) return [];
  const settings = await schedulingRepository.settings(tx.db, eventId);
  const members = membershipsService(tx);
  const placed: number[] = [];
  for (const entry of waiting) {
    if (taken >= shift.capacity) break;
    const member = await members.lockMember(eventId, entry.event_user_id);
    if (!member) continue;
    if (volunteerOfOtherGroup(shift, member)) continue;
    const held = await schedulingRepository.shiftsOfMember(tx.db, eventId, entry.event_user_id);
    if (held.some((other) => other.id === shift.id)) {
      // Placed by an organiser meanwhile: no longer waiting.
      await schedulingRepository.leaveWaitlist(tx.db, shift.id, entry.event_user_id);
      continue;
    }
    if (spanClash(shift, held, settings.minRestMinutes)) continue;
    const row = await schedulingRepository.insertAssignmentIfRoom(
      tx.db,
      shift.id,
      entry.event_user_id,
      shift.capacity,
      nowIso(),
    );
    if (!row) break;
    await schedulingRepository.markFromWaitlist(tx.db, row.id);
    await schedulingRepository.leaveWaitlist(tx.db, shift.id, entry.event_user_id);
    taken += 1;
    placed.push(entry.event_user_id);
    await writeAudit(tx.db, {
      eventId,
      actorId: null,
      action: 'shift.waitlist_placed',
      subject: `shift:${shift.id}`,
      details: { assignmentId: row.id, eventUserId: entry.event_user_id, title: shift.title },
    });
  }
  if (placed.length > 0) {
    const mailShift = shared.toMailShift(shift);
    await shared.notify(
      tx,
      eventId,
      placed,
      'waitlist_place',
      (context) => schedulingMails.waitlistPlace(mailShift, context),
      shiftNotice('waitlistPlace', 'push.waitlistPlace', mailShift),
    );
  }
  return placed;
}

/** Waitlists of full shifts: a volunteer joins or leaves the line; organisers see it. */
export function waitlistOperations(shared: SchedulingContext) {
  const { context, db, lockShiftOr404 } = shared;
  return {
    /**
     * A membership about to end (an admin removed the person): in the caller's transaction, its places on shifts that
     * have not started are freed, each under its shift's lock (taken in id order), its offers of them closed, and each
     * place handed to the first in that shift's line whom the rules allow, as a sign-off would. Its own places in lines
     * and its places on shifts already under way go with the membership. Answers the shifts whose place was freed.
     */
    async releasePlacesOf(eventId: number, eventUserId: number): Promise<number[]> {
      return inTransaction(context, async (tx) => {
        const now = Date.now();
        const upcoming = (await schedulingRepository.shiftsOfMember(tx.db, eventId, eventUserId))
          .filter((held) => Date.parse(held.starts_at) > now)
          .map((held) => held.id)
          .sort((left, right) => left - right);
        const freed: number[] = [];
        for (const shiftId of upcoming) {
          const shift = await schedulingRepository.lockShift(tx.db, eventId, shiftId);
          if (!shift) continue;
          await schedulingRepository.deleteAssignmentOf(tx.db, shiftId, eventUserId);
          await handoverRepository.closeOffersOfPlace(tx.db, shiftId, eventUserId, nowIso());
          await fillFromWaitlist(shared, tx, eventId, shift);
          freed.push(shiftId);
        }
        return freed;
      });
    },
    /**
     * Puts the caller in the line of a full shift they could sign up for (their group's, self sign-up open, not
     * started, not theirs, no overlap or rest clash with what they hold). A free place: 409, sign up instead.
     * Answers their position (1 first).
     */
    async joinWaitlist(caller: Caller, shiftId: number): Promise<number> {
      try {
        return await inTransaction(context, async (tx) => {
          const shift = await lockShiftOr404(tx.db, caller.eventId, shiftId);
          const settings = await schedulingRepository.settings(tx.db, caller.eventId);
          if (!canSelfSignUp(caller, settings.selfSignupGroupIds)) throw forbidden('error.selfSignupClosed');
          if (shift.group_id !== null && shift.group_id !== caller.groupId) throw conflict('error.shiftOtherGroup');
          if (Date.parse(shift.starts_at) <= Date.now()) throw conflict('error.shiftStarted');
          const held = await schedulingRepository.shiftsOfMember(tx.db, caller.eventId, caller.eventUserId);
          const full = async () => (await schedulingRepository.countAssignments(tx.db, shift.id)) >= shift.capacity;
          await checkHeldShifts(shift, held, settings, full);
          if (!(await full())) throw conflict('error.waitlistPlaceFree');
          await schedulingRepository.joinWaitlist(tx.db, shift.id, caller.eventUserId, nowIso());
          await writeAudit(tx.db, {
            eventId: caller.eventId,
            actorId: caller.userId,
            action: 'shift.waitlist_joined',
            subject: `shift:${shiftId}`,
            details: { eventUserId: caller.eventUserId, title: shift.title },
          });
          const position = (await schedulingRepository.waitlistsOf(tx.db, [shift.id], caller.eventUserId)).get(
            shift.id,
          )?.myPosition;
          if (!position) throw new Error('the waitlist row just written is missing');
          return position;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('error.waitlistAlreadyOn');
        throw error;
      }
    },

    /** Takes the caller out of the shift's line: 404 when they were not in it. */
    async leaveWaitlist(caller: Caller, shiftId: number): Promise<void> {
      await inTransaction(context, async (tx) => {
        const shift = await lockShiftOr404(tx.db, caller.eventId, shiftId);
        if (!(await schedulingRepository.leaveWaitlist(tx.db, shift.id, caller.eventUserId)))
          throw notFound('error.waitlistNotOn');
        await writeAudit(tx.db, {
          eventId: caller.eventId,
          actorId: caller.userId,
          action: 'shift.waitlist_left',
          subject: `shift:${shiftId}`,
          details: { eventUserId: caller.eventUserId, title: shift.title },
        });
      });
    },

    /** The line of a shift, first first, for its organisers (admins; a leader for their group's shifts). */
    async waitlist(caller: Caller, shiftId: number): Promise<WaitlistEntry[]> {
      const shift = await schedulingRepository.findShift(db, caller.eventId, shiftId);
      if (!shift) throw notFound('error.shiftNotFound');
      requireOrganiserOf(caller, shift.group_id);
      const rows = await schedulingRepository.waitlistOf(db, shiftId);
      const people = await membershipsService(context).findMembers(
        caller.eventId,
        rows.map((row) => row.event_user_id),
      );
      const byId = new Map(people.map((person) => [person.id, person]));
      return rows.map((row, index) => ({
        eventUserId: row.event_user_id,
        firstname: byId.get(row.event_user_id)?.firstname ?? '',
        lastname: byId.get(row.event_user_id)?.lastname ?? '',
        position: index + 1,
        createdAt: row.created_at,
      }));
    },
  };
}
