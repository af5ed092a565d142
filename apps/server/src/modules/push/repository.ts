/** All SQL of `push_subscriptions` and `notification_preferences`. Pass a transaction as `db` to take part in it. */

import { NOTIFICATION_KINDS, type NotificationKind, PUSH_LIMITS } from '@funkis/shared';
import type { Db } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';

export interface StoredSubscription {
  id: number;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Who a notice goes to: their address, name and language for the e-mail that stands in for push. */
export interface NoticeReceiver {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  language: string | null;
}

/**
 * Saves a device for the user: the same address again updates its keys, and an address another account had
 * becomes this one's (a browser belongs to whoever subscribed it last). Beyond SUBSCRIPTIONS_PER_USER devices
 * the oldest goes.
 */
export async function upsertSubscription(
  db: Db,
  userId: number,
  input: { endpoint: string; p256dh: string; auth: string },
) {
  const now = nowIso();
  await db
    .insertInto('push_subscriptions')
    .values({
      user_id: userId,
      endpoint: input.endpoint,
      p256dh: input.p256dh,
      auth: input.auth,
      created_at: now,
      updated_at: now,
      failures: 0,
    })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: userId,
        p256dh: input.p256dh,
        auth: input.auth,
        updated_at: now,
        failures: 0,
      }),
    )
    .execute();
  const extra = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .offset(PUSH_LIMITS.SUBSCRIPTIONS_PER_USER)
    .limit(100)
    .execute();
  if (extra.length > 0) {
    await db
      .deleteFrom('push_subscriptions')
      .where(
        'id',
        'in',
        extra.map((row) => row.id),
      )
      .execute();
  }
}

/** Removes the user's own device; false when the address is not theirs (or unknown). */
export async function deleteOwnSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteSubscription(db: Db, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export async function subscriptionById(db: Db, id: number): Promise<StoredSubscription | undefined> {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id as userId', 'endpoint', 'p256dh', 'auth'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function subscriptionIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function subscriptionsOf(db: Db, userId: number): Promise<StoredSubscription[]> {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id as userId', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function recordSuccess(db: Db, id: number): Promise<void> {
  await db
    .updateTable('push_subscriptions')
    .set({ last_success_at: nowIso(), failures: 0 })
    .where('id', '=', id)
    .execute();
}

export async function recordFailure(db: Db, id: number): Promise<void> {
  await db
    .updateTable('push_subscriptions')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Whether each kind may come by push: the stored choices over the default (on). */
export async function preferencesOf(db: Db, userId: number): Promise<Record<NotificationKind, { push: boolean }>> {
  const rows = await db
    .selectFrom('notification_preferences')
    .select(['kind', 'push'])
    .where('user_id', '=', userId)
    .execute();
  const stored = new Map(rows.map((row) => [row.kind, Boolean(row.push)]));
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { push: stored.get(kind) ?? true }])) as Record<
    NotificationKind,
    { push: boolean }
  >;
}

export async function savePreferences(
  db: Db,
  userId: number,
  changes: [NotificationKind, { push: boolean }][],
): Promise<void> {
  const now = nowIso();
  for (const [kind, channels] of changes) {
    await db
      .insertInto('notification_preferences')
      .values({ user_id: userId, kind, push: channels.push ? 1 : 0, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ push: channels.push ? 1 : 0, updated_at: now }))
      .execute();
  }
}

/** The account a notice goes to, as the e-mail standing in for push needs it. */
export async function receiverOf(db: Db, userId: number): Promise<NoticeReceiver | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'firstname', 'lastname', 'language'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
