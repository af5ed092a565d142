/** Small allocation inputs written by hand: shifts on one day by the hour, volunteers by id and ranked wishes. */
import type {
  AllocationInput,
  AllocationResult,
  AllocationShift,
  AllocationVolunteer,
} from '../../src/modules/wish-rounds/allocation/index.js';

/** 2026-07-03 at hour:minute UTC. */
export const at = (hour: number, minute = 0) => new Date(Date.UTC(2026, 6, 3, hour, minute)).toISOString();

export function shift(id: number, from: number, to: number, freePlaces = 1, hasExperienced = false): AllocationShift {
  return { id, startsAt: at(from), endsAt: at(to), freePlaces, hasExperienced };
}

export function volunteer(
  eventUserId: number,
  ranked: number[],
  more: Partial<AllocationVolunteer> = {},
): AllocationVolunteer {
  return {
    eventUserId,
    count: 1,
    minimum: 0,
    ranked,
    cannot: [],
    held: [],
    experienced: false,
    friend: null,
    ...more,
  };
}

export function input(
  shifts: AllocationShift[],
  volunteers: AllocationVolunteer[],
  more: Partial<Omit<AllocationInput, 'options'>> & { options?: Partial<AllocationInput['options']> } = {},
): AllocationInput {
  return {
    seed: more.seed ?? 1,
    minRestMinutes: more.minRestMinutes ?? 0,
    shifts,
    volunteers,
    options: { experienced: false, friends: false, fillToMinimum: false, ...more.options },
  };
}

/** eventUserId → the shift ids they got, ascending. */
export function given(result: AllocationResult): Map<number, number[]> {
  const byVolunteer = new Map<number, number[]>();
  for (const { eventUserId, shiftId } of result.assignments) {
    byVolunteer.set(
      eventUserId,
      [...(byVolunteer.get(eventUserId) ?? []), shiftId].sort((a, b) => a - b),
    );
  }
  return byVolunteer;
}

export function reasonOf(result: AllocationResult, eventUserId: number, shiftId: number) {
  return result.unmet.find((entry) => entry.eventUserId === eventUserId && entry.shiftId === shiftId)?.reason;
}
