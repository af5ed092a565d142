import type { SchedulingSettings, ShiftAssignment } from '@funkis/shared';
import { writeAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { inTransaction } from '../../lib/context.js';
import { conflict, fieldError, notFound } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import { isUniqueViolation } from '../../lib/transaction.js';
import { membershipsService } from '../memberships/service.js';
import * as handoverRepository from './handover-repository.js';
import { schedulingMails, shiftNotice } from './mails.js';
import { type SchedulingContext, toAssignment } from './operations-context.js';
import type { ShiftRow } from './repository.js';
import * as schedulingRepository from './repository.js';
import { checkAssignmentRules, spanClash } from './rules.js';

/**
 * What asking for cover (modules/cover) needs of shifts and places: the shift under its lock, who could work it
 * by the event's rules, and the place given to the volunteer who accepts. Run on the cover module's transaction
 * (a service made on it), so the request and the place are kept or dropped together.
 */
export function coverOperations(shared: SchedulingContext) {
  const { context, db, lockShiftOr404, notify, toMailShift } = shared;
  return {
    /** The shift with its row locked (PostgreSQL), its places taken and the event's rules, or 404. */
    async lockShiftForCover(
      eventId: number,
      shiftId: number,
    ): Promise<{ shift: ShiftRow; taken: number; settings: SchedulingSettings }> {
      const shift = await lockShiftOr404(db, eventId, shiftId);
      const [taken, settings] = await Promise.all([
        schedulingRepository.countAssignments(db, shift.id),
        schedulingRepository.settings(db, eventId),
      ]);
      return { shift, taken, settings };
    },

    /**
     * Those of `eventUserIds` who could work the shift by the rules an assignment passes (rules.ts): not on it
     * already, nothing overlapping, the event's minimum rest to their other shifts.
     */
    async freeForShift(shift: ShiftRow, eventUserIds: readonly number[], settings: SchedulingSettings) {
      const held = await schedulingRepository.shiftsOfMembers(db, shift.event_id, eventUserIds);
      const heldBy = new Map<number, typeof held>();
      for (const row of held) {
        const list = heldBy.get(row.event_user_id) ?? [];
        list.push(row);
        heldBy.set(row.event_user_id, list);
      }
      return eventUserIds.filter((eventUserId) => {
        const others = heldBy.get(eventUserId) ?? [];
        if (others.some((other) => other.id === shift.id)) return false;
        return spanClash(shift, others, settings.minRestMinutes) === null;
      });
    },

    /**
     * Frees the place of a person on the shift who is late (no arrival `lateAfterMinutes` after the start) or marked
     * absent, for an organiser asking for cover of it: the place goes, the person is told (push or the mail) and the
     * audit log says why. The caller holds the shift's lock and organises it. 404 when the person has no place there,
     * 409 `error.coverNotLate` when they arrived or are not late yet. Answers 1, the places freed.
     */
    async releaseLatePlace(
      caller: Caller,
      shift: ShiftRow,
      eventUserId: number,
      settings: SchedulingSettings,
    ): Promise<number> {
      const place = (await schedulingRepository.assignmentsOf(db, [shift.id])).find(
        (row) => row.event_user_id === eventUserId,
      );
      if (!place) throw notFound('error.assignmentNotFound');
      const lateFrom = Date.parse(shift.starts_at) + settings.lateAfterMinutes * 60_000;
      const absent = place.attendance === 'no_show' || (place.attendance !== 'arrived' && Date.now() >= lateFrom);
      if (!absent) throw conflict('error.coverNotLate');
      await notify(
        context,
        caller.eventId,
        [eventUserId],
        'shift_removed',
        (context) => schedulingMails.removed(toMailShift(shift), context, false),
        shiftNotice('shiftChange', 'push.shiftUnassigned', toMailShift(shift)),
      );
      await schedulingRepository.deleteAssignment(db, shift.id, place.id);
      await handoverRepository.closeOffersOfPlace(db, shift.id, eventUserId, nowIso());
      await writeAudit(db, {
        eventId: caller.eventId,
        actorId: caller.userId,
        action: 'shift.unassigned',
        subject: `shift:${shift.id}`,
        details: { assignmentId: place.id, eventUserId, title: shift.title, reason: 'cover' },
      });
      return 1;
    },

    /**
     * Gives the caller, a volunteer who accepted a cover request, a place on the shift: the shift's lock, then
     * their membership's, then the usual rules (own group, same shift twice, capacity, overlap, rest) with their
     * usual answers. Self sign-up need not be open and the shift may have started: an organiser asked.
     */
    async takeCoverPlace(caller: Caller, shiftId: number, coverRequestId: number): Promise<ShiftAssignment> {
      try {
        return await inTransaction(context, async (tx) => {
          const shift = await lockShiftOr404(tx.db, caller.eventId, shiftId);
          const member = await membershipsService(tx).lockMember(caller.eventId, caller.eventUserId);
          if (!member) throw fieldError('eventUserId', 'error.memberNotFound', undefined, 404);
          if (shift.group_id !== null && shift.group_id !== (member.group?.id ?? null)) {
            throw conflict('error.shiftOtherGroup');
          }
          await checkAssignmentRules(
            tx.db,
            shift,
            member.id,
            await schedulingRepository.settings(tx.db, caller.eventId),
          );
          const row = await schedulingRepository.insertAssignmentIfRoom(
            tx.db,
            shift.id,
            member.id,
            shift.capacity,
            nowIso(),
          );
          if (!row) throw conflict('error.shiftFull', { capacity: shift.capacity });
          await writeAudit(tx.db, {
            eventId: caller.eventId,
            actorId: caller.userId,
            action: 'shift.signed_up',
            subject: `shift:${shift.id}`,
            details: { assignmentId: row.id, eventUserId: member.id, title: shift.title, coverRequestId },
          });
          return toAssignment(row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('error.shiftAlreadyAssigned');
        throw error;
      }
    },
  };
}
