/**
 * The fair allocation of a wish round (decision 034), in the calling thread: rounds of one shift each, every
 * round a lexicographic optimum solved by HiGHS (solver.ts), then the fillers up to the minimum, the reasons for
 * every wish not met and the figures. Pure: the same input and seed give the same result on any machine.
 */

import { loadSolver, type RoundProblem, solveRound } from './solver.js';
import type { AllocationInput, AllocationResult, AllocationVolunteer, UnmetReason } from './types.js';

const MINUTE_MS = 60_000;

/** mulberry32: a small 32-bit PRNG, the same sequence on every machine for a seed. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seeded order used for ties: the eventUserIds sorted ascending, shuffled by Fisher–Yates with mulberry32. */
export function seededOrder(eventUserIds: readonly number[], seed: number): number[] {
  const order = [...eventUserIds].sort((a, b) => a - b);
  const random = mulberry32(seed);
  for (let index = order.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other], order[index]];
  }
  return order;
}

interface Shift {
  id: number;
  start: number;
  end: number;
  free: number;
  left: number;
  covered: boolean;
  /** The round in which its last place went: 0 = full from the start, FILL = by the fillers, Infinity = never. */
  filledIn: number;
  /** Who got it in each round, with the rank they gave it. */
  takers: Map<number, { volunteer: Volunteer; rank: number }[]>;
}

interface Volunteer {
  input: AllocationVolunteer;
  position: number;
  /** Valid wishes, best first (known shifts, not `cannot`, once each). */
  wishes: Shift[];
  rankOf: Map<number, number>;
  cannot: Set<number>;
  held: [number, number][];
  got: { shift: Shift; rank: number | null; round: number }[];
  /** Still takes part in the rounds. */
  active: boolean;
  /** The last round they took part in (0 = none). */
  lastRound: number;
  friend: Volunteer | null;
}

const FILL = Number.MAX_SAFE_INTEGER;

function time(iso: string, what: string): number {
  const value = Date.parse(iso);
  if (!Number.isFinite(value)) throw new RangeError(`allocation: ${what} is not a date: ${iso}`);
  return value;
}

/** Overlap, then rest, against the volunteer's held and given shifts; null when the shift is allowed. */
function conflictOf(volunteer: Volunteer, shift: Shift, restMs: number): 'overlap' | 'rest' | null {
  let rest = false;
  const check = (start: number, end: number) => {
    if (shift.start < end && start < shift.end) return true;
    if (restMs > 0 && shift.start < end + restMs && start < shift.end + restMs) rest = true;
    return false;
  };
  for (const [start, end] of volunteer.held) if (check(start, end)) return 'overlap';
  for (const { shift: other } of volunteer.got) if (check(other.start, other.end)) return 'overlap';
  return rest ? 'rest' : null;
}

