import type https from 'node:https';
import type { Db } from '../../db/types.js';
import type { EnqueueInput } from '../mail/service.js';

/** What the push operations need from outside the module: the queue's doors and the server's settings. */
export interface PushOptions {
  /** The mail queue (`app.mail.enqueue`): the e-mail sent instead of a push notice. */
  enqueueMail: (input: EnqueueInput, db?: Db) => Promise<void>;
  /** The mail queue's push door (`app.mail.enqueuePush`): one row per device, retried like mail. */
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

export function pushContext(db: Db, options: PushOptions): PushContext {
  return { db, options };
}
