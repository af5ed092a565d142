import type { ServerContext } from '../../lib/context.js';
import { acceptanceOperations } from './acceptance-operations.js';
import { accountRemovalOperations } from './account-removal-operations.js';
import { invitationOperations } from './invitation-operations.js';
import { listOperations } from './list-operations.js';
import { memberOperations } from './member-operations.js';
import { invitationsContext, membershipsContext } from './operations-context.js';
import { readOperations } from './read-operations.js';

export type { MemberQuery, MemberScope, MembershipRow } from './repository.js';

/**
 * Memberships (`event_users`): who is a member of which event with which role and group. The one owner of the
 * table: the users table, bulk acceptance in the applications review, event creation and account removal all
 * come here. Every change runs in a transaction (the surrounding one, when given one) with its audit entries, and
 * every "last admin" decision holds the event's lock on PostgreSQL. A person's changes take their `Caller`; the
 * system's (event creation, acceptance, account removal, demo data) name their ids.
 */
export function membershipsService(context: ServerContext) {
  const shared = membershipsContext(context);
  return {
    ...readOperations(shared),
    ...listOperations(shared),
    ...memberOperations(shared),
    ...acceptanceOperations(shared),
    ...accountRemovalOperations(shared),
  };
}

export type MembershipsService = ReturnType<typeof membershipsService>;

/**
 * Invitations (decision 013) to the event's memberships: composed apart from `membershipsService` because they
 * need the mail queue and PUBLIC_URL, which only the invitation routes provide.
 */
export function invitationsService(context: ServerContext) {
  return invitationOperations(invitationsContext(context));
}

export type InvitationsService = ReturnType<typeof invitationsService>;