export async function allocateSync(input: AllocationInput): Promise<AllocationResult> {
  const started = performance.now();
  const highs = await loadSolver();
  const restMs = Math.max(0, input.minRestMinutes) * MINUTE_MS;

  const shifts = new Map<number, Shift>();
  for (const shift of [...input.shifts].sort((a, b) => a.id - b.id)) {
    if (shifts.has(shift.id)) throw new RangeError(`allocation: shift ${shift.id} twice`);
    const free = Math.max(0, Math.floor(shift.freePlaces));
    shifts.set(shift.id, {
      id: shift.id,
      start: time(shift.startsAt, `shift ${shift.id} start`),
      end: time(shift.endsAt, `shift ${shift.id} end`),
      free,
      left: free,
      covered: shift.hasExperienced,
      filledIn: free === 0 ? 0 : Number.POSITIVE_INFINITY,
      takers: new Map(),
    });
  }

  const order = seededOrder(
    input.volunteers.map((volunteer) => volunteer.eventUserId),
    input.seed,
  );
  const positionOf = new Map(order.map((id, index) => [id, index + 1]));
  const volunteers = new Map<number, Volunteer>();
  for (const entry of [...input.volunteers].sort((a, b) => a.eventUserId - b.eventUserId)) {
    if (volunteers.has(entry.eventUserId)) throw new RangeError(`allocation: volunteer ${entry.eventUserId} twice`);
    const cannot = new Set(entry.cannot);
    const wishes: Shift[] = [];
    const rankOf = new Map<number, number>();
    for (const id of entry.ranked) {
      const shift = shifts.get(id);
      if (!shift || cannot.has(id) || rankOf.has(id)) continue;
      wishes.push(shift);
      rankOf.set(id, wishes.length);
    }
    volunteers.set(entry.eventUserId, {
      input: entry,
      position: positionOf.get(entry.eventUserId) ?? 0,
      wishes,
      rankOf,
      cannot,
      held: entry.held.map((held, index) => [
        time(held.startsAt, `held shift ${index} start`),
        time(held.endsAt, `held shift ${index} end`),
      ]),
      got: [],
      active: entry.count > 0,
      lastRound: 0,
      friend: null,
    });
  }
  let friendPairs = 0;
  for (const volunteer of volunteers.values()) {
    const friend = volunteer.input.friend === null ? undefined : volunteers.get(volunteer.input.friend);
    if (friend && friend !== volunteer && friend.input.friend === volunteer.input.eventUserId) {
      volunteer.friend = friend;
      if (volunteer.input.eventUserId < friend.input.eventUserId) friendPairs += 1;
    }
  }
  const everyone = [...volunteers.values()];

  // The rounds: in round r everyone still below their count may get one more shift.
  const maxCount = everyone.reduce((max, volunteer) => Math.max(max, volunteer.input.count), 0);
  for (let round = 1; round <= maxCount; round += 1) {
    const taking: Volunteer[] = [];
    const localShift = new Map<Shift, number>();
    const shiftList: Shift[] = [];
    const colVolunteer: number[] = [];
    const colShift: number[] = [];
    const colRank: number[] = [];
    for (const volunteer of everyone) {
      if (!volunteer.active) continue;
      if (volunteer.got.length >= volunteer.input.count) {
        volunteer.active = false;
        continue;
      }
      const local = taking.length;
      let candidates = 0;
      for (const shift of volunteer.wishes) {
        if (shift.left <= 0 || volunteer.got.some((given) => given.shift === shift)) continue;
        if (conflictOf(volunteer, shift, restMs) !== null) continue;
        let index = localShift.get(shift);
        if (index === undefined) {
          index = shiftList.length;
          localShift.set(shift, index);
          shiftList.push(shift);
        }
        colVolunteer.push(local);
        colShift.push(index);
        colRank.push(volunteer.rankOf.get(shift.id) ?? 0);
        candidates += 1;
      }
      // Nothing allowed with a place left now: places only go, so nothing later either.
      if (candidates === 0) volunteer.active = false;
      else {
        taking.push(volunteer);
        volunteer.lastRound = round;
      }
    }
    if (taking.length === 0) break;
    const localOf = new Map(taking.map((volunteer, index) => [volunteer, index]));
    const problem: RoundProblem = {
      volunteers: taking.length,
      shifts: shiftList.length,
      capacity: Int32Array.from(shiftList, (shift) => shift.left),
      colVolunteer: Int32Array.from(colVolunteer),
      colShift: Int32Array.from(colShift),
      colRank: Int32Array.from(colRank),
      position: Int32Array.from(taking, (volunteer) => volunteer.position),
      experienced: Uint8Array.from(taking, (volunteer) => (volunteer.input.experienced ? 1 : 0)),
      needsExperienced: Uint8Array.from(shiftList, (shift) => (input.options.experienced && !shift.covered ? 1 : 0)),
      friendPairs: input.options.friends
        ? taking.flatMap((volunteer, index) => {
            const friend = volunteer.friend && localOf.get(volunteer.friend);
            return friend !== undefined && friend !== null && index < friend
              ? [[index, friend] as [number, number]]
              : [];
          })
        : [],
      orderSize: order.length,
    };
    const choice = solveRound(highs, problem);
    for (let local = 0; local < taking.length; local += 1) {
      const volunteer = taking[local];
      const column = choice[local];
      if (column < 0) {
        // Not placed while they had allowed wishes: the round's optimum had no place for them, nor will later rounds.
        volunteer.active = false;
        continue;
      }
      const shift = shiftList[colShift[column]];
      const rank = colRank[column];
      give(volunteer, shift, rank, round);
      const takers = shift.takers.get(round) ?? [];
      takers.push({ volunteer, rank });
      shift.takers.set(round, takers);
    }
  }

  // Fillers: volunteers below the minimum get shifts they did not rank (and may do), in the seeded order, one
  // per pass so that everyone below it gets a first filler before anyone gets a second.
  if (input.options.fillToMinimum) {
    const byPosition = [...everyone].sort((a, b) => a.position - b.position);
    const open = [...shifts.values()].sort((a, b) => a.start - b.start || a.id - b.id);
    for (let progress = true; progress; ) {
      progress = false;
      for (const volunteer of byPosition) {
        const want = Math.min(volunteer.input.minimum, volunteer.input.count);
        if (volunteer.got.length >= want) continue;
        let best: Shift | null = null;
        for (const shift of open) {
          if (shift.left <= 0 || (best && shift.left <= best.left)) continue;
          if (volunteer.rankOf.has(shift.id) || volunteer.cannot.has(shift.id)) continue;
          if (volunteer.got.some((given) => given.shift === shift)) continue;
          if (conflictOf(volunteer, shift, restMs) !== null) continue;
          best = shift;
        }
        if (best) {
          give(volunteer, best, null, FILL);
          progress = true;
        }
      }
    }
  }

  const result = describe(input, everyone, shifts, order, restMs, friendPairs);
  return { ...result, stats: { ...result.stats, durationMs: Math.round(performance.now() - started) } };
}

