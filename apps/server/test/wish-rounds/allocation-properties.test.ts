/**
 * Properties of the allocation on random small instances (fast-check): no rule ever broken, no place given
 * twice or beyond a shift's places, fairness between rounds and maximality, true reasons, determinism; and the
 * first round's optimum against brute force on tiny instances (decision 034).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { festivalAllocationInput } from '../../bench/allocation.js';
import {
  type AllocationInput,
  type AllocationResult,
  allocateSync,
} from '../../src/modules/wish-rounds/allocation/index.js';

const BASE = Date.UTC(2026, 6, 3, 8);
const HALF_HOUR = 30 * 60_000;
const iso = (halfHours: number) => new Date(BASE + halfHours * HALF_HOUR).toISOString();

const interval = fc.record({ start: fc.integer({ min: 0, max: 16 }), length: fc.integer({ min: 1, max: 6 }) });

/** Up to 6 shifts and 6 volunteers; wishes may name ids that are no shift of the round (7, 8). */
const instance = fc
  .record({
    seed: fc.integer({ min: 0, max: 0xffffffff }),
    rest: fc.constantFrom(0, 30, 60),
    shifts: fc.array(fc.record({ at: interval, free: fc.integer({ min: 0, max: 3 }), hasExperienced: fc.boolean() }), {
      minLength: 1,
      maxLength: 6,
    }),
    volunteers: fc.array(
      fc.record({
        count: fc.integer({ min: 0, max: 3 }),
        minimum: fc.integer({ min: 0, max: 3 }),
        ranked: fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { maxLength: 5 }),
        cannot: fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { maxLength: 2 }),
        held: fc.array(interval, { maxLength: 1 }),
        experienced: fc.boolean(),
        pairWithNext: fc.boolean(),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    options: fc.record({ experienced: fc.boolean(), friends: fc.boolean(), fillToMinimum: fc.boolean() }),
  })
  .map(({ seed, rest, shifts, volunteers, options }): AllocationInput => {
    const people = volunteers.map((entry, index) => ({
      eventUserId: 100 + index,
      count: entry.count,
      minimum: Math.min(entry.minimum, entry.count),
      ranked: entry.ranked,
      cannot: entry.cannot,
      held: entry.held.map((held) => ({ startsAt: iso(held.start), endsAt: iso(held.start + held.length) })),
      experienced: entry.experienced,
      friend: null as number | null,
    }));
    for (let index = 0; index + 1 < people.length; index += 2) {
      if (!volunteers[index].pairWithNext) continue;
      people[index].friend = people[index + 1].eventUserId;
      people[index + 1].friend = people[index].eventUserId;
    }
    return {
      seed,
      minRestMinutes: rest,
      shifts: shifts.map((shift, index) => ({
        id: index + 1,
        startsAt: iso(shift.at.start),
        endsAt: iso(shift.at.start + shift.at.length),
        freePlaces: shift.free,
        hasExperienced: shift.hasExperienced,
      })),
      volunteers: people,
      options,
    };
  });

type Span = { start: number; end: number };
const spanOf = (item: { startsAt: string; endsAt: string }): Span => ({
  start: Date.parse(item.startsAt),
  end: Date.parse(item.endsAt),
});
const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
const tooClose = (a: Span, b: Span, restMs: number) => a.start < b.end + restMs && b.start < a.end + restMs;

/** Every broken rule or property of one result, as sentences (empty = all hold). */
function violations(input: AllocationInput, result: AllocationResult): string[] {
  const problems: string[] = [];
  const restMs = input.minRestMinutes * 60_000;
  const shifts = new Map(input.shifts.map((shift) => [shift.id, shift]));
  const taken = new Map<number, number>();
  const seen = new Set<string>();
  const byVolunteer = new Map<number, number[]>();
  for (const { shiftId, eventUserId, rank } of result.assignments) {
    const key = `${shiftId}/${eventUserId}`;
    if (seen.has(key)) problems.push(`${key} twice`);
    seen.add(key);
    taken.set(shiftId, (taken.get(shiftId) ?? 0) + 1);
    byVolunteer.set(eventUserId, [...(byVolunteer.get(eventUserId) ?? []), shiftId]);
    const person = input.volunteers.find((entry) => entry.eventUserId === eventUserId);
    if (!person || !shifts.has(shiftId)) {
      problems.push(`${key} is no volunteer or shift of the round`);
      continue;
    }
    if (person.cannot.includes(shiftId)) problems.push(`${key} is a shift they cannot do`);
    const expected = person.ranked.filter((id) => shifts.has(id) && !person.cannot.includes(id)).indexOf(shiftId);
    if (rank !== (expected < 0 ? null : expected + 1))
      problems.push(`${key} has rank ${rank}, expected ${expected + 1}`);
    if (rank === null && !input.options.fillToMinimum) problems.push(`${key} is a filler without the option`);
  }
  for (const [shiftId, count] of taken) {
    if (count > (shifts.get(shiftId)?.freePlaces ?? 0)) problems.push(`shift ${shiftId} over its places`);
  }
  const leftOf = (shiftId: number) => (shifts.get(shiftId)?.freePlaces ?? 0) - (taken.get(shiftId) ?? 0);
  for (const person of input.volunteers) {
    const mine = (byVolunteer.get(person.eventUserId) ?? []).map((id) => shifts.get(id)!);
    const spans = [...mine.map(spanOf), ...person.held.map(spanOf)];
    if (mine.length > person.count) problems.push(`${person.eventUserId} got more than their count`);
    for (let a = 0; a < mine.length; a += 1) {
      for (let b = 0; b < spans.length; b += 1) {
        if (a === b) continue;
        if (overlaps(spanOf(mine[a]), spans[b])) problems.push(`${person.eventUserId} got overlapping shifts`);
        else if (restMs > 0 && tooClose(spanOf(mine[a]), spans[b], restMs))
          problems.push(`${person.eventUserId} without rest`);
      }
    }
    const allowed = (shiftId: number) => {
      const span = spanOf(shifts.get(shiftId)!);
      return spans.every((other) => !overlaps(span, other) && !(restMs > 0 && tooClose(span, other, restMs)));
    };
    const wishes = person.ranked.filter((id) => shifts.has(id) && !person.cannot.includes(id));
    const unmet = result.unmet.filter((entry) => entry.eventUserId === person.eventUserId);
    const missing = wishes.filter((id) => !mine.some((shift) => shift.id === id));
    if (unmet.map((entry) => entry.shiftId).join() !== missing.join()) {
      problems.push(`${person.eventUserId}: unmet ${unmet.map((entry) => entry.shiftId)} but missing ${missing}`);
    }
    // Maximality, and so fairness between rounds: below their count, no allowed wish still has a place.
    if (mine.length < person.count) {
      for (const id of missing) {
        if (leftOf(id) > 0 && allowed(id)) problems.push(`${person.eventUserId} below count while wish ${id} is free`);
      }
    }
    // Each reason is true.
    for (const { shiftId, reason } of unmet) {
      const span = spanOf(shifts.get(shiftId)!);
      const overlapping = spans.some((other) => overlaps(span, other));
      const close = restMs > 0 && spans.some((other) => tooClose(span, other, restMs));
      const truth =
        reason === 'overlap'
          ? overlapping
          : reason === 'rest'
            ? !overlapping && close
            : reason === 'count'
              ? mine.length >= person.count
              : reason === 'full'
                ? leftOf(shiftId) === 0
                : leftOf(shiftId) === 0 || (input.options.experienced && person.experienced);
      if (!truth) problems.push(`${person.eventUserId}: reason ${reason} for ${shiftId} is not true`);
    }
  }
  // Fairness between rounds, as the issue states it: nobody holds r + 1 wishes while someone below r shifts and
  // below their count has an allowed wish with a place left.
  for (const person of input.volunteers) {
    const count = (byVolunteer.get(person.eventUserId) ?? []).length;
    for (const other of input.volunteers) {
      const otherCount = (byVolunteer.get(other.eventUserId) ?? []).length;
      if (otherCount < count - 1 && otherCount < other.count) {
        const otherSpans = [
          ...(byVolunteer.get(other.eventUserId) ?? []).map((id) => spanOf(shifts.get(id)!)),
          ...other.held.map(spanOf),
        ];
        const free = other.ranked.some(
          (id) =>
            shifts.has(id) &&
            !other.cannot.includes(id) &&
            !(byVolunteer.get(other.eventUserId) ?? []).includes(id) &&
            leftOf(id) > 0 &&
            otherSpans.every(
              (span) =>
                !overlaps(spanOf(shifts.get(id)!), span) &&
                !(restMs > 0 && tooClose(spanOf(shifts.get(id)!), span, restMs)),
            ),
        );
        if (free)
          problems.push(
            `${person.eventUserId} has ${count} while ${other.eventUserId} has ${otherCount} and a free wish`,
          );
      }
    }
  }
  const sum = result.stats.metByRank.reduce((total, met) => total + met, 0);
  if (sum !== result.stats.wishesMet) problems.push('metByRank does not add up to wishesMet');
  if (result.stats.placesFilled !== result.assignments.length) problems.push('placesFilled is not the assignments');
  if (
    [...result.order].sort((a, b) => a - b).join() !==
    input.volunteers
      .map((entry) => entry.eventUserId)
      .sort((a, b) => a - b)
      .join()
  ) {
    problems.push('order is not the volunteers');
  }
  return problems;
}

/** The best (placed, 1st wishes, 2nd wishes, ...) of one round by trying every choice (count 1 each). */
function bruteForceSignature(input: AllocationInput): number[] {
  const restMs = input.minRestMinutes * 60_000;
  const shifts = new Map(input.shifts.map((shift) => [shift.id, shift]));
  const options = input.volunteers.map((person) => {
    const wishes = person.ranked.filter((id) => shifts.has(id) && !person.cannot.includes(id));
    return wishes
      .map((id, index) => ({ id, rank: index + 1 }))
      .filter(({ id }) => {
        const span = spanOf(shifts.get(id)!);
        return person.held.every(
          (held) => !overlaps(span, spanOf(held)) && !(restMs > 0 && tooClose(span, spanOf(held), restMs)),
        );
      });
  });
  const longest = Math.max(0, ...options.map((list) => list.reduce((max, { rank }) => Math.max(max, rank), 0)));
  let best: number[] = new Array(longest + 1).fill(0);
  const left = new Map(input.shifts.map((shift) => [shift.id, shift.freePlaces]));
  const chosen: number[] = [];
  const visit = (index: number) => {
    if (index === options.length) {
      const signature = new Array(longest + 1).fill(0);
      for (const rank of chosen) {
        if (rank === 0) continue;
        signature[0] += 1;
        signature[rank] += 1;
      }
      for (let k = 0; k < signature.length; k += 1) {
        if (signature[k] !== best[k]) {
          if (signature[k] > best[k]) best = signature;
          break;
        }
      }
      return;
    }
    chosen.push(0);
    visit(index + 1);
    chosen.pop();
    if (input.volunteers[index].count < 1) return;
    for (const { id, rank } of options[index]) {
      if ((left.get(id) ?? 0) <= 0) continue;
      left.set(id, (left.get(id) ?? 0) - 1);
      chosen.push(rank);
      visit(index + 1);
      chosen.pop();
      left.set(id, (left.get(id) ?? 0) + 1);
    }
  };
  visit(0);
  return best;
}

describe('allocation properties', () => {
  it('never breaks a rule, never gives a place twice, keeps fairness and maximality, tells true reasons', async () => {
    await fc.assert(
      fc.asyncProperty(instance, async (problem) => {
        const result = await allocateSync(problem);
        expect(violations(problem, result)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same result for the same input and seed', async () => {
    await fc.assert(
      fc.asyncProperty(instance, async (problem) => {
        const one = await allocateSync(problem);
        const again = await allocateSync(structuredClone(problem));
        expect({ ...again, stats: { ...again.stats, durationMs: 0 } }).toEqual({
          ...one,
          stats: { ...one.stats, durationMs: 0 },
        });
      }),
      { numRuns: 60 },
    );
  });

  it('meets as many wishes by rank as brute force in a round (count 1 each)', async () => {
    const oneRound = instance.map((problem) => ({
      ...problem,
      volunteers: problem.volunteers.map((person) => ({ ...person, count: Math.min(person.count, 1), minimum: 0 })),
      options: { experienced: false, friends: problem.options.friends, fillToMinimum: false },
    }));
    await fc.assert(
      fc.asyncProperty(oneRound, async (problem) => {
        const result = await allocateSync(problem);
        const signature = [result.assignments.length, ...result.stats.metByRank];
        const best = bruteForceSignature(problem);
        expect(signature.concat(new Array(Math.max(0, best.length - signature.length)).fill(0))).toEqual(
          best.concat(new Array(Math.max(0, signature.length - best.length)).fill(0)),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('holds on a generated festival weekend (400 volunteers, 200 shifts, every option on)', async () => {
    const problem = festivalAllocationInput(400, 200, 3, 6);
    const result = await allocateSync(problem);
    expect(violations(problem, result)).toEqual([]);
    expect(result.stats.wishesMet).toBeGreaterThan(0);
    expect(result.stats.friendsTogether).toBeGreaterThan(0);
  });

  it('finds the broken rules it looks for (the checker itself)', () => {
    const problem: AllocationInput = {
      seed: 1,
      minRestMinutes: 60,
      shifts: [
        { id: 1, startsAt: iso(0), endsAt: iso(4), freePlaces: 1, hasExperienced: false },
        { id: 2, startsAt: iso(2), endsAt: iso(6), freePlaces: 1, hasExperienced: false },
        { id: 3, startsAt: iso(5), endsAt: iso(6), freePlaces: 1, hasExperienced: false },
      ],
      volunteers: [
        {
          eventUserId: 1,
          count: 1,
          minimum: 0,
          ranked: [1, 2],
          cannot: [3],
          held: [],
          experienced: false,
          friend: null,
        },
        { eventUserId: 2, count: 2, minimum: 0, ranked: [1], cannot: [], held: [], experienced: false, friend: null },
      ],
      options: { experienced: false, friends: false, fillToMinimum: false },
    };
    const broken: AllocationResult = {
      assignments: [
        { shiftId: 1, eventUserId: 1, rank: 1 },
        { shiftId: 2, eventUserId: 1, rank: 2 },
        { shiftId: 3, eventUserId: 1, rank: null },
        { shiftId: 1, eventUserId: 2, rank: 1 },
      ],
      unmet: [],
      order: [1, 2],
      stats: {
        volunteers: 2,
        places: 3,
        placesFilled: 4,
        emptyPlaces: 0,
        wishes: 3,
        wishesMet: 3,
        firstWishShare: 1,
        metByRank: [2, 1],
        belowMinimum: [],
        shiftsWithoutExperienced: 0,
        friendsTogether: 0,
        friendPairs: 0,
        durationMs: 0,
      },
    };
    const found = violations(problem, broken).join('\n');
    for (const expected of ['over its places', 'cannot do', 'overlapping', 'more than their count', 'filler without']) {
      expect(found).toContain(expected);
    }
  });
});
