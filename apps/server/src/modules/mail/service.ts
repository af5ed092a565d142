import type { ServerContext } from '../../lib/context.js';
import { mailboxOperations } from './mailbox-operations.js';
import { type MailDelivery, mailContext } from './operations-context.js';
import { queueOperations } from './queue-operations.js';
import { receiversOperations } from './receivers-operations.js';

export type { MailActor } from './operations-context.js';
export type { EnqueueInput } from './queue-operations.js';

/**
 * E-mail to members: choosing receivers, sending through the queue, the Sent folder and labels;
 * `enqueue` is the door other modules use. The worker that empties the queue lives here too.
 */
export function mailService(context: ServerContext, delivery: MailDelivery) {
  const shared = mailContext(context, delivery);
  return {
    ...queueOperations(shared),
    ...receiversOperations(shared),
    ...mailboxOperations(shared),
  };
}

export type MailService = ReturnType<typeof mailService>;
