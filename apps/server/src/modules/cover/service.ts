import type { ServerContext } from '../../lib/context.js';
import { offerOperations } from './offer-operations.js';
import { coverContext } from './operations-context.js';
import { requestOperations } from './request-operations.js';

/**
 * Asking for cover (decision 031): an organiser's request for a free place of a shift, offered to the group's free and
 * rested volunteers (`cover_requests`, `cover_request_offers`); the first to accept gets the place through the
 * scheduling module's rules. Accepting holds the request's row lock (PostgreSQL), then the shift's and the
 * member's, so one request has exactly one taker.
 */
export function coverService(context: ServerContext) {
  const shared = coverContext(context);
  return {
    ...requestOperations(shared),
    ...offerOperations(shared),
  };
}

export type CoverService = ReturnType<typeof coverService>;
