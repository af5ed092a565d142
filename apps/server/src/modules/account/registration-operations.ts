import type { RegisterInput, User } from '@funkis/shared';
import type { Db } from '../../db/types.js';
import { inTransaction } from '../../lib/context.js';
import { fieldError } from '../../lib/http-error.js';
import type { MailLanguage } from '../../lib/language.js';
import { hashPassword } from '../../lib/passwords.js';
import { isUniqueViolation } from '../../lib/transaction.js';
import type { AccountContext } from './operations-context.js';
import * as accountRepository from './repository.js';
import { toUser } from './repository.js';

const emailTaken = (field: string) => fieldError(field, 'error.emailTaken', undefined, 409);

/**
 * A new account with an already hashed password (register, and demo data). The e-mail is stored lower-cased;
 * a taken address answers 409 on the e-mail field. `emailConfirmed`: the address is vouched for by whoever
 * runs this without a request (the demo seed, test fixtures); registration leaves it unconfirmed.
 */
export async function createAccount(
  db: Db,
  input: { email: string; firstname: string; lastname: string; passwordHash: string; emailConfirmed?: boolean },
): Promise<User> {
  if (await accountRepository.findByEmail(db, input.email)) throw emailTaken('email');
  try {
    return toUser(await accountRepository.create(db, input));
  } catch (error) {
    // Two registrations racing for one address: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken('email');
    throw error;
  }
}

/** A person making their account. */
export function registrationOperations(shared: AccountContext) {
  const { context, sendConfirmationLink } = shared;
  return {
    /** A new, unconfirmed account; the link that confirms its address is queued with it. */
    async register(input: RegisterInput, language: MailLanguage = 'en'): Promise<User> {
      if (await accountRepository.findByEmail(context.db, input.email)) throw emailTaken('email');
      const passwordHash = await hashPassword(input.password);
      return inTransaction(context, async (tx) => {
        const user = await createAccount(tx.db, { ...input, passwordHash });
        const row = await accountRepository.findById(tx.db, user.id);
        if (row) await sendConfirmationLink(tx.db, row, row.email, language, null);
        return user;
      });
    },
  };
}
