import type { ServerContext } from '../../lib/context.js';
import { allocationOperations } from './allocation-operations.js';
import { wishRoundContext } from './operations-context.js';
import { roundOperations } from './round-operations.js';
import { wishOperations } from './wish-operations.js';

/**
 * Wish rounds (decision 035): an organiser's round of shifts (`wish_rounds`, `wish_round_shifts`), each
 * volunteer's wishes (`wishes`, `wish_choices`), the allocation engine's preview and its publication, whose places
 * are written by the scheduling module under its rules. Publishing holds the round's row lock (PostgreSQL), so a
 * round is published exactly once.
 */
export function wishRoundsService(context: ServerContext) {
  const shared = wishRoundContext(context);
  return {
    ...roundOperations(shared),
    ...wishOperations(shared),
    ...allocationOperations(shared),
  };
}

export type WishRoundsService = ReturnType<typeof wishRoundsService>;
