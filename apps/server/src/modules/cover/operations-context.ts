import type { CoverRequestState } from '@funkis/shared';
import type { ServerContext } from '../../lib/context.js';
import type { Notify } from '../push/service.js';
import type { CoverRequestRow } from './repository.js';

/** What asking for cover takes from the server's context beyond the database. */
export interface CoverOptions {
  /** `notify` of the context: the request by push to those who allow it, by e-mail to the others. */
  notify?: Notify;
  /** The app's public address, for the links in the mails of a place freed for cover (`PUBLIC_URL`). */
  publicUrl: string;
}

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

/** What every cover operation shares: the server's context, its database and the options taken from it. */
export function coverContext(context: ServerContext) {
  const options: CoverOptions = { notify: context.notify, publicUrl: context.config.PUBLIC_URL };
  return { context, db: context.db, options };
}

export type CoverContext = ReturnType<typeof coverContext>;
