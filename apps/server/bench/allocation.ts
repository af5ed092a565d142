/**
 * The wish round's allocation at festival scale (decision 034): 5,000 volunteers, 3,000 shifts of 5 places
 * (15,000 places) over a weekend with overlapping shifts, 5 ranked wishes each with a skewed popularity (a few
 * shifts are everyone's favourites), each asking for 1 to 4 shifts, 1 in 10 experienced, 1 in 20 in a friend
 * pair. Goal: the whole allocation in < 10 s (decision 034), in the calling thread as the worker runs it.
 * `npx tsx bench/allocation.ts` alone, or through `npm run bench` (BENCH_ONLY=allocation).
 */
import { allocateSync } from '../src/modules/wish-rounds/allocation/index.js';
import type { AllocationInput } from '../src/modules/wish-rounds/allocation/types.js';

export const ALLOCATION_GOAL_MS = 10_000;

/** A deterministic generator (mulberry32) so every run measures the same instance. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function festivalAllocationInput(volunteers = 5_000, shifts = 3_000, places = 5, wishes = 5): AllocationInput {
  const next = random(30);
  const weekend = Date.UTC(2026, 6, 3, 6);
  const HOUR = 3_600_000;
  const shiftList: AllocationInput['shifts'] = [];
  for (let index = 0; index < shifts; index += 1) {
    // Starts on the half hour over 60 hours (Friday 06:00 to Sunday 18:00), lasting 2 to 6 hours.
    const start = weekend + Math.floor(next() * 120) * (HOUR / 2);
    const length = (2 + Math.floor(next() * 5)) * HOUR;
    shiftList.push({
      id: 1_000 + index,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + length).toISOString(),
      freePlaces: places,
      hasExperienced: next() < 0.2,
    });
  }
  // Skewed popularity: shift index = floor(shifts * u^2), so the first tenth draws about a third of the wishes.
  const pick = () => shiftList[Math.floor(shifts * next() ** 2)].id;
  const people: AllocationInput['volunteers'] = [];
  for (let index = 0; index < volunteers; index += 1) {
    const ranked = new Set<number>();
    while (ranked.size < wishes) ranked.add(pick());
    const cannot: number[] = [];
    if (next() < 0.3) cannot.push(shiftList[Math.floor(next() * shifts)].id);
    const count = 1 + Math.floor(next() * 4);
    people.push({
      eventUserId: 10_000 + index,
      count,
      minimum: 1,
      ranked: [...ranked],
      cannot: cannot.filter((id) => !ranked.has(id)),
      held: [],
      experienced: next() < 0.1,
      friend: null,
    });
  }
  // Friend pairs: 1 in 20 volunteers, neighbours paired, the second copying two of the first's wishes.
  for (let index = 0; index + 1 < volunteers; index += 40) {
    const a = people[index];
    const b = people[index + 1];
    a.friend = b.eventUserId;
    b.friend = a.eventUserId;
    b.ranked = [...new Set([a.ranked[0], a.ranked[1], ...b.ranked])].slice(0, wishes);
    b.cannot = b.cannot.filter((id) => !b.ranked.includes(id));
  }
  return {
    seed: 2026,
    minRestMinutes: 60,
    shifts: shiftList,
    volunteers: people,
    options: { experienced: true, friends: true, fillToMinimum: true },
  };
}

export async function benchAllocation(): Promise<{ durationMs: number; summary: string }> {
  const input = festivalAllocationInput();
  const started = performance.now();
  const result = await allocateSync(input);
  const durationMs = performance.now() - started;
  const { stats } = result;
  const summary = [
    `${stats.volunteers} volunteers, ${stats.places} places: ${stats.placesFilled} filled`,
    `wishes met ${stats.wishesMet}/${stats.wishes} (by rank ${stats.metByRank.join('/')})`,
    `1st wish ${(stats.firstWishShare * 100).toFixed(1)} %`,
    `below minimum ${stats.belowMinimum.length}`,
    `shifts without experienced ${stats.shiftsWithoutExperienced}`,
    `friends together ${stats.friendsTogether}/${stats.friendPairs}`,
  ].join(', ');
  return { durationMs, summary };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { durationMs, summary } = await benchAllocation();
  const verdict = durationMs < ALLOCATION_GOAL_MS ? 'ok' : 'OVER GOAL';
  console.log(
    `allocation: ${(durationMs / 1000).toFixed(2)} s (goal < ${ALLOCATION_GOAL_MS / 1000} s, ${verdict}); ${summary}`,
  );
}
