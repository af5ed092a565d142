import type { ServerContext } from '../../lib/context.js';
import { assignmentOperations } from './assignment-operations.js';
import { calendarOperations } from './calendar-operations.js';
import { checkInOperations } from './check-in-operations.js';
import { coverOperations } from './cover-operations.js';
import { duplicationOperations } from './duplication-operations.js';
import { handoverOperations } from './handover-operations.js';
import { schedulingContext } from './operations-context.js';
import { planningOperations } from './planning-operations.js';
import { shiftOperations } from './shift-operations.js';
import { waitlistOperations } from './waitlist-operations.js';
import { wishRoundOperations } from './wish-round-operations.js';

/**
 * Shift scheduling: shifts, who holds them, the rules an assignment must pass and the planning views. Every change
 * runs in a transaction with its audit entry; every assignment decision holds, on PostgreSQL, the shift's row
 * lock (capacity) and then the member's (overlap, rest), so two people taking the last place at once queue and
 * the second sees it full, while sign-ups for other shifts go on beside them (decisions 010, 024). Members are read through the memberships service, never written here.
 */
export function schedulingService(context: ServerContext) {
  const shared = schedulingContext(context);
  return {
    ...shiftOperations(shared),
    ...calendarOperations(shared),
    ...duplicationOperations(shared),
    ...assignmentOperations(shared),
    ...checkInOperations(shared),
    ...waitlistOperations(shared),
    ...coverOperations(shared),
    ...wishRoundOperations(shared),
    ...handoverOperations(shared),
    ...planningOperations(shared),
  };
}

export type SchedulingService = ReturnType<typeof schedulingService>;
