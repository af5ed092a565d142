import { Readable } from 'node:stream';
import type { RegisterInput, User } from '@funkis/shared';
import type { FastifyInstance } from 'fastify';
import type { Db, UserRow } from '../../db/types.js';
import { forgetAuditActor, writeAudit } from '../../lib/audit.js';
import { conflict, fieldError, notFound } from '../../lib/http-error.js';
import type { ImageType } from '../../lib/images.js';
import type { MailLanguage } from '../../lib/language.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { StoredBytes } from '../../lib/stored-answer.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { withTransaction } from '../../lib/transaction.js';
import { applicationsService } from '../applications/service.js';
import { eventsService } from '../events/service.js';
import { claimRoom, storageLimitsOf } from '../files/storage-use.js';
import { membershipsService } from '../memberships/service.js';
import { schedulingService } from '../scheduling/service.js';
import { mailLanguagesOf } from './languages.js';
import { accountMails } from './mails.js';
import { accountRepository, isUniqueViolation, normaliseEmail, toUser } from './repository.js';

export const RESET_TOKEN_VALID_MS = 60 * 60 * 1000;
/** How long an address-confirmation link works (decision 020); a new link (resend) voids the older ones. */
export const CONFIRMATION_TOKEN_VALID_MS = 24 * 60 * 60 * 1000;

const wrongPassword = (field: string) => fieldError(field, 'error.wrongPassword');
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
  const users = accountRepository(db);
  if (await users.findByEmail(input.email)) throw emailTaken('email');
  try {
    return toUser(await users.create(input));
  } catch (error) {
    // Two registrations racing for one address: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken('email');
    throw error;
  }
}

