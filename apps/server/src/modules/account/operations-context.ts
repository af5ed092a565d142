import type { FastifyBaseLogger } from 'fastify';
import type { Db, UserRow } from '../../db/types.js';
import { requireService, type ServerContext } from '../../lib/context.js';
import { fieldError } from '../../lib/http-error.js';
import type { MailLanguage } from '../../lib/language.js';
import { verifyPassword } from '../../lib/passwords.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { mailLanguagesOf } from './languages.js';
import { accountMails } from './mails.js';
import * as accountRepository from './repository.js';

/** How long an address-confirmation link works (decision 020); a new link (resend) voids the older ones. */
export const CONFIRMATION_TOKEN_VALID_MS = 24 * 60 * 60 * 1000;

const wrongPassword = (field: string) => fieldError(field, 'error.wrongPassword');

/**
 * What every account operation shares: the app (database, mail queue, storage, config, log), the token
 * secret, the work left to run after an answer, and the helpers (the password check, the confirmation link, the
 * notice to an address's owner).
 */
export function accountContext(context: ServerContext, log: FastifyBaseLogger) {
  const secret = context.config.SESSION_SECRET;
  const mail = requireService(context, 'mail');
  const storage = requireService(context, 'storage');

  // Work that must not make an answer slower (or its timing tell anything): awaited before the app closes.
  const inFlight = new Set<Promise<void>>();
  const inBackground = (what: string, work: () => Promise<void>) => {
    const task: Promise<void> = work()
      .catch((error) => log.error({ err: error }, `${what} failed`))
      .finally(() => inFlight.delete(task));
    inFlight.add(task);
  };
  const settle = () => Promise.all([...inFlight]).then(() => undefined);

  const recoverLink = () => `${context.config.PUBLIC_URL}/authentication/password-recovery`;

  async function requirePassword(userId: number, password: string, field: string): Promise<void> {
    if (!(await verifyPassword(await accountRepository.passwordHashOf(context.db, userId), password)))
      throw wrongPassword(field);
  }

  const nameOf = (row: { firstname: string; lastname: string }) => `${row.firstname} ${row.lastname}`;

  /**
   * Makes a confirmation link for `email` (the account's own, or the address it asked to move to) and queues it
   * to that address, in the caller's transaction. Only the token's keyed hash is stored.
   */
  async function sendConfirmationLink(
    db: Db,
    row: UserRow,
    email: string,
    language: MailLanguage,
    keepSessionId: string | null,
  ): Promise<void> {
    const token = randomToken(32);
    await accountRepository.createConfirmationToken(db, {
      userId: row.id,
      email,
      tokenHash: hashToken(token, secret),
      validForMs: CONFIRMATION_TOKEN_VALID_MS,
      keepSessionId,
    });
    const link = `${context.config.PUBLIC_URL}/authentication/confirm-email?token=${token}`;
    const isChange = email !== row.email;
    await mail.enqueue(
      {
        eventId: null,
        to: [{ userId: row.id, email, name: nameOf(row), language }],
        ...(isChange
          ? accountMails.confirmNewAddress(language, row.firstname, link)
          : accountMails.confirmNewAccount(language, row.firstname, link)),
        reason: 'email_confirmation',
      },
      db,
    );
  }

  /** The owner of an address another account asked for hears of it, in their own language; nothing changes. */
  async function tellOwnerOfTakenAddress(db: Db, owner: UserRow): Promise<void> {
    const language = (await mailLanguagesOf(db, [owner.id])).get(owner.id) ?? 'en';
    await mail.enqueue(
      {
        eventId: null,
        to: [{ userId: owner.id, email: owner.email, name: nameOf(owner), language }],
        ...accountMails.addressInUse(language, owner.firstname, recoverLink()),
        reason: 'account_notice',
      },
      db,
    );
  }

  return {
    context,
    mail,
    storage,
    log,
    secret,
    inBackground,
    settle,
    recoverLink,
    requirePassword,
    nameOf,
    sendConfirmationLink,
    tellOwnerOfTakenAddress,
  };
}

export type AccountContext = ReturnType<typeof accountContext>;
