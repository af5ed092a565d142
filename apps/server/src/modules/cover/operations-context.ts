import type { CoverRequestState } from '@funkis/shared';
import type { ServerContext } from '../../lib/context.js';
import type { CoverRequestRow } from './repository.js';

/** The web page where an asked volunteer sees the request and takes the shift (apps/web config/paths.ts). */
export const coverRequestPath = (id: number) => `/cover-requests/${id}`;

/**
 * A request's state: taken once someone took it; closed when closed, when its shift has ended or has no free
 * place left; open otherwise.
 */
export function coverState(
  row: Pick<CoverRequestRow, 'taken_at' | 'closed_at'>,
  shift: { ends_at: string; capacity: number },
  placesTaken: number,
  now: number,
): CoverRequestState {
  if (row.taken_at !== null) return 'taken';
  if (row.closed_at !== null || Date.parse(shift.ends_at) <= now || placesTaken >= shift.capacity) return 'closed';
  return 'open';
}

/**
 * What every cover operation shares: the server's context (its `notify` tells the asked volunteers) and its
 * database.
 */
export function coverContext(context: ServerContext) {
  return { context, db: context.db };
}

export type CoverContext = ReturnType<typeof coverContext>;
