import { COVER_LIST_MAXIMUM, type OfferedCoverRequest, type RoleLevel, type ShiftAssignment } from '@funkis/shared';
import { inTransaction } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import { eventsService } from '../events/service.js';
import { schedulingService } from '../scheduling/service.js';
import { shiftSummaryOf } from '../scheduling/shift-rows.js';
import { type CoverContext, coverState } from './operations-context.js';
import * as coverRepository from './repository.js';

/** A volunteer's side: the requests offered to them and taking one. */
export function offerOperations(shared: CoverContext) {
  const { context, db } = shared;
  return {
    /** The requests offered to the account, in every event, for shifts that have not ended: open, taken, closed. */
    async offeredTo(user: { id: number }, now: Date = new Date()): Promise<OfferedCoverRequest[]> {
      const rows = await coverRepository.offeredToUser(db, user.id, now.toISOString(), COVER_LIST_MAXIMUM);
      const events = await eventsService(context).namesAndZones(rows.map((row) => row.event_id));
      return rows.map((row) => ({
        id: row.id,
        eventId: row.event_id,
        eventName: row.event_name,
        timeZone: events.get(row.event_id)?.timeZone ?? 'UTC',
        shift: shiftSummaryOf(row),
        state: coverState(row, row, Number(row.places_taken), now.getTime()),
        takenByMe: row.taken_by_event_user_id === row.event_user_id,
        createdAt: row.created_at,
      }));
    },

    /**
     * Takes the place a request offers. The request's row is locked first (PostgreSQL), so of everyone accepting
     * at once exactly one finds it untaken; the place then goes through the scheduling rules (capacity, overlap,
     * rest) with their usual answers. 404 when the request was not offered to the caller, 409 when taken or closed.
     */
    async accept(user: { id: number }, coverRequestId: number): Promise<ShiftAssignment> {
      return inTransaction(context, async (tx) => {
        const request = await coverRepository.lockRequest(tx.db, coverRequestId);
        const offer = request ? await coverRepository.offerTo(tx.db, request.id, user.id) : undefined;
        if (!request || !offer) throw notFound('error.coverRequestNotFound');
        if (request.taken_at !== null) throw conflict('error.coverRequestTaken');
        if (request.closed_at !== null) throw conflict('error.coverRequestClosed');
        const caller = {
          userId: user.id,
          eventId: offer.event_id,
          eventUserId: offer.id,
          roleLevel: offer.role_level as RoleLevel,
          groupId: offer.group_id,
        };
        const scheduling = schedulingService(tx);
        const { shift } = await scheduling.lockShiftForCover(caller.eventId, request.shift_id);
        if (Date.parse(shift.ends_at) <= Date.now()) throw conflict('error.coverRequestClosed');
        const assignment = await scheduling.takeCoverPlace(caller, shift.id, request.id);
        await coverRepository.markTaken(tx.db, request.id, offer.id, nowIso());
        return assignment;
      });
    },
  };
}
