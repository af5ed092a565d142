import type { UpdateMemberInput } from '@funkis/shared';
import type { Caller } from '../../lib/caller.js';
import { inTransaction, type ServerContext } from '../../lib/context.js';
import { applicationsService } from '../applications/service.js';
import { membershipsService } from './service.js';

/**
 * The users table's change of a member's role or group. A move takes the member's application along in the same
 * transaction (the applications module writes it, through its service), so the leader of the group they left
 * cannot review, set aside, re-accept or mail them through an application that still names that group.
 */
export function updateMember(context: ServerContext, caller: Caller, eventUserId: number, input: UpdateMemberInput) {
  return inTransaction(context, async (tx) => {
    const member = await membershipsService(tx).updateMember(caller, eventUserId, input);
    if (input.groupId !== undefined) {
      await applicationsService(tx).followMember(
        caller.eventId,
        member.userId,
        member.group?.id ?? null,
        caller.userId,
      );
    }
    return member;
  });
}
