import type { ServerContext } from '../../lib/context.js';
import { boardOperations } from './board-operations.js';
import { checkInOperations } from './check-in-operations.js';
import { codeOperations } from './code-operations.js';
import { deskOperations } from './desk-operations.js';
import { eventDayContext } from './operations-context.js';

/**
 * The event day (decision 028): personal codes, check-in and check-out for the event or a shift, undo, the
 * check-in screen's look-ups and the live board. Writes `member_codes` and `check_ins`; a shift's attendance goes
 * through the scheduling module. Every decision about one person holds their membership row's lock (PostgreSQL),
 * never the event's, so desks checking in different people never wait for each other.
 */
export function eventDayService(context: ServerContext) {
  const shared = eventDayContext(context);
  return {
    ...codeOperations(shared),
    ...checkInOperations(shared),
    ...deskOperations(shared),
    ...boardOperations(shared),
  };
}

export type EventDayService = ReturnType<typeof eventDayService>;
