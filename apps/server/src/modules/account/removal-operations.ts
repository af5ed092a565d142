import { forgetAuditActor, writeAudit } from '../../lib/audit.js';
import { conflict } from '../../lib/http-error.js';
import { withTransaction } from '../../lib/transaction.js';
import { eventsService } from '../events/service.js';
import { membershipsService } from '../memberships/service.js';
import type { AccountContext } from './operations-context.js';
import * as accountRepository from './repository.js';

/** A person removing their account, with the memberships, the events only they were in, and the files of both. */
export function removalOperations(shared: AccountContext) {
  const { app, requirePassword } = shared;
  return {
    async removeAccount(userId: number, password: string): Promise<void> {
      await requirePassword(userId, password, 'password');
      const orphanedKeys = await withTransaction(app.db, async (trx) => {
        // Locks the events the user administers first: two admins leaving at once cannot both be the "other" admin.
        const blockedBy = await membershipsService(trx).lockAndFindSoleAdminEvents(userId);
        if (blockedBy.length > 0) throw conflict('error.soleAdmin');
        const avatar = await accountRepository.avatarOf(trx, userId);
        const { soloEventIds } = await membershipsService(trx).removeAllOfUser(userId);
        const fileKeys = await eventsService(trx).deleteEvents(soloEventIds);
        await writeAudit(trx, [
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
        await forgetAuditActor(trx, userId);
        await accountRepository.deleteUser(trx, userId);
        return [...(avatar ? [avatar.split('.')[0] as string] : []), ...fileKeys];
      });
      for (const key of orphanedKeys) {
        await app.storage.remove(key).catch((error) => app.log.warn({ err: error, key }, 'file left behind'));
      }
    },
  };
}
