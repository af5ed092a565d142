import type { User } from '@funkis/shared';
import { sql } from 'kysely';
import type { Db, UserRow } from '../../db/types.js';
import { writeAudit } from '../../lib/audit.js';
import { userAvatarUrl } from '../../lib/avatar-urls.js';
import { createdAndExpires, nowIso } from '../../lib/time.js';
import { withTransaction } from '../../lib/transaction.js';
import { endUserSessions } from '../sessions/store.js';

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export function toUser(
  row: Pick<UserRow, 'id' | 'email' | 'firstname' | 'lastname' | 'avatar' | 'email_confirmed_at' | 'pending_email'>,
): User {
  return {
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    avatar: userAvatarUrl(row.id, row.avatar),
    emailConfirmed: row.email_confirmed_at !== null,
    ...(row.pending_email ? { pendingEmail: row.pending_email } : {}),
  };
}

/** Every confirmation link of the user still open becomes void (a newer one, or the address is settled). */
async function voidConfirmationTokens(db: Db, userId: number) {
  await db
    .updateTable('email_confirmation_tokens')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Every reset link of the user still open becomes void. */
async function voidResetTokens(db: Db, userId: number) {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export function findByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

export function findById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function passwordHashOf(db: Db, id: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
  return row?.password_hash ?? null;
}

export function create(
  db: Db,
  input: {
    email: string;
    firstname: string;
    lastname: string;
    passwordHash: string;
    emailConfirmed?: boolean;
  },
) {
  const now = nowIso();
  return db
    .insertInto('users')
    .values({
      email: normaliseEmail(input.email),
      firstname: input.firstname,
      lastname: input.lastname,
      password_hash: input.passwordHash,
      email_confirmed_at: input.emailConfirmed ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateNames(db: Db, id: number, names: { firstname: string; lastname: string }) {
  return db
    .updateTable('users')
    .set({ ...names, updated_at: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Records the address the account asked to move to (null: none waits any more); every link sent before is
 * void. The address itself changes only when its link is opened (`applyEmailChange`).
 */
export async function setPendingEmail(db: Db, id: number, pendingEmail: string | null) {
  await voidConfirmationTokens(db, id);
  return db
    .updateTable('users')
    .set({ pending_email: pendingEmail === null ? null : normaliseEmail(pendingEmail), updated_at: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A new confirmation link for `email` (only its hash is stored); older links of the account are void. */
export async function createConfirmationToken(
  db: Db,
  input: {
    userId: number;
    email: string;
    tokenHash: string;
    validForMs: number;
    keepSessionId: string | null;
  },
) {
  await db
    .deleteFrom('email_confirmation_tokens')
    .where('user_id', '=', input.userId)
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', nowIso())]))
    .execute();
  await voidConfirmationTokens(db, input.userId);
  await db
    .insertInto('email_confirmation_tokens')
    .values({
      user_id: input.userId,
      email: normaliseEmail(input.email),
      token_hash: input.tokenHash,
      keep_session_id: input.keepSessionId,
      ...createdAndExpires(input.validForMs),
    })
    .execute();
}

/**
 * Spends a confirmation link: a conditional update, so one link is used once however many requests carry
 * it. Answers what it confirms, or undefined when it is unknown, used or expired.
 */
export function claimConfirmationToken(db: Db, tokenHash: string) {
  return db
    .updateTable('email_confirmation_tokens')
    .set({ used_at: nowIso() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .returning(['user_id', 'email', 'keep_session_id'])
    .executeTakeFirst();
}

/** The owner of the account opened a link sent to its own address. */
export async function confirmCurrentEmail(db: Db, id: number) {
  await voidConfirmationTokens(db, id);
  await writeAudit(db, { eventId: null, actorId: id, action: 'account.email_confirmed', subject: `user:${id}` });
  return db
    .updateTable('users')
    .set({ email_confirmed_at: nowIso(), updated_at: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The waiting address becomes the account's, confirmed (its link was opened). The user's sessions end but
 * those given, and open reset and confirmation links with them. The unique index refuses an address another
 * account took meanwhile (the caller answers 409).
 */
export async function applyEmailChange(db: Db, id: number, email: string, keepSessionIds: readonly string[]) {
  const now = nowIso();
  const row = await db
    .updateTable('users')
    .set({ email: normaliseEmail(email), pending_email: null, email_confirmed_at: now, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await endUserSessions(db, id, keepSessionIds);
  await voidResetTokens(db, id);
  await voidConfirmationTokens(db, id);
  await writeAudit(db, { eventId: null, actorId: id, action: 'account.email_changed', subject: `user:${id}` });
  return row;
}

/** New password; the user's other sessions and open reset links end with the change. */
export async function changePassword(db: Db, id: number, passwordHash: string, keepSessionId: string | null) {
  await withTransaction(db, async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    await endUserSessions(trx, id, keepSessionId);
    await voidResetTokens(trx, id);
    await writeAudit(trx, {
      eventId: null,
      actorId: id,
      action: 'account.password_changed',
      subject: `user:${id}`,
      details: { via: 'change-password' },
    });
  });
}

/**
 * Sets the avatar and answers the one it replaces, whose file the caller removes. `beforeWrite` decides in the
 * same transaction whether the new bytes may be recorded (storage limits).
 */
export function setAvatar(db: Db, id: number, avatar: string, beforeWrite?: (trx: Db) => Promise<void>) {
  return db.transaction().execute(async (trx) => {
    await beforeWrite?.(trx);
    const previous = await trx.selectFrom('users').select('avatar').where('id', '=', id).executeTakeFirstOrThrow();
    const row = await trx
      .updateTable('users')
      .set({ avatar, updated_at: nowIso() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row, previous: previous.avatar };
  });
}

/**
 * May `viewerId` see the avatar of `userId`? Their own; anyone sharing an event with them; an event's admin
 * (or the leader of the application's group) that the user applied to.
 */
export async function canSeeAvatar(db: Db, viewerId: number, userId: number): Promise<boolean> {
  if (viewerId === userId) return true;
  const shared = await db
    .selectFrom('event_users as mine')
    .innerJoin('event_users as theirs', 'theirs.event_id', 'mine.event_id')
    .select('mine.id')
    .where('mine.user_id', '=', viewerId)
    .where('theirs.user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  if (shared) return true;
  const applied = await db
    .selectFrom('applications')
    .innerJoin('event_users as reviewer', 'reviewer.event_id', 'applications.event_id')
    .select('applications.id')
    .where('applications.user_id', '=', userId)
    .where('reviewer.user_id', '=', viewerId)
    .where((eb) =>
      eb.or([
        eb('reviewer.role_level', '=', 0),
        eb.and([eb('reviewer.role_level', '=', 1), eb('reviewer.group_id', '=', eb.ref('applications.group_id'))]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return Boolean(applied);
}

/** A newer request voids every older link of the same account; spent and expired rows are dropped. */
export async function createResetToken(db: Db, userId: number, tokenHash: string, validForMs: number) {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('password_reset_tokens')
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', nowIso())]))
      .execute();
    await voidResetTokens(trx, userId);
    await trx
      .insertInto('password_reset_tokens')
      .values({ user_id: userId, token_hash: tokenHash, ...createdAndExpires(validForMs) })
      .execute();
  });
}

export function findUsableResetToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('password_reset_tokens')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
}

/**
 * Spends the link and sets the password in one transaction: the claim is a conditional update, so two
 * requests with one link cannot both succeed. Every session of the user ends. Null: the link is not usable.
 */
export function consumeResetToken(db: Db, tokenHash: string, passwordHash: string): Promise<number | null> {
  return withTransaction(db, async (trx) => {
    const claimed = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: nowIso() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) return null;
    const userId = claimed.user_id;
    // The link reached the account's address and was opened: that proves the address as a confirmation does.
    await trx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        email_confirmed_at: sql<string>`coalesce(email_confirmed_at, ${nowIso()})`,
        updated_at: nowIso(),
      })
      .where('id', '=', userId)
      .execute();
    await voidResetTokens(trx, userId);
    await endUserSessions(trx, userId, null);
    await writeAudit(trx, {
      eventId: null,
      actorId: userId,
      action: 'account.password_changed',
      subject: `user:${userId}`,
      details: { via: 'reset-password' },
    });
    return userId;
  });
}

export async function avatarOf(db: Db, userId: number): Promise<string | null> {
  return (await db.selectFrom('users').select('avatar').where('id', '=', userId).executeTakeFirst())?.avatar ?? null;
}

/** The language the person last used, for mail written later (shift reminders). Only when it changed. */
export function setLanguage(db: Db, userId: number, language: string) {
  return db
    .updateTable('users')
    .set({ language })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('language', 'is', null), eb('language', '!=', language)]))
    .execute();
}

export async function languagesOf(db: Db, userIds: readonly number[]): Promise<Map<number, string | null>> {
  const found = new Map<number, string | null>();
  const ids = [...new Set(userIds)];
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'language'])
      .where('id', 'in', ids.slice(start, start + 500))
      .execute();
    for (const row of rows) found.set(row.id, row.language);
  }
  return found;
}

/** The last step of removing an account: sessions and reset links go with the user (foreign keys cascade). */
export function deleteUser(db: Db, userId: number) {
  return db.deleteFrom('users').where('id', '=', userId).execute();
}
