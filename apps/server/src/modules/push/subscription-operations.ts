import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsInput,
  type PushSubscriptionInput,
} from '@funkis/shared';
import { notFound } from '../../lib/http-error.js';
import type { PushContext } from './operations-context.js';
import * as pushRepository from './repository.js';

/** A person's devices and their choices of what may come by push. */
export function subscriptionOperations(context: PushContext) {
  return {
    publicKey(): string {
      return context.vapid.publicKey;
    },

    /** Saves the caller's device; posting an address again updates it, one another account had becomes theirs. */
    async subscribe(userId: number, input: PushSubscriptionInput): Promise<void> {
      await pushRepository.upsertSubscription(context.db, userId, {
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
      });
    },

    /** Stops push to one of the caller's own devices: 404 for an address that is not theirs. */
    async unsubscribe(userId: number, endpoint: string): Promise<void> {
      if (!(await pushRepository.deleteOwnSubscription(context.db, userId, endpoint)))
        throw notFound('push.subscriptionNotFound');
    },

    async notificationSettings(userId: number): Promise<NotificationSettings> {
      return { notifications: await pushRepository.preferencesOf(context.db, userId) };
    },

    /** Changes the kinds given; the others stay as they were. */
    async saveNotificationSettings(userId: number, input: NotificationSettingsInput): Promise<NotificationSettings> {
      const changes = NOTIFICATION_KINDS.flatMap((kind): [NotificationKind, { push: boolean }][] => {
        const channels = input.notifications[kind];
        return channels ? [[kind, channels]] : [];
      });
      await pushRepository.savePreferences(context.db, userId, changes);
      return { notifications: await pushRepository.preferencesOf(context.db, userId) };
    },
  };
}
