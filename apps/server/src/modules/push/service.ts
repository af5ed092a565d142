import type { ServerContext } from '../../lib/context.js';
import { pushSender } from './delivery.js';
import { notifyOperations } from './notify.js';
import { type PushDelivery, pushContext } from './operations-context.js';
import { subscriptionOperations } from './subscription-operations.js';

export type { NotifyOptions, NotifyResult } from './notify.js';
export { type MemberNotice, type NoticeReader, type Notify, tellMembers } from './tell-members.js';
export type { PushMessage, PushMessageKey } from './texts.js';

/**
 * Web push (decision 030): devices (`push_subscriptions`), what may come by push (`notification_preferences`),
 * `notify` (push where allowed, else e-mail, both through the mail queue) and the queue's sender of push messages.
 */
export function pushService(context: ServerContext, delivery: PushDelivery) {
  const shared = pushContext(context, delivery);
  return {
    ...subscriptionOperations(shared),
    ...notifyOperations(shared),
    sender: pushSender(shared),
  };
}

export type PushService = ReturnType<typeof pushService>;
