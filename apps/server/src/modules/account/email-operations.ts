import type { User } from '@funkis/shared';
import type { UserRow } from '../../db/types.js';
import { writeAudit } from '../../lib/audit.js';
import { inTransaction } from '../../lib/context.js';
import { fieldError, notFound } from '../../lib/http-error.js';
import type { MailLanguage } from '../../lib/language.js';
import { hashToken } from '../../lib/tokens.js';
import { isUniqueViolation } from '../../lib/transaction.js';
import { applicationsService } from '../applications/service.js';
import { mailLanguagesOf } from './languages.js';
import { accountMails } from './mails.js';
import type { AccountContext } from './operations-context.js';
import * as accountRepository from './repository.js';
import { normaliseEmail, toUser } from './repository.js';

/** The account's address: confirming it, and moving to another one, each through a link mailed to the address. */
export function emailOperations(shared: AccountContext) {
  const { context, mail, secret, recoverLink, requirePassword, nameOf, sendConfirmationLink, tellOwnerOfTakenAddress } =
    shared;
  return {
    /**
     * Asks to move the account to `newEmail`: nothing changes until the link mailed there is opened
     * (`confirmEmail`). The answer is the same whether or not another account has the address; if one has, its
     * owner is told that someone tried, and no link is made. The account's own address cancels a waiting change.
     */
    async changeEmail(
      userId: number,
      sessionId: string | null,
      newEmail: string,
      password: string,
      language: MailLanguage = 'en',
    ): Promise<User> {
      await requirePassword(userId, password, 'password');
      const wanted = normaliseEmail(newEmail);
      return inTransaction(context, async (tx) => {
        const current = await accountRepository.findById(tx.db, userId);
        if (!current) throw notFound();
        if (wanted === current.email) return toUser(await accountRepository.setPendingEmail(tx.db, userId, null));
        const row = await accountRepository.setPendingEmail(tx.db, userId, wanted);
        const owner = await accountRepository.findByEmail(tx.db, wanted);
        if (owner) await tellOwnerOfTakenAddress(tx.db, owner);
        else await sendConfirmationLink(tx.db, row, wanted, language, sessionId);
        await writeAudit(tx.db, {
          eventId: null,
          actorId: userId,
          action: 'account.email_change_requested',
          subject: `user:${userId}`,
        });
        return toUser(row);
      });
    },

    /**
     * Sends the link again: for the waiting change when there is one, else for the unconfirmed address. Nothing
     * when the address is confirmed and no change waits, or when the waiting address is another account's (its
     * owner was told once).
     */
    async resendConfirmation(userId: number, sessionId: string | null, language: MailLanguage = 'en'): Promise<void> {
      await inTransaction(context, async (tx) => {
        const row = await accountRepository.findById(tx.db, userId);
        if (!row) return;
        if (row.pending_email) {
          if (await accountRepository.findByEmail(tx.db, row.pending_email)) return;
          await sendConfirmationLink(tx.db, row, row.pending_email, language, sessionId);
        } else if (row.email_confirmed_at === null) {
          await sendConfirmationLink(tx.db, row, row.email, language, null);
        }
      });
    },

    /**
     * Opens a confirmation link (no session needed: it may be opened in another browser). The account's own
     * address becomes confirmed; a waiting change takes effect, ending the account's other sessions but the one
     * that asked and the one opening the link, and the old address is told. Unknown, used or expired: 400.
     * Another account took the address meanwhile: 409, and the change no longer waits.
     */
    async confirmEmail(token: string, openingSessionId: string | null): Promise<User> {
      const tokenHash = hashToken(token, secret);
      let result: { user: User; before: UserRow | null } | 'invalid' | 'taken';
      const claim: { userId: number | null } = { userId: null };
      try {
        result = await inTransaction(context, async (tx) => {
          const claimed = await accountRepository.claimConfirmationToken(tx.db, tokenHash);
          if (!claimed) return 'invalid';
          claim.userId = claimed.user_id;
          const row = await accountRepository.findById(tx.db, claimed.user_id);
          if (!row) return 'invalid';
          if (claimed.email === row.email) {
            return { user: toUser(await accountRepository.confirmCurrentEmail(tx.db, row.id)), before: null };
          }
          if (claimed.email !== row.pending_email) return 'invalid';
          if (await accountRepository.findByEmail(tx.db, claimed.email)) {
            await accountRepository.setPendingEmail(tx.db, row.id, null);
            return 'taken';
          }
          const keep = [claimed.keep_session_id, openingSessionId].filter((id): id is string => id !== null);
          const changed = await accountRepository.applyEmailChange(tx.db, row.id, claimed.email, keep);
          await applicationsService(tx).refreshApplicant(row.id);
          return { user: toUser(changed), before: row };
        });
      } catch (error) {
        // Another account took the address between the check and the change: the unique index said so.
        if (!isUniqueViolation(error) || claim.userId === null) throw error;
        await accountRepository.setPendingEmail(context.db, claim.userId, null);
        result = 'taken';
      }
      if (result === 'invalid') throw fieldError('token', 'error.tokenInvalid');
      if (result === 'taken') throw fieldError('token', 'error.confirmationEmailTaken', undefined, 409);
      const { user, before } = result;
      // The old address hears of it: if someone else did this, its owner still learns and can act.
      if (before) {
        const language = (await mailLanguagesOf(context.db, [user.id])).get(user.id) ?? 'en';
        await mail.enqueue({
          eventId: null,
          to: [{ userId: user.id, email: before.email, name: nameOf(before), language }],
          ...accountMails.emailChanged(language, before.firstname, user.email, recoverLink()),
          reason: 'account_notice',
        });
      }
      return user;
    },
  };
}
