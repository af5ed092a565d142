import { inTransaction } from '../../lib/context.js';
import { fieldError } from '../../lib/http-error.js';
import type { MailLanguage } from '../../lib/language.js';
import { hashPassword } from '../../lib/passwords.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { schedulingService } from '../scheduling/service.js';
import { accountMails } from './mails.js';
import type { AccountContext } from './operations-context.js';
import * as accountRepository from './repository.js';

export const RESET_TOKEN_VALID_MS = 60 * 60 * 1000;

/** The password: changed by its owner, or reset through a link mailed to the account's address. */
export function passwordOperations(shared: AccountContext) {
  const { context, mail, secret, inBackground, recoverLink, requirePassword } = shared;
  return {
    async changePassword(
      userId: number,
      sessionId: string | null,
      currentPassword: string,
      newPassword: string,
      language: MailLanguage = 'en',
    ) {
      await requirePassword(userId, currentPassword, 'currentPassword');
      const passwordHash = await hashPassword(newPassword);
      await inTransaction(context, async (tx) => {
        await accountRepository.changePassword(tx.db, userId, passwordHash, sessionId);
        await schedulingService(tx).endCalendarFeed(userId, 'password_changed');
      });
      const row = await accountRepository.findById(context.db, userId);
      if (row) {
        await mail.enqueue({
          eventId: null,
          to: [{ userId, email: row.email, name: `${row.firstname} ${row.lastname}`, language }],
          ...accountMails.passwordChanged(language, row.firstname, recoverLink()),
          reason: 'account_notice',
        });
      }
    },

    /**
     * Answers at once and the same way for every address: the link is made and mailed in the background, so
     * neither the answer nor its timing tells whether the address has an account.
     */
    async requestRecovery(email: string, language: MailLanguage = 'en'): Promise<void> {
      const row = await accountRepository.findByEmail(context.db, email);
      if (!row) return;
      inBackground('password recovery mail', async () => {
        const token = randomToken(32);
        await accountRepository.createResetToken(context.db, row.id, hashToken(token, secret), RESET_TOKEN_VALID_MS);
        const link = `${context.config.PUBLIC_URL}/authentication/password-reset?token=${token}`;
        await mail.enqueue({
          eventId: null,
          to: [{ userId: row.id, email: row.email, name: `${row.firstname} ${row.lastname}`, language }],
          ...accountMails.passwordReset(language, row.firstname, link),
          reason: 'password_reset',
        });
      });
    },

    async resetPassword(token: string, newPassword: string): Promise<number> {
      const tokenHash = hashToken(token, secret);
      // Checked before the costly hash, and claimed again atomically after it.
      if (!(await accountRepository.findUsableResetToken(context.db, tokenHash)))
        throw fieldError('token', 'error.tokenInvalid');
      const passwordHash = await hashPassword(newPassword);
      const userId = await inTransaction(context, async (tx) => {
        const claimedBy = await accountRepository.consumeResetToken(tx.db, tokenHash, passwordHash);
        if (claimedBy !== null) await schedulingService(tx).endCalendarFeed(claimedBy, 'password_changed');
        return claimedBy;
      });
      if (userId === null) throw fieldError('token', 'error.tokenInvalid');
      return userId;
    },
  };
}
