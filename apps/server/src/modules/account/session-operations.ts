import type { User } from '@funkis/shared';
import type { MailLanguage } from '../../lib/language.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { AccountContext } from './operations-context.js';
import * as accountRepository from './repository.js';
import { toUser } from './repository.js';

/** Logging in: the credentials checked, and the language the person logged in with kept for their mail. */
export function sessionOperations(shared: AccountContext) {
  return {
    /** Remembers the language of the person's latest login or registration (mail later is written in it). */
    rememberLanguage: (userId: number, language: MailLanguage) =>
      accountRepository.setLanguage(shared.context.db, userId, language),

    /** The account the credentials open, or null; unknown addresses cost the same work as wrong passwords. */
    async authenticate(email: string, password: string): Promise<User | null> {
      const row = await accountRepository.findByEmail(shared.context.db, email);
      const valid = await verifyPassword(row?.password_hash ?? null, password);
      return row && valid ? toUser(row) : null;
    },
  };
}
