import { type Board, type BoardQuery, canSeeBoard, EVENT_DAY_LIMITS, isAdmin } from '@funkis/shared';
import type { EventMembership } from '../../lib/caller.js';
import { forbidden } from '../../lib/http-error.js';
import { coverService } from '../cover/service.js';
import { boardState } from './board-state.js';
import { type EventDayContext, HOUR } from './operations-context.js';
import * as eventDayRepository from './repository.js';

/** The live board. */
export function boardOperations(shared: EventDayContext) {
  const { db, members, scheduling, requireGroup, lateAfterMinutes } = shared;
  const cover = coverService(shared.context);
  return {
    /**
     * The live board: the shifts overlapping the window that the caller organises, their people and each one's
     * state. A constant number of statements whatever the window holds: settings, shifts, places, names, standing
     * check-ins, open requests for cover (id batches on SQLite).
     */
    async board(caller: EventMembership, query: BoardQuery, now: Date = new Date()): Promise<Board> {
      if (!canSeeBoard(caller)) throw forbidden();
      if (!isAdmin(caller) && query.groupId !== undefined && query.groupId !== caller.groupId) {
        throw forbidden('error.ownGroupOnly');
      }
      await requireGroup(caller.eventId, query.groupId);
      const span = EVENT_DAY_LIMITS.BOARD_HOURS_DEFAULT * HOUR;
      const from = query.from ? new Date(query.from) : query.to ? new Date(Date.parse(query.to) - span) : now;
      const to = query.to ? new Date(query.to) : new Date(from.getTime() + span);
      const [late, { shifts, places }] = await Promise.all([
        lateAfterMinutes(caller.eventId),
        scheduling.boardShifts(caller.eventId, {
          from: from.toISOString(),
          to: to.toISOString(),
          ...(query.groupId !== undefined ? { groupId: query.groupId } : {}),
          ...(isAdmin(caller) ? {} : { onlyGroupId: caller.groupId }),
        }),
      ]);
      const [people, standings] = await Promise.all([
        members.findMembers(
          caller.eventId,
          places.map((place) => place.event_user_id),
        ),
        eventDayRepository.standingOnShifts(
          db,
          shifts.map((shift) => shift.id),
        ),
      ]);
      const personById = new Map(people.map((member) => [member.id, member]));
      const standingKind = new Map(standings.map((row) => [`${row.shift_id}:${row.event_user_id}`, row.kind]));
      const placesByShift = new Map<number, typeof places>();
      for (const place of places) {
        const list = placesByShift.get(place.shift_id) ?? [];
        list.push(place);
        placesByShift.set(place.shift_id, list);
      }
      const nowMs = now.getTime();
      const coverRequests = await cover.openRequestsOfShifts(
        shifts.map((shift) => ({
          id: shift.id,
          ends_at: shift.ends_at,
          capacity: shift.capacity,
          placesTaken: placesByShift.get(shift.id)?.length ?? 0,
        })),
        nowMs,
      );
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        lateAfterMinutes: late,
        now: now.toISOString(),
        shifts: shifts.map((shift) => ({
          id: shift.id,
          title: shift.title,
          location: shift.location,
          group: shift.group_id === null ? null : { id: shift.group_id, name: shift.group_name ?? '' },
          startsAt: shift.starts_at,
          endsAt: shift.ends_at,
          capacity: shift.capacity,
          people: (placesByShift.get(shift.id) ?? []).flatMap((place) => {
            const member = personById.get(place.event_user_id);
            if (!member) return [];
            return [
              {
                eventUserId: member.id,
                firstname: member.firstname,
                lastname: member.lastname,
                state: boardState(
                  shift,
                  place.attendance,
                  standingKind.get(`${shift.id}:${member.id}`) ?? null,
                  nowMs,
                  late,
                ),
              },
            ];
          }),
          coverRequest: coverRequests.get(shift.id) ?? null,
        })),
      };
    },
  };
}
