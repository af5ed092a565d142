import { type CoverRequest, canAskForCover } from '@funkis/shared';
import { writeAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { inTransaction } from '../../lib/context.js';
import { conflict, forbidden, notFound } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import { membershipsService } from '../memberships/service.js';
import { tellMembers } from '../push/service.js';
import { shiftNotice } from '../scheduling/mails.js';
import { schedulingService } from '../scheduling/service.js';
import { type CoverContext, coverRequestPath, coverState } from './operations-context.js';
import * as coverRepository from './repository.js';

/** An organiser asking a shift's volunteers to cover a free place. */
export function requestOperations(shared: CoverContext) {
  const { context } = shared;
  return {
    /**
     * Asks for cover on a shift with a free place that has not ended (admins; a leader for their group's shift).
     * Asked: the group's volunteers not on the shift, free then and rested by the event's rules (the scheduling
     * rules), each told by push or e-mail in the same transaction. While the shift has an open request, that one
     * is answered (`created: false`) and only volunteers it has not asked yet are asked. With `replacing`, the place
     * of that person, late or absent by the board's rule, is freed first (they are told) and then covered.
     */
    async askForCover(
      caller: Caller,
      shiftId: number,
      replacing?: number,
    ): Promise<{ coverRequest: CoverRequest; created: boolean }> {
      return inTransaction(context, async (tx) => {
        // With the notices, so a person whose place is freed for the cover is told in the same transaction.
        const scheduling = schedulingService(tx);
        // The shift's lock: two organisers asking at once make one request, and places cannot change meanwhile.
        const { shift, taken, settings } = await scheduling.lockShiftForCover(caller.eventId, shiftId);
        if (!canAskForCover(caller, shift.group_id)) throw forbidden('error.ownGroupOnly');
        const now = nowIso();
        if (Date.parse(shift.ends_at) <= Date.parse(now)) throw conflict('error.coverShiftEnded');
        // A late or absent person's place: freed here, under the shift's lock, so the cover can take it.
        const freed =
          replacing === undefined ? 0 : await scheduling.releaseLatePlace(caller, shift, replacing, settings);
        if (taken - freed >= shift.capacity) throw conflict('error.coverShiftFull');
        const open = await coverRepository.openRequestOfShift(tx.db, shift.id);
        const request =
          open ??
          (await coverRepository.insertRequest(tx.db, {
            eventId: caller.eventId,
            shiftId: shift.id,
            createdBy: caller.userId,
            now,
          }));
        const members = membershipsService(tx);
        const volunteers =
          shift.group_id === null ? [] : await members.volunteerIdsOfGroup(caller.eventId, shift.group_id);
        const asked = new Set(open ? await coverRepository.offeredIds(tx.db, request.id) : []);
        // The person whose place was freed is not asked to cover it.
        const passedOver = new Set(replacing === undefined ? [] : [replacing]);
        const free = await scheduling.freeForShift(
          shift,
          volunteers.filter((id) => !asked.has(id) && !passedOver.has(id)),
          settings,
        );
        await coverRepository.insertOffers(tx.db, request.id, free, now);
        const notice = shiftNotice('coverRequest', 'push.coverRequest', {
          title: shift.title,
          location: shift.location,
          startsAt: shift.starts_at,
          endsAt: shift.ends_at,
        });
        await tellMembers(tx, {
          eventId: caller.eventId,
          eventUserIds: free,
          kind: notice.kind,
          url: coverRequestPath(request.id),
          reason: 'cover_request',
          write: (reader) => ({ message: notice.message(reader) }),
        });
        if (!open) {
          await writeAudit(tx.db, {
            eventId: caller.eventId,
            actorId: caller.userId,
            action: 'shift.cover_requested',
            subject: `shift:${shift.id}`,
            details: { coverRequestId: request.id, title: shift.title, asked: free.length },
          });
        }
        return {
          created: !open,
          coverRequest: {
            id: request.id,
            eventId: request.event_id,
            shiftId: request.shift_id,
            state: 'open',
            askedCount: asked.size + free.length,
            createdAt: request.created_at,
          },
        };
      });
    },

    /**
     * The open requests of these shifts (the board's, as it reads them: their places taken), by shift: requests
     * nobody took or withdrew, whose shift has not ended and has a free place (`coverState`).
     */
    async openRequestsOfShifts(
      shifts: readonly { id: number; ends_at: string; capacity: number; placesTaken: number }[],
      now: number = Date.now(),
    ): Promise<Map<number, CoverRequest>> {
      const byId = new Map(shifts.map((shift) => [shift.id, shift]));
      const open = new Map<number, CoverRequest>();
      for (const row of await coverRepository.unclosedOfShifts(shared.db, [...byId.keys()])) {
        const shift = byId.get(row.shift_id);
        if (!shift || coverState(row, shift, shift.placesTaken, now) !== 'open') continue;
        open.set(row.shift_id, {
          id: row.id,
          eventId: row.event_id,
          shiftId: row.shift_id,
          state: 'open',
          askedCount: Number(row.asked_count),
          createdAt: row.created_at,
        });
      }
      return open;
    },

    /**
     * Withdraws a request nobody took (admins; a leader for their group's shift): it is closed, so it is no longer
     * open to the volunteers asked and cannot be taken. The request's row is locked first, as accepting does
     * (PostgreSQL), then the shift's: a withdrawal and an acceptance at once have exactly one outcome, the place
     * taken (409 `error.coverRequestTaken`) or the request closed. Closed already: nothing changes (idempotent).
     * Another event's request or none: 404.
     */
    async withdraw(caller: Caller, coverRequestId: number): Promise<void> {
      await inTransaction(context, async (tx) => {
        const request = await coverRepository.lockRequest(tx.db, coverRequestId);
        if (!request || request.event_id !== caller.eventId) throw notFound('error.coverRequestNotFound');
        const { shift } = await schedulingService(tx).lockShiftForCover(caller.eventId, request.shift_id);
        if (!canAskForCover(caller, shift.group_id)) throw forbidden('error.ownGroupOnly');
        if (request.taken_at !== null) throw conflict('error.coverRequestTaken');
        if (request.closed_at !== null) return;
        await coverRepository.markClosed(tx.db, request.id, nowIso());
        await writeAudit(tx.db, {
          eventId: caller.eventId,
          actorId: caller.userId,
          action: 'shift.cover_withdrawn',
          subject: `shift:${shift.id}`,
          details: { coverRequestId: request.id, title: shift.title },
        });
      });
    },
  };
}