function give(volunteer: Volunteer, shift: Shift, rank: number | null, round: number) {
  volunteer.got.push({ shift, rank, round });
  shift.left -= 1;
  if (shift.left === 0) shift.filledIn = round;
  if (volunteer.input.experienced) shift.covered = true;
}

/**
 * Why a ranked wish was not given; each reason is a fact of the allocation (decision 034). Walking the rounds the
 * volunteer took part in: a round where they got a better wish did not cost them this one; the first round where
 * it did is where it was lost: `full` when it had no place left at that round's start or went to people who
 * ranked it higher, else `fairness` (someone who ranked it the same or lower got it: the round's optimum or the
 * seeded order). Never lost: they got as many shifts as they asked for (`count`).
 */
function reasonFor(volunteer: Volunteer, shift: Shift, restMs: number): UnmetReason {
  const conflict = conflictOf(volunteer, shift, restMs);
  if (conflict) return conflict;
  const rank = volunteer.rankOf.get(shift.id) ?? 0;
  for (let round = 1; round <= volunteer.lastRound; round += 1) {
    if (shift.filledIn < round) return 'full';
    const given = volunteer.got.find((entry) => entry.round === round);
    if (given && given.rank !== null && given.rank < rank) continue;
    const takers = shift.takers.get(round) ?? [];
    return shift.filledIn === round && takers.every((taker) => taker.rank < rank) ? 'full' : 'fairness';
  }
  return volunteer.got.length >= volunteer.input.count ? 'count' : 'full';
}

function describe(
  input: AllocationInput,
  everyone: Volunteer[],
  shifts: Map<number, Shift>,
  order: number[],
  restMs: number,
  friendPairs: number,
): Omit<AllocationResult, 'stats'> & { stats: Omit<AllocationResult['stats'], 'durationMs'> } {
  const assignments: AllocationResult['assignments'] = [];
  const unmet: AllocationResult['unmet'] = [];
  const metByRank: number[] = [];
  let wishes = 0;
  let withFirst = 0;
  let gotFirst = 0;
  const belowMinimum: AllocationResult['stats']['belowMinimum'] = [];
  let friendsTogether = 0;
  for (const volunteer of everyone) {
    const id = volunteer.input.eventUserId;
    for (const given of volunteer.got) {
      assignments.push({ shiftId: given.shift.id, eventUserId: id, rank: given.rank });
      if (given.rank !== null) metByRank[given.rank - 1] = (metByRank[given.rank - 1] ?? 0) + 1;
    }
    wishes += volunteer.wishes.length;
    if (volunteer.wishes.length > 0) {
      withFirst += 1;
      if (volunteer.got.some((given) => given.rank === 1)) gotFirst += 1;
    }
    const given = new Set(volunteer.got.map((entry) => entry.shift));
    for (const shift of volunteer.wishes) {
      if (!given.has(shift))
        unmet.push({ eventUserId: id, shiftId: shift.id, reason: reasonFor(volunteer, shift, restMs) });
    }
    if (volunteer.got.length < volunteer.input.minimum) {
      belowMinimum.push({ eventUserId: id, got: volunteer.got.length, minimum: volunteer.input.minimum });
    }
    const friend = volunteer.friend;
    if (
      friend &&
      id < friend.input.eventUserId &&
      volunteer.got.some((entry) => friend.got.some((other) => other.shift === entry.shift))
    ) {
      friendsTogether += 1;
    }
  }
  const longest = everyone.reduce((max, volunteer) => Math.max(max, volunteer.wishes.length), 0);
  for (let index = 0; index < longest; index += 1) metByRank[index] = metByRank[index] ?? 0;
  assignments.sort((a, b) => a.shiftId - b.shiftId || a.eventUserId - b.eventUserId);

  let places = 0;
  let filled = 0;
  let withoutExperienced = 0;
  for (const shift of shifts.values()) {
    places += shift.free;
    filled += shift.free - shift.left;
    if (input.options.experienced && !shift.covered) withoutExperienced += 1;
  }
  const wishesMet = metByRank.reduce((sum, met) => sum + met, 0);
  return {
    assignments,
    unmet,
    order,
    stats: {
      volunteers: everyone.length,
      places,
      placesFilled: filled,
      emptyPlaces: places - filled,
      wishes,
      wishesMet,
      firstWishShare: withFirst === 0 ? 0 : gotFirst / withFirst,
      metByRank,
      belowMinimum,
      shiftsWithoutExperienced: withoutExperienced,
      friendsTogether,
      friendPairs,
    },
  };
}
