import { Readable } from 'node:stream';
import type { User } from '@funkis/shared';
import { inTransaction } from '../../lib/context.js';
import { notFound } from '../../lib/http-error.js';
import type { ImageType } from '../../lib/images.js';
import type { StoredBytes } from '../../lib/stored-answer.js';
import { applicationsService } from '../applications/service.js';
import { claimRoom, storageLimitsOf } from '../files/storage-use.js';
import type { AccountContext } from './operations-context.js';
import * as accountRepository from './repository.js';
import { toUser } from './repository.js';

/** What others see of the account: the person's names and their avatar. */
export function profileOperations(shared: AccountContext) {
  const { context, storage } = shared;
  return {
    async updateInfo(userId: number, names: { firstname: string; lastname: string }): Promise<User> {
      // The applications review finds applicants by name: their search text follows in the same transaction.
      return inTransaction(context, async (tx) => {
        const row = await accountRepository.updateNames(tx.db, userId, names);
        await applicationsService(tx).refreshApplicant(userId);
        return toUser(row);
      });
    },

    /**
     * Stores a new avatar from the upload's checked bytes (lib/images `readImageUpload`). The account's room is
     * decided again where the avatar is recorded (docs/decisions/022); refused bytes go.
     */
    async saveAvatar(userId: number, bytes: Buffer, type: ImageType): Promise<User> {
      const saved = await storage.save(Readable.from([bytes]));
      let result: Awaited<ReturnType<typeof accountRepository.setAvatar>>;
      try {
        result = await accountRepository.setAvatar(context.db, userId, `${saved.key}.${type}`, (trx) =>
          claimRoom(trx, storage, storageLimitsOf(context.config), userId, bytes.length),
        );
      } catch (error) {
        await storage.remove(saved.key).catch(() => undefined);
        throw error;
      }
      const { row, previous } = result;
      if (previous) await storage.remove(previous.split('.')[0]).catch(() => undefined);
      return toUser(row);
    },

    async openAvatar(viewerId: number, userId: number) {
      const row = await accountRepository.findById(context.db, userId);
      if (!row?.avatar || !(await accountRepository.canSeeAvatar(context.db, viewerId, userId))) throw notFound();
      const [key = '', type] = row.avatar.split('.');
      const { size, storedAt } = await storage.stat(key);
      const stored: StoredBytes = { key, size, storedAt, open: (range) => storage.open(key, range) };
      return { stored, contentType: `image/${type}` };
    },
  };
}
