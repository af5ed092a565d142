import { type Attendance, canSelfSignUp, type ShiftAssignment } from '@funkis/shared';
import { writeAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { inTransaction, type ServerContext } from '../../lib/context.js';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import { isUniqueViolation } from '../../lib/transaction.js';
import { membershipsService } from '../memberships/service.js';
import * as handoverRepository from './handover-repository.js';
import { schedulingMails, shiftNotice } from './mails.js';
import { HOUR, type SchedulingContext, toAssignment } from './operations-context.js';
import * as planningRepository from './planning-repository.js';
import type { ShiftRow } from './repository.js';
import * as schedulingRepository from './repository.js';
import { checkAssignmentRules, checkHeldShifts, requireOrganiserOf, requirePlaceableBy } from './rules.js';
import { fillFromWaitlist } from './waitlist-operations.js';

/**
 * Who holds a place and what came of it: sign-up, assignment by an organiser, sign-off and removal, a move to
 * another shift, each under the rules, and the organiser's attendance mark.
 */
export function assignmentOperations(shared: SchedulingContext) {
  const { context, db, toMailShift, notify, lockShiftOr404 } = shared;

  /**
   * Tells a person that an organiser moved their place from one shift to another (the "changed" mail, with
   * the old and the new shift), inside the caller's transaction: the move's.
   */
  const notifyMoved = (tx: ServerContext, eventId: number, eventUserId: number, from: ShiftRow, to: ShiftRow) =>
    notify(
      tx,
      eventId,
      [eventUserId],
      'shift_changed',
      (context) => schedulingMails.changed(toMailShift(from), toMailShift(to), context),
      shiftNotice('shiftChange', 'push.shiftMoved', toMailShift(to)),
    );

  return {
    /**
     * Gives a member a place. Admins assign anyone, leaders anyone to their own group's shifts, volunteers only
     * themselves and only where self sign-up is open for their group and the shift has not started. The rules
     * (own group for volunteers, capacity, overlap, rest) hold for every way in.
     */
    async assign(caller: Caller, shiftId: number, eventUserId: number): Promise<ShiftAssignment> {
      // A first look without any lock: a volunteer reaching for a shift that is already full is answered here,
      // not queued on the shift's row lock behind everyone else who wants it (decision 024). Whatever else it
      // finds is decided again under the locks below; settings are read here, as always without the event's lock.
      const view = await schedulingRepository.signUpView(db, caller.eventId, shiftId, eventUserId);
      if (!view) throw notFound('error.shiftNotFound');
      const { settings } = view;
      if (
        canSelfSignUp(caller, settings.selfSignupGroupIds) &&
        eventUserId === caller.eventUserId &&
        Date.parse(view.shift.starts_at) > Date.now() &&
        (view.shift.group_id === null || view.shift.group_id === caller.groupId) &&
        !view.held &&
        view.taken >= view.shift.capacity
      ) {
        throw conflict('error.shiftFull', { capacity: view.shift.capacity });
      }
      try {
        return await inTransaction(context, async (tx) => {
          // The shift's row, then the member's: what capacity and the person's overlap and rest are decided on.
          // Few statements while the shift's lock is held: it is what every sign-up for the shift queues on.
          const shift = await lockShiftOr404(tx.db, caller.eventId, shiftId);
          if (caller.roleLevel === 2) {
            if (eventUserId !== caller.eventUserId) throw forbidden();
            if (!canSelfSignUp(caller, settings.selfSignupGroupIds)) throw forbidden('error.selfSignupClosed');
            if (Date.parse(shift.starts_at) <= Date.now()) throw conflict('error.shiftStarted');
          } else {
            requireOrganiserOf(caller, shift.group_id);
          }
          const member = await membershipsService(tx).lockMember(caller.eventId, eventUserId);
          if (!member) throw fieldError('eventUserId', 'error.memberNotFound', undefined, 404);
          if (caller.roleLevel !== 2) requirePlaceableBy(caller, member);
          if (member.roleLevel === 2 && shift.group_id !== null && shift.group_id !== (member.group?.id ?? null)) {
            throw conflict('error.shiftOtherGroup');
          }
          const held = await schedulingRepository.shiftsOfMember(tx.db, caller.eventId, eventUserId);
          await checkHeldShifts(
            shift,
            held,
            settings,
            async () => (await schedulingRepository.countAssignments(tx.db, shift.id)) >= shift.capacity,
          );
          // Capacity: counted and inserted in one statement, under the shift's lock.
          const row = await schedulingRepository.insertAssignmentIfRoom(
            tx.db,
            shiftId,
            eventUserId,
            shift.capacity,
            nowIso(),
          );
          if (!row) throw conflict('error.shiftFull', { capacity: shift.capacity });
          await writeAudit(tx.db, {
            eventId: caller.eventId,
            actorId: caller.userId,
            action: eventUserId === caller.eventUserId ? 'shift.signed_up' : 'shift.assigned',
            subject: `shift:${shiftId}`,
            details: { assignmentId: row.id, eventUserId, title: shift.title },
          });
          return toAssignment(row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('error.shiftAlreadyAssigned');
        throw error;
      }
    },
    /**
     * Takes a place away: organisers as for assigning; volunteers their own, until sign-off closes (a place given
     * from the waitlist: until the start, as the mail that gave it says).
     */
    async unassign(caller: Caller, shiftId: number, assignmentId: number) {
      await inTransaction(context, async (tx) => {
        const shift = await lockShiftOr404(tx.db, caller.eventId, shiftId);
        const assignment = await schedulingRepository.findAssignment(tx.db, shiftId, assignmentId);
        if (!assignment) throw notFound('error.assignmentNotFound');
        if (caller.roleLevel === 2) {
          if (assignment.event_user_id !== caller.eventUserId) throw forbidden();
          const settings = await schedulingRepository.settings(tx.db, caller.eventId);
          if (!canSelfSignUp(caller, settings.selfSignupGroupIds)) throw forbidden('error.selfSignupClosed');
          const closesAt =
            Date.parse(shift.starts_at) - (assignment.from_waitlist ? 0 : settings.signOffClosesHours * HOUR);
          if (Date.now() > closesAt) throw conflict('error.signOffClosed', { hours: settings.signOffClosesHours });
        } else {
          requireOrganiserOf(caller, shift.group_id);
        }
        if (assignment.event_user_id !== caller.eventUserId) {
          await notify(
            tx,
            caller.eventId,
            [assignment.event_user_id],
            'shift_removed',
            (context) => schedulingMails.removed(toMailShift(shift), context, false),
            shiftNotice('shiftChange', 'push.shiftUnassigned', toMailShift(shift)),
          );
        }
        await schedulingRepository.deleteAssignment(tx.db, shiftId, assignmentId);
        // An offer of the place closes with it (decision 033).
        await handoverRepository.closeOffersOfPlace(tx.db, shiftId, assignment.event_user_id, nowIso());
        // The freed place goes to the first in the shift's line whom the rules allow, under the same lock.
        await fillFromWaitlist(shared, tx, caller.eventId, shift);
        await writeAudit(tx.db, {
          eventId: caller.eventId,
          actorId: caller.userId,
          action: assignment.event_user_id === caller.eventUserId ? 'shift.signed_off' : 'shift.unassigned',
          subject: `shift:${shiftId}`,
          details: { assignmentId, eventUserId: assignment.event_user_id, title: shift.title },
        });
      });
    },
    /**
     * Moves an assignment to another shift in one transaction under both shifts' and the member's locks: the caller organises both
     * shifts, and the person passes the assignment rules on the new one (own group for volunteers, capacity,
     * overlap and rest, leaving the old shift out). The attendance mark is cleared; one audit entry; the person
     * (when not the caller) gets the "shift changed" mail with the old and the new shift, in the same transaction.
     */
    async move(caller: Caller, shiftId: number, assignmentId: number, toShiftId: number) {
      try {
        return await inTransaction(context, async (tx) => {
          if (toShiftId === shiftId) throw badRequest('error.moveSameShift');
          // Both shifts' rows in id order (so two moves between the same shifts cannot wait on each other), then
          // the member's: the same order as a sign-up's (decision 024).
          const locked = new Map<number, Awaited<ReturnType<typeof schedulingRepository.lockShift>>>();
          for (const id of [shiftId, toShiftId].sort((a, b) => a - b)) {
            locked.set(id, await schedulingRepository.lockShift(tx.db, caller.eventId, id));
          }
          const from = locked.get(shiftId);
          if (!from) throw notFound('error.shiftNotFound');
          const assignment = await schedulingRepository.findAssignment(tx.db, shiftId, assignmentId);
          if (!assignment) throw notFound('error.assignmentNotFound');
          requireOrganiserOf(caller, from.group_id);
          const to = locked.get(toShiftId);
          if (!to) throw notFound('error.shiftNotFound');
          requireOrganiserOf(caller, to.group_id);
          const member = await membershipsService(tx).lockMember(caller.eventId, assignment.event_user_id);
          if (!member) throw notFound('error.memberNotFound');
          requirePlaceableBy(caller, member);
          if (member.roleLevel === 2 && to.group_id !== null && to.group_id !== (member.group?.id ?? null)) {
            throw conflict('error.shiftOtherGroup');
          }
          const settings = await schedulingRepository.settings(tx.db, caller.eventId);
          await checkAssignmentRules(tx.db, to, assignment.event_user_id, settings, from.id);
          await planningRepository.moveAssignment(tx.db, from.id, assignment.id, to.id);
          // An offer of the place left behind closes (decision 033).
          await handoverRepository.closeOffersOfPlace(tx.db, from.id, assignment.event_user_id, nowIso());
          // The place left behind goes to the first shift's line.
          await fillFromWaitlist(shared, tx, caller.eventId, from);
          if (assignment.event_user_id !== caller.eventUserId) {
            await notifyMoved(tx, caller.eventId, assignment.event_user_id, from, to);
          }
          await writeAudit(tx.db, {
            eventId: caller.eventId,
            actorId: caller.userId,
            action: 'shift.assignment_moved',
            subject: `shift:${to.id}`,
            details: {
              assignmentId: assignment.id,
              eventUserId: assignment.event_user_id,
              from: { shiftId: from.id, title: from.title },
              to: { shiftId: to.id, title: to.title },
            },
          });
          return {
            id: assignment.id,
            shiftId: to.id,
            eventUserId: assignment.event_user_id,
            createdAt: assignment.created_at,
          };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('error.shiftAlreadyAssigned');
        throw error;
      }
    },
    /** Marks arrived / no-show (or clears the mark) once the shift has started; organisers of the shift; audited. */
    async setAttendance(caller: Caller, shiftId: number, assignmentId: number, attendance: Attendance | null) {
      return inTransaction(context, async (tx) => {
        const shift = await lockShiftOr404(tx.db, caller.eventId, shiftId);
        const assignment = await schedulingRepository.findAssignment(tx.db, shiftId, assignmentId);
        if (!assignment) throw notFound('error.assignmentNotFound');
        requireOrganiserOf(caller, shift.group_id);
        if (attendance !== null && Date.parse(shift.starts_at) > Date.now()) {
          throw conflict('error.attendanceBeforeStart');
        }
        if (assignment.attendance !== attendance) {
          await planningRepository.setAttendance(tx.db, shiftId, assignmentId, attendance);
          await writeAudit(tx.db, {
            eventId: caller.eventId,
            actorId: caller.userId,
            action: 'shift.attendance_marked',
            subject: `shift:${shiftId}`,
            details: {
              assignmentId,
              eventUserId: assignment.event_user_id,
              title: shift.title,
              from: assignment.attendance,
              to: attendance,
            },
          });
        }
        return { id: assignment.id, shiftId, eventUserId: assignment.event_user_id, attendance };
      });
    },
  };
}
