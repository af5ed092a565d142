import { writeAudit } from '../../lib/audit.js';
import { inTransaction } from '../../lib/context.js';
import { lockEvents } from '../../lib/transaction.js';
import type { MembershipsContext } from './operations-context.js';
import * as membershipsRepository from './repository.js';

/** A person removing their account: part of the account module's removing transaction, with the user's own id. */
export function accountRemovalOperations(shared: MembershipsContext) {
  const { context } = shared;
  return {
    /**
     * Locks every event the user administers (PostgreSQL), then answers the events they alone administer while
     * others are members: two admins removing their accounts at once cannot both pass this check.
     */
    async lockAndFindSoleAdminEvents(userId: number) {
      return inTransaction(context, async (tx) => {
        await lockEvents(tx.db, await membershipsRepository.eventIdsAdministeredBy(tx.db, userId));
        return membershipsRepository.eventsWhereSoleAdminWithOthers(tx.db, userId);
      });
    },

    /** Ends every membership of a user who removes their account, audited in the events that stay. */
    async removeAllOfUser(userId: number): Promise<{ soloEventIds: number[] }> {
      return inTransaction(context, async (tx) => {
        const memberships = await membershipsRepository.membershipsOfUser(tx.db, userId);
        const soloEventIds = memberships.filter((m) => !m.has_others).map((m) => m.event_id);
        await writeAudit(
          tx.db,
          memberships
            .filter((m) => m.has_others)
            .map((m) => ({
              eventId: m.event_id,
              actorId: userId,
              action: 'member.removed',
              subject: `event_user:${m.id}`,
              details: { userId, roleLevel: m.role_level, groupId: m.group_id, reason: 'account_removed' },
            })),
        );
        await membershipsRepository.deleteMembershipsOfUser(tx.db, userId);
        return { soloEventIds };
      });
    },
  };
}
