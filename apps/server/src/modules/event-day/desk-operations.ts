import { type CheckInPerson, canOrganiseShift, canSeeBoard, EVENT_DAY_LIMITS, isAdmin } from '@funkis/shared';
import type { EventMembership } from '../../lib/caller.js';
import { forbidden } from '../../lib/http-error.js';
import type { MemberScope } from '../memberships/service.js';
import { boardState } from './board-state.js';
import { type EventDayContext, MINUTE, toPerson } from './operations-context.js';
import * as eventDayRepository from './repository.js';

/** The check-in screen's look-ups: who a code or a chosen name is, and a search by name. */
export function deskOperations(shared: EventDayContext) {
  const { members, scheduling, personFor, lateAfterMinutes } = shared;
  return {
    /** Who a code or a chosen name is, whether they are on site, and their shifts open for check-in now. */
    async person(caller: EventMembership, who: { code?: string; eventUserId?: number }, now: Date = new Date()) {
      if (!canSeeBoard(caller)) throw forbidden();
      const member = await personFor(caller, who);
      const nowMs = now.getTime();
      const [event, places, late] = await Promise.all([
        eventDayRepository.standing(shared.db, caller.eventId, member.id, null),
        scheduling.placesOfMemberBetween(
          caller.eventId,
          member.id,
          now.toISOString(),
          new Date(nowMs + EVENT_DAY_LIMITS.SHIFT_OPENS_BEFORE_MINUTES * MINUTE).toISOString(),
        ),
        lateAfterMinutes(caller.eventId),
      ]);
      const open = places.filter((place) => canOrganiseShift(caller, place.group_id));
      const standings = await Promise.all(
        open.map((place) => eventDayRepository.standing(shared.db, caller.eventId, member.id, place.id)),
      );
      return {
        person: {
          ...toPerson(member),
          onSite: event?.kind === 'arrive',
          shifts: open.map((place, index) => ({
            id: place.id,
            title: place.title,
            location: place.location,
            startsAt: place.starts_at,
            endsAt: place.ends_at,
            state: boardState(place, place.attendance, standings[index]?.kind ?? null, nowMs, late),
          })),
        },
      };
    },

    /** Members by name the caller may check in (a leader: their group), at most SEARCH_MAXIMUM. */
    async search(caller: EventMembership, term: string): Promise<CheckInPerson[]> {
      if (!canSeeBoard(caller)) throw forbidden();
      const scope: MemberScope = isAdmin(caller)
        ? { kind: 'all' }
        : caller.groupId === null
          ? { kind: 'nobody' }
          : { kind: 'group', groupId: caller.groupId };
      const found = await members.searchByName(caller.eventId, scope, term, EVENT_DAY_LIMITS.SEARCH_MAXIMUM);
      return found.map(toPerson);
    },
  };
}
