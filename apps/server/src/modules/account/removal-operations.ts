import { forgetAuditActor, writeAudit } from '../../lib/audit.js';
import { inTransaction } from '../../lib/context.js';
import { conflict } from '../../lib/http-error.js';
import { eventsService } from '../events/service.js';
import { membershipsService } from '../memberships/service.js';
import type { AccountContext } from './operations-context.js';
import * as accountRepository from './repository.js';

/** A person removing their account, with the memberships, the events only they were in, and the files of both. */
export function removalOperations(shared: AccountContext) {
  const { context, storage, log, requirePassword } = shared;
  return {
    async removeAccount(userId: number, password: string): Promise<void> {
      await requirePassword(userId, password, 'password');
      const orphanedKeys = await inTransaction(context, async (tx) => {
        // Locks the events the user administers first: two admins leaving at once cannot both be the "other" admin.
        const blockedBy = await membershipsService(tx).lockAndFindSoleAdminEvents(userId);
        if (blockedBy.length > 0) throw conflict('error.soleAdmin');
        const avatar = await accountRepository.avatarOf(tx.db, userId);
        const { soloEventIds } = await membershipsService(tx).removeAllOfUser(userId);
        const fileKeys = await eventsService(tx).deleteEvents(soloEventIds);
        await writeAudit(tx.db, [
          // The event's own log goes with it, so its end is written where it stays.
          ...soloEventIds.map((eventId) => ({
            eventId: null,
            actorId: userId,
            action: 'event.deleted',
            subject: `event:${eventId}`,
            details: { reason: 'only_member_removed_account' },
          })),
          { eventId: null, actorId: userId, action: 'account.removed', subject: `user:${userId}` },
        ]);
        await forgetAuditActor(tx.db, userId);
        await accountRepository.deleteUser(tx.db, userId);
        return [...(avatar ? [avatar.split('.')[0] as string] : []), ...fileKeys];
      });
      for (const key of orphanedKeys) {
        await storage.remove(key).catch((error) => log.warn({ err: error, key }, 'file left behind'));
      }
    },
  };
}
