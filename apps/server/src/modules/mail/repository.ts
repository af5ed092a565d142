import type { Db, DialectName } from '../../db/types.js';
import { mailboxRepository } from './mailbox-repository.js';
import { mailQueueRepository } from './queue-repository.js';
import { mailReceiversRepository } from './receivers-repository.js';

export type { ClaimedMessage, QueuedMessage, StoredCopy } from './queue-repository.js';
export type { ReceiverReason, ResolvedReceiver } from './receivers-repository.js';

/**
 * All SQL of the mail tables (mails, mail_receivers, mail_labels, mail_label_links, mail_queue, mail_attachments,
 * mail_reads, mail_settings), in three parts of one concern each: receivers, the queue, the mailbox. Pass a
 * transaction as `db` to take part in it.
 */
export function mailRepository(db: Db, dialect: DialectName) {
  return {
    ...mailReceiversRepository(db, dialect),
    ...mailQueueRepository(db, dialect),
    ...mailboxRepository(db, dialect),
  };
}

export type MailRepository = ReturnType<typeof mailRepository>;
