import { createRequire } from 'node:module';
import type { PushSender } from '../mail/worker.js';
import type { PushContext } from './operations-context.js';
import * as pushRepository from './repository.js';

/** The longest wait for a push service's answer before the message is tried again later (ms). */
const SEND_TIMEOUT_MS = 15_000;

/** web-push, loaded with the first message sent: it costs ~50 ms at start otherwise (decision 011). */
let loaded: typeof import('web-push') | null = null;
const webpush = () => {
  loaded ??= createRequire(import.meta.url)('web-push') as typeof import('web-push');
  return loaded;
};

const failure = (reason: string, permanent: boolean) => Object.assign(new Error(reason), { permanent });

/**
 * Sends the queue's push messages with web-push (RFC 8291 encryption, VAPID RFC 8292). A device its push service
 * no longer knows (404, 410) is removed with what still waits for it; a refused message (400, 413) is given up;
 * anything else (429, 5xx, no answer) is tried again by the queue with its back-off.
 */
export function pushSender(context: PushContext): PushSender {
  const { vapid, ttlSeconds, agent } = context;
  return async (message) => {
    const subscription = await pushRepository.subscriptionById(context.db, message.pushSubscriptionId);
    if (!subscription) throw failure('the device was unsubscribed', true);
    try {
      await webpush().sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        message.text,
        {
          TTL: ttlSeconds,
          vapidDetails: vapid,
          contentEncoding: 'aes128gcm',
          timeout: SEND_TIMEOUT_MS,
          ...(agent ? { agent } : {}),
        },
      );
    } catch (error) {
      const status = error instanceof webpush().WebPushError ? error.statusCode : null;
      if (status === 404 || status === 410) {
        await pushRepository.deleteSubscription(context.db, subscription.id);
        throw failure(`push service: ${status}, the device is gone`, true);
      }
      await pushRepository.recordFailure(context.db, subscription.id);
      if (status === 400 || status === 413) throw failure(`push service refused the message: ${status}`, true);
      throw failure(status ? `push service: ${status}` : `push failed: ${(error as Error).message}`, false);
    }
    await pushRepository.recordSuccess(context.db, subscription.id);
  };
}
