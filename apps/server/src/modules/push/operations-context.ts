import type https from 'node:https';
import type { Db } from '../../db/types.js';
import { requireService, type ServerContext } from '../../lib/context.js';
import type { MailQueue } from '../mail/plugin.js';

/**
 * The push operations' context: the server's database and mail queue (the e-mail sent instead of a push notice, and
 * its push door: one row per device, retried like mail), PUBLIC_URL for the e-mails' links, the VAPID keys, and how
 * messages leave.
 */
export interface PushContext extends PushDelivery {
  db: Db;
  mail: MailQueue;
  publicUrl: string;
  vapid: { publicKey: string; privateKey: string; subject: string };
}

/**
 * How push messages leave: how long a push service keeps one for an offline device (seconds), and a TLS agent
 * trusting PUSH_CA_FILE's certificates too (unset: the system's).
 */
export interface PushDelivery {
  ttlSeconds: number;
  agent?: https.Agent;
}

export function pushContext(context: ServerContext, { ttlSeconds, agent }: PushDelivery): PushContext {
  return {
    db: context.db,
    mail: requireService(context, 'mail'),
    publicUrl: context.config.PUBLIC_URL,
    vapid: context.config.vapid,
    ttlSeconds,
    ...(agent ? { agent } : {}),
  };
}
