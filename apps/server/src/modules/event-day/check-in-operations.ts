import {
  type CheckIn,
  type CheckInInput,
  canCheckIn,
  canOrganiseShift,
  canSeeBoard,
  EVENT_DAY_LIMITS,
  isAdmin,
} from '@funkis/shared';
import { writeAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { inTransaction, type ServerContext } from '../../lib/context.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-error.js';
import { isUniqueViolation } from '../../lib/transaction.js';
import { membershipsService } from '../memberships/service.js';
import { schedulingService } from '../scheduling/service.js';
import { type EventDayContext, HOUR, MINUTE, toCheckIn, toPerson } from './operations-context.js';
import * as eventDayRepository from './repository.js';

/** A phone's clock may run this far ahead before its scan counts as "in the future". */
const FUTURE_TOLERANCE_MS = 2 * MINUTE;

/** Recording an arrival or departure, and undoing it within a minute. */
export function checkInOperations(shared: EventDayContext) {
  const { context, personFor, scheduling } = shared;
  return {
    /**
     * Records an arrival or departure. `created` is false when the scan's `clientId` was already stored: nothing
     * is recorded again and the stored check-in is answered. `now` is the server's time (tests move it).
     */
    async checkIn(
      caller: Caller,
      input: CheckInInput,
      now: Date = new Date(),
    ): Promise<{ checkIn: CheckIn; created: boolean }> {
      if (!canSeeBoard(caller)) throw forbidden();
      const clientId = input.clientId ?? null;
      const replay = async (source: ServerContext) => {
        if (clientId === null) return undefined;
        const stored = await eventDayRepository.findByClientId(source.db, caller.eventId, clientId);
        if (!stored) return undefined;
        const member = await membershipsService(source).findMember(caller.eventId, stored.event_user_id);
        if (!member) throw notFound('error.memberNotFound');
        if (!canCheckIn(caller, member.group?.id ?? null)) throw forbidden('error.ownGroupOnly');
        return { checkIn: toCheckIn(stored, toPerson(member)), created: false };
      };
      const replayed = await replay(context);
      if (replayed) return replayed;

      const at = input.at ? new Date(input.at) : now;
      if (at.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) throw fieldError('at', 'error.checkInInFuture');
      if (at.getTime() < now.getTime() - EVENT_DAY_LIMITS.OFFLINE_HOURS_MAXIMUM * HOUR) {
        throw conflict('error.checkInTooOld', { hours: EVENT_DAY_LIMITS.OFFLINE_HOURS_MAXIMUM });
      }
      const person = await personFor(caller, input);
      const shiftId = input.shiftId ?? null;
      const shift = shiftId === null ? undefined : await scheduling.findShift(caller.eventId, shiftId);
      if (shiftId !== null) {
        if (!shift) throw fieldError('shiftId', 'error.shiftNotFound', undefined, 404);
        if (!canOrganiseShift(caller, shift.group_id)) throw forbidden('error.ownGroupOnly');
        const opens = Date.parse(shift.starts_at) - EVENT_DAY_LIMITS.SHIFT_OPENS_BEFORE_MINUTES * MINUTE;
        if (at.getTime() < opens || at.getTime() > Date.parse(shift.ends_at)) {
          throw conflict('error.checkInShiftClosed', { minutes: EVENT_DAY_LIMITS.SHIFT_OPENS_BEFORE_MINUTES });
        }
      }

      try {
        return await inTransaction(context, async (tx) => {
          // One decision per person at a time: their membership row, never the event's.
          const member = await membershipsService(tx).lockMember(caller.eventId, person.id);
          if (!member) throw fieldError('eventUserId', 'error.memberNotFound', undefined, 404);
          // A replay that waited on the lock behind its twin finds it here.
          const stored = await replay(tx);
          if (stored) return stored;
          // One scheduling service per transaction, for every read and write of places under the member's lock.
          const trxScheduling = schedulingService(tx);
          const place = shift ? await trxScheduling.findPlace(shift.id, member.id) : undefined;
          if (shift && !place) throw conflict('error.checkInNotOnShift');
          const standing = await eventDayRepository.standing(tx.db, caller.eventId, member.id, shiftId);
          const atIso = at.toISOString();
          // A scan made before the standing decision (kept offline) is kept for the record and changes nothing.
          const applied = !standing || atIso >= standing.at;
          const setsArrival = applied && shift !== undefined && input.kind === 'arrive';
          const row = await eventDayRepository.insert(tx.db, {
            eventId: caller.eventId,
            eventUserId: member.id,
            shiftId,
            kind: input.kind,
            at: atIso,
            recordedAt: now.toISOString(),
            recordedBy: caller.userId,
            clientId,
            applied,
            previousAttendance: setsArrival ? (place?.attendance ?? null) : null,
          });
          if (setsArrival && shift && place) {
            await trxScheduling.setAttendanceByCheckIn(tx.db, caller, shift, place, 'arrived', row.id);
          }
          await writeAudit(tx.db, {
            eventId: caller.eventId,
            actorId: caller.userId,
            action: 'check_in.recorded',
            subject: `event_user:${member.id}`,
            details: {
              checkInId: row.id,
              kind: input.kind,
              shiftId,
              at: atIso,
              applied,
              name: `${member.firstname} ${member.lastname}`,
            },
          });
          return { checkIn: toCheckIn(row, toPerson(member)), created: true };
        });
      } catch (error) {
        // The same clientId stored by a request that was not waiting on this person's lock.
        if (isUniqueViolation(error)) {
          const stored = await replay(context);
          if (stored) return stored;
        }
        throw error;
      }
    },

    /** Undoes a check-in within UNDO_SECONDS: the one who recorded it, or an admin; restores the attendance. */
    async undo(caller: Caller, checkInId: number, now: Date = new Date()): Promise<CheckIn> {
      return inTransaction(context, async (tx) => {
        const found = await eventDayRepository.find(tx.db, caller.eventId, checkInId);
        if (!found) throw notFound('error.checkInNotFound');
        if (found.recorded_by !== caller.userId && !isAdmin(caller)) throw forbidden();
        const member = await membershipsService(tx).lockMember(caller.eventId, found.event_user_id);
        if (!member) throw notFound('error.checkInNotFound');
        // Read again under the lock: a twin undo may have finished while this one waited.
        const row = (await eventDayRepository.find(tx.db, caller.eventId, checkInId)) ?? found;
        if (row.undone_at !== null) return toCheckIn(row, toPerson(member));
        if (now.getTime() - Date.parse(row.recorded_at) > EVENT_DAY_LIMITS.UNDO_SECONDS * 1000) {
          throw conflict('error.undoExpired', { seconds: EVENT_DAY_LIMITS.UNDO_SECONDS });
        }
        const undoneAt = now.toISOString();
        await eventDayRepository.markUndone(tx.db, row.id, undoneAt);
        if (row.applied === 1 && row.kind === 'arrive' && row.shift_id !== null) {
          const trxScheduling = schedulingService(tx);
          const shift = await trxScheduling.findShift(caller.eventId, row.shift_id);
          const place = await trxScheduling.findPlace(row.shift_id, row.event_user_id);
          const arrivals = await eventDayRepository.appliedArrivals(
            tx.db,
            caller.eventId,
            row.event_user_id,
            row.shift_id,
          );
          // Another arrival for the shift still stands: the mark stays. Otherwise the mark goes back to what it was
          // before the latest arrival that set it (an organiser's own "arrived" from before stays).
          const standsStill = arrivals.some((other) => other.id !== row.id && other.undone_at === null);
          const setter = [...arrivals].reverse().find((other) => other.previous_attendance !== 'arrived');
          if (shift && place && place.attendance === 'arrived' && !standsStill && setter) {
            const previous = setter.previous_attendance === 'no_show' ? 'no_show' : null;
            await trxScheduling.setAttendanceByCheckIn(tx.db, caller, shift, place, previous, row.id);
          }
        }
        await writeAudit(tx.db, {
          eventId: caller.eventId,
          actorId: caller.userId,
          action: 'check_in.undone',
          subject: `event_user:${row.event_user_id}`,
          details: { checkInId: row.id, kind: row.kind, shiftId: row.shift_id, at: row.at },
        });
        return toCheckIn({ ...row, undone_at: undoneAt }, toPerson(member));
      });
    },
  };
}
