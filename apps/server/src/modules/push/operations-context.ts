import type https from 'node:https';
import type { Db } from '../../db/types.js';
import { requireService, type ServerContext } from '../../lib/context.js';
import type { EnqueueInput } from '../mail/service.js';

/** What the push operations need from outside the module: the queue's doors and the server's settings. */
export interface PushOptions {
  /** The context's mail queue: the e-mail sent instead of a push notice. */
  enqueueMail: (input: EnqueueInput, db?: Db) => Promise<void>;
  /** The mail queue's push door (`enqueuePush`): one row per device, retried like mail. */
  enqueuePush: (
    input: { userId: number; subscriptionIds: number[]; title: string; payload: string; reason: string },
    db?: Db,
  ) => Promise<void>;
  /** PUBLIC_URL, for the links of the e-mails. */
  publicUrl: string;
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** How long a push service keeps a notice for a device that is offline (seconds). */
  ttlSeconds: number;
  /** A TLS agent trusting PUSH_CA_FILE's certificates too; unset: the system's. */
  agent?: https.Agent;
}

export interface PushContext {
  db: Db;
  options: PushOptions;
}

/** How push messages leave: how long a push service keeps one for an offline device, and the TLS agent. */
export interface PushDelivery {
  ttlSeconds: number;
  agent?: https.Agent;
}

/** The push operations' context: the server's database, and the options taken from it (its mail queue, settings). */
export function pushContext(context: ServerContext, { ttlSeconds, agent }: PushDelivery): PushContext {
  const mail = requireService(context, 'mail');
  return {
    db: context.db,
    options: {
      enqueueMail: (input, db) => mail.enqueue(input, db),
      enqueuePush: (input, db) => mail.enqueuePush(input, db),
      publicUrl: context.config.PUBLIC_URL,
      vapid: context.config.vapid,
      ttlSeconds,
      ...(agent ? { agent } : {}),
    },
  };
}
