import type { Db } from '../../db/types.js';
import { requireService, type ServerContext } from '../../lib/context.js';
import { fieldError } from '../../lib/http-error.js';
import { groupsService } from '../groups/service.js';
import type { EnqueueInput } from '../mail/service.js';

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
 * What invitations take from the server's context beyond the database: the mail queue and the address the mails
 * link to. Only invitations need them, so they stay out of `membershipsContext`, which every module building a
 * memberships service on its transaction uses.
 */
export interface InvitationsOptions {
  /** The context's mail queue, in the caller's transaction when given one. */
  enqueueMail: (input: EnqueueInput, db?: Db) => Promise<void>;
  /** PUBLIC_URL, for the links of the invitation mail. */
  publicUrl: string;
}

/** What every invitation operation shares: the database and the options taken from the server's context. */
export function invitationsContext(context: ServerContext) {
  const mail = requireService(context, 'mail');
  const options: InvitationsOptions = {
    enqueueMail: (input, db) => mail.enqueue(input, db),
    publicUrl: context.config.PUBLIC_URL,
  };
  return { context, db: context.db, options };
}

export type InvitationsContext = ReturnType<typeof invitationsContext>;
