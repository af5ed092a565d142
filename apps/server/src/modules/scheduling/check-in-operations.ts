import type { Attendance } from '@funkis/shared';
import type { Db } from '../../db/types.js';
import { writeAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import type { SchedulingContext } from './operations-context.js';
import * as planningRepository from './planning-repository.js';
import type { ShiftFilters } from './repository.js';
import * as schedulingRepository from './repository.js';

/**
 * What the event day (check-in and the live board) needs of shifts and places: reads, and the one write, the
 * attendance an applied check-in sets or an undo restores. The event-day module decides who may; these run in its
 * transaction (pass it as `trx`), under its lock of the member.
 */
export function checkInOperations(shared: SchedulingContext) {
  const { db } = shared;
  return {
    findShift: (eventId: number, shiftId: number, source: Db = db) =>
      schedulingRepository.findShift(source, eventId, shiftId),
    findPlace: (shiftId: number, eventUserId: number, source: Db = db) =>
      schedulingRepository.findPlace(source, shiftId, eventUserId),
    /** The board's shifts (start, location, title) and the places on them: two statements (id batches on SQLite). */
    async boardShifts(eventId: number, filters: ShiftFilters) {
      const shifts = await schedulingRepository.boardShifts(db, eventId, filters);
      const places = await schedulingRepository.assignmentsOf(
        db,
        shifts.map((shift) => shift.id),
      );
      return { shifts, places };
    },
    placesOfMemberBetween: (eventId: number, eventUserId: number, from: string, to: string) =>
      schedulingRepository.placesOfMemberBetween(db, eventId, eventUserId, from, to),

    /**
     * Sets a place's attendance because of a check-in (or its undo), audited as an organiser's mark is. Unlike the
     * organiser's mark it may come before the start: check-in opens before the shift does.
     */
    async setAttendanceByCheckIn(
      trx: Db,
      caller: Caller,
      shift: { id: number; title: string },
      place: { id: number; event_user_id: number; attendance: string | null },
      attendance: Attendance | null,
      checkInId: number,
    ): Promise<void> {
      if (place.attendance === attendance) return;
      await planningRepository.setAttendance(trx, shift.id, place.id, attendance);
      await writeAudit(trx, {
        eventId: caller.eventId,
        actorId: caller.userId,
        action: 'shift.attendance_marked',
        subject: `shift:${shift.id}`,
        details: {
          assignmentId: place.id,
          eventUserId: place.event_user_id,
          title: shift.title,
          from: place.attendance,
          to: attendance,
          checkInId,
        },
      });
    },
  };
}
