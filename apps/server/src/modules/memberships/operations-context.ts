import { requireService, type ServerContext } from '../../lib/context.js';
import { fieldError } from '../../lib/http-error.js';
import { groupsService } from '../groups/service.js';

/**
 * The event's group a membership or an invitation names, read on the given transaction; 404 on the `groupId` field
 * when the event has no such group.
 */
export async function requireGroup(tx: ServerContext, eventId: number, groupId: number) {
  const group = await groupsService(tx).find(eventId, groupId);
  if (!group) throw fieldError('groupId', 'error.groupNotFound', undefined, 404);
  return group;
}

/** What every memberships operation shares: the server's context and its database. */
export function membershipsContext(context: ServerContext) {
  return { context, db: context.db };
}

export type MembershipsContext = ReturnType<typeof membershipsContext>;

/**
 * What every invitation operation shares: the database, and what invitations alone take from the server's context
 * (so it stays out of `membershipsContext`, which every module building a memberships service on its transaction
 * uses): the mail queue, and PUBLIC_URL for the links of the invitation mail.
 */
export function invitationsContext(context: ServerContext) {
  return {
    context,
    db: context.db,
    mail: requireService(context, 'mail'),
    publicUrl: context.config.PUBLIC_URL,
  };
}

export type InvitationsContext = ReturnType<typeof invitationsContext>;