/** Everything a person does with their own account; routes.ts only validates, guards and answers. */
export function accountService(app: FastifyInstance) {
  const users = accountRepository(app.db);
  const secret = app.config.SESSION_SECRET;

  // Work that must not make an answer slower (or its timing tell anything): awaited before the app closes.
  const inFlight = new Set<Promise<void>>();
  const inBackground = (what: string, work: () => Promise<void>) => {
    const task: Promise<void> = work()
      .catch((error) => app.log.error({ err: error }, `${what} failed`))
      .finally(() => inFlight.delete(task));
    inFlight.add(task);
  };

  const recoverLink = () => `${app.config.PUBLIC_URL}/authentication/password-recovery`;

  async function requirePassword(userId: number, password: string, field: string): Promise<void> {
    if (!(await verifyPassword(await users.passwordHashOf(userId), password))) throw wrongPassword(field);
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
    await accountRepository(db).createConfirmationToken({
      userId: row.id,
      email,
      tokenHash: hashToken(token, secret),
      validForMs: CONFIRMATION_TOKEN_VALID_MS,
      keepSessionId,
    });
    const link = `${app.config.PUBLIC_URL}/authentication/confirm-email?token=${token}`;
    const isChange = email !== row.email;
    await app.mail.enqueue(
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
    await app.mail.enqueue(
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
    settle: () => Promise.all([...inFlight]).then(() => undefined),

    /** Remembers the language of the person's latest login or registration (mail later is written in it). */
    rememberLanguage: (userId: number, language: MailLanguage) => users.setLanguage(userId, language),

    /** The account the credentials open, or null; unknown addresses cost the same work as wrong passwords. */
    async authenticate(email: string, password: string): Promise<User | null> {
      const row = await users.findByEmail(email);
      const valid = await verifyPassword(row?.password_hash ?? null, password);
      return row && valid ? toUser(row) : null;
    },

    /** A new, unconfirmed account; the link that confirms its address is queued with it. */
    async register(input: RegisterInput, language: MailLanguage = 'en'): Promise<User> {
      if (await users.findByEmail(input.email)) throw emailTaken('email');
      const passwordHash = await hashPassword(input.password);
      return withTransaction(app.db, async (trx) => {
        const user = await createAccount(trx, { ...input, passwordHash });
        const row = await accountRepository(trx).findById(user.id);
        if (row) await sendConfirmationLink(trx, row, row.email, language, null);
        return user;
      });
    },

    async updateInfo(userId: number, names: { firstname: string; lastname: string }): Promise<User> {
      // The applications review finds applicants by name: their search text follows in the same transaction.
      return withTransaction(app.db, async (trx) => {
        const row = await accountRepository(trx).updateNames(userId, names);
        await applicationsService(trx, app.dialect).refreshApplicant(userId);
        return toUser(row);
      });
    },

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
      return withTransaction(app.db, async (trx) => {
        const repository = accountRepository(trx);
        const current = await repository.findById(userId);
        if (!current) throw notFound();
        if (wanted === current.email) return toUser(await repository.setPendingEmail(userId, null));
        const row = await repository.setPendingEmail(userId, wanted);
        const owner = await repository.findByEmail(wanted);
        if (owner) await tellOwnerOfTakenAddress(trx, owner);
        else await sendConfirmationLink(trx, row, wanted, language, sessionId);
        await writeAudit(trx, {
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
      await withTransaction(app.db, async (trx) => {
        const repository = accountRepository(trx);
        const row = await repository.findById(userId);
        if (!row) return;
        if (row.pending_email) {
          if (await repository.findByEmail(row.pending_email)) return;
          await sendConfirmationLink(trx, row, row.pending_email, language, sessionId);
        } else if (row.email_confirmed_at === null) {
          await sendConfirmationLink(trx, row, row.email, language, null);
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
        result = await withTransaction(app.db, async (trx) => {
          const repository = accountRepository(trx);
          const claimed = await repository.claimConfirmationToken(tokenHash);
          if (!claimed) return 'invalid';
          claim.userId = claimed.user_id;
          const row = await repository.findById(claimed.user_id);
          if (!row) return 'invalid';
          if (claimed.email === row.email) {
            return { user: toUser(await repository.confirmCurrentEmail(row.id)), before: null };
          }
          if (claimed.email !== row.pending_email) return 'invalid';
          if (await repository.findByEmail(claimed.email)) {
            await repository.setPendingEmail(row.id, null);
            return 'taken';
          }
          const keep = [claimed.keep_session_id, openingSessionId].filter((id): id is string => id !== null);
          const changed = await repository.applyEmailChange(row.id, claimed.email, keep);
          await applicationsService(trx, app.dialect).refreshApplicant(row.id);
          return { user: toUser(changed), before: row };
        });
      } catch (error) {
        // Another account took the address between the check and the change: the unique index said so.
        if (!isUniqueViolation(error) || claim.userId === null) throw error;
        await users.setPendingEmail(claim.userId, null);
        result = 'taken';
      }
      if (result === 'invalid') throw fieldError('token', 'error.tokenInvalid');
      if (result === 'taken') throw fieldError('token', 'error.confirmationEmailTaken', undefined, 409);
      const { user, before } = result;
      // The old address hears of it: if someone else did this, its owner still learns and can act.
      if (before) {
        const language = (await mailLanguagesOf(app.db, [user.id])).get(user.id) ?? 'en';
        await app.mail.enqueue({
          eventId: null,
          to: [{ userId: user.id, email: before.email, name: nameOf(before), language }],
          ...accountMails.emailChanged(language, before.firstname, user.email, recoverLink()),
          reason: 'account_notice',
        });
      }
      return user;
    },

    async changePassword(
      userId: number,
      sessionId: string | null,
      currentPassword: string,
      newPassword: string,
      language: MailLanguage = 'en',
    ) {
      await requirePassword(userId, currentPassword, 'currentPassword');
      const passwordHash = await hashPassword(newPassword);
      await withTransaction(app.db, async (trx) => {
        await accountRepository(trx).changePassword(userId, passwordHash, sessionId);
        await schedulingService(trx, app.dialect).endCalendarFeed(userId, 'password_changed');
      });
      const row = await users.findById(userId);
      if (row) {
        await app.mail.enqueue({
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
      const row = await users.findByEmail(email);
      if (!row) return;
      inBackground('password recovery mail', async () => {
        const token = randomToken(32);
        await users.createResetToken(row.id, hashToken(token, secret), RESET_TOKEN_VALID_MS);
        const link = `${app.config.PUBLIC_URL}/authentication/password-reset?token=${token}`;
        await app.mail.enqueue({
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
      if (!(await users.findUsableResetToken(tokenHash))) throw fieldError('token', 'error.tokenInvalid');
      const passwordHash = await hashPassword(newPassword);
      const userId = await withTransaction(app.db, async (trx) => {
        const claimedBy = await accountRepository(trx).consumeResetToken(tokenHash, passwordHash);
        if (claimedBy !== null)
          await schedulingService(trx, app.dialect).endCalendarFeed(claimedBy, 'password_changed');
        return claimedBy;
      });
      if (userId === null) throw fieldError('token', 'error.tokenInvalid');
      return userId;
    },

    async removeAccount(userId: number, password: string): Promise<void> {
      await requirePassword(userId, password, 'password');
      const orphanedKeys = await withTransaction(app.db, async (trx) => {
        // Locks the events the user administers first: two admins leaving at once cannot both be the "other" admin.
        const blockedBy = await membershipsService(trx, app.dialect).lockAndFindSoleAdminEvents(userId);
        if (blockedBy.length > 0) throw conflict('error.soleAdmin');
        const repository = accountRepository(trx);
        const avatar = await repository.avatarOf(userId);
        const { soloEventIds } = await membershipsService(trx, app.dialect).removeAllOfUser(userId);
        const fileKeys = await eventsService(trx, app.dialect).deleteEvents(soloEventIds);
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
        await repository.deleteUser(userId);
        return [...(avatar ? [avatar.split('.')[0] as string] : []), ...fileKeys];
      });
      for (const key of orphanedKeys) {
        await app.storage.remove(key).catch((error) => app.log.warn({ err: error, key }, 'file left behind'));
      }
    },

    /** Stores a new avatar from the upload's checked bytes (lib/images `readImageUpload`). */
    /** The account's room is decided again where the avatar is recorded (docs/decisions/022); refused bytes go. */
    async saveAvatar(userId: number, bytes: Buffer, type: ImageType): Promise<User> {
      const saved = await app.storage.save(Readable.from([bytes]));
      let result: Awaited<ReturnType<typeof users.setAvatar>>;
      try {
        result = await users.setAvatar(userId, `${saved.key}.${type}`, (trx) =>
          claimRoom(trx, app.dialect, app.storage, storageLimitsOf(app.config), userId, bytes.length),
        );
      } catch (error) {
        await app.storage.remove(saved.key).catch(() => undefined);
        throw error;
      }
      const { row, previous } = result;
      if (previous) await app.storage.remove(previous.split('.')[0]).catch(() => undefined);
      return toUser(row);
    },

    async openAvatar(viewerId: number, userId: number) {
      const row = await users.findById(userId);
      if (!row?.avatar || !(await users.canSeeAvatar(viewerId, userId))) throw notFound();
      const [key = '', type] = row.avatar.split('.');
      const { size, storedAt } = await app.storage.stat(key);
      const stored: StoredBytes = { key, size, storedAt, open: (range) => app.storage.open(key, range) };
      return { stored, contentType: `image/${type}` };
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
