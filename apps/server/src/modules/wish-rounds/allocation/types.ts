/**
 * The allocation engine's contract (decision 034): a pure function of this input, no database. The wish-round
 * module reads its tables into an `AllocationInput`, calls `allocate` (index.ts) and stores the result.
 */

/**
 * Why a ranked wish was not given: `count` they got as many shifts as they asked for; `overlap` it overlaps a
 * shift they got or already hold; `rest` too little rest to one of those; `full` it was full when their turn
 * came, or filled with people who ranked it higher; `fairness` it filled in a round where someone who ranked it
 * the same or lower got it (the round's optimum or the seeded order gave it to them).
 */
export type UnmetReason = 'full' | 'overlap' | 'rest' | 'fairness' | 'count';

export interface AllocationShift {
  id: number;
  startsAt: string; // ISO
  endsAt: string; // ISO
  /** Places left for the round (capacity minus people already on it). */
  freePlaces: number;
  /** Someone experienced already holds a place on it. */
  hasExperienced: boolean;
}

export interface AllocationVolunteer {
  eventUserId: number;
  /** Shifts wanted in this round (min..max of the round). */
  count: number;
  /** The round's minimum (to report people below it). */
  minimum: number;
  /** Shift ids of the round, best first (1st wish first), distinct. */
  ranked: number[];
  /** Shift ids they cannot do (never given). */
  cannot: number[];
  /** Shifts they already hold outside the round. */
  held: { startsAt: string; endsAt: string }[];
  experienced: boolean;
  /** eventUserId of a friend who named them too (mutual), else null. */
  friend: number | null;
}

export interface AllocationInput {
  /** 32-bit unsigned; same input + seed => same result. */
  seed: number;
  /** 0 = only no overlap; else at least this many minutes between two shifts. */
  minRestMinutes: number;
  shifts: AllocationShift[];
  volunteers: AllocationVolunteer[];
  options: { experienced: boolean; friends: boolean; fillToMinimum: boolean };
}

export interface AllocationResult {
  /** rank null = not a wish (filler). */
  assignments: { shiftId: number; eventUserId: number; rank: number | null }[];
  /** For each ranked wish not given. */
  unmet: { eventUserId: number; shiftId: number; reason: UnmetReason }[];
  /** eventUserIds in the seeded random order used for ties (position = index + 1). */
  order: number[];
  stats: {
    volunteers: number;
    places: number;
    placesFilled: number;
    emptyPlaces: number;
    wishes: number;
    wishesMet: number;
    /** Share (0..1) of volunteers with a 1st wish who got it. */
    firstWishShare: number;
    /** metByRank[k-1] = how many k-th wishes were met. */
    metByRank: number[];
    belowMinimum: { eventUserId: number; got: number; minimum: number }[];
    /** When options.experienced (else 0): shifts that end without anyone experienced. */
    shiftsWithoutExperienced: number;
    /** Mutual pairs placed together on at least one shift of the round, of all mutual pairs. */
    friendsTogether: number;
    friendPairs: number;
    durationMs: number;
  };
}
