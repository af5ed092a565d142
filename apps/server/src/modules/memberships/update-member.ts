import type { UpdateMemberInput } from '@funkis/shared';
import type { Db } from '../../db/types.js';
import type { Caller } from '../../lib/caller.js';
import { withTransaction } from '../../lib/transaction.js';
import { applicationsService } from '../applications/service.js';
import { membershipsService } from './service.js';

/**
 * The users table's change of a member's role or group. A move takes the member's application along in the same
 * transaction (the applications module writes it, through its service), so the leader of the group they left
 * cannot review, set aside, re-accept or mail them through an application that still names that group.
 */
export function updateMember(db: Db, caller: Caller, eventUserId: number, input: UpdateMemberInput) {
  return withTransaction(db, async (trx) => {
    const member = await membershipsService(trx).updateMember(caller, eventUserId, input);
    if (input.groupId !== undefined) {
      await applicationsService(trx).followMember(
        caller.eventId,
        member.userId,
        member.group?.id ?? null,
        caller.userId,
      );
    }
    return member;
  });
}
