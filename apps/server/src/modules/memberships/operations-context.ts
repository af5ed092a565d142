import type { Db, DialectName } from '../../db/types.js';
import { fieldError } from '../../lib/http-error.js';
import { groupsService } from '../groups/service.js';
import { membershipsRepository } from './repository.js';

/**
 * The event's group a membership or an invitation names, read on the given transaction; 404 on the `groupId` field
 * when the event has no such group.
 */
export async function requireGroup(trx: Db, dialect: DialectName, eventId: number, groupId: number) {
  const group = await groupsService(trx, dialect).find(eventId, groupId);
  if (!group) throw fieldError('groupId', 'error.groupNotFound', undefined, 404);
  return group;
}

/** What every memberships operation shares: the database and the reads. */
export function membershipsContext(db: Db, dialect: DialectName) {
  return { db, dialect, read: membershipsRepository(db, dialect) };
}

export type MembershipsContext = ReturnType<typeof membershipsContext>;
