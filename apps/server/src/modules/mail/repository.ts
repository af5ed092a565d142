/**
 * All SQL of the mail tables (mails, mail_receivers, mail_labels, mail_label_links, mail_queue, mail_attachments,
 * mail_reads, mail_settings), in three parts of one concern each: receivers, the queue, the mailbox. Each function
 * takes the database or a transaction first, to take part in it.
 */
export * from './mailbox-repository.js';
export * from './queue-repository.js';
export * from './receivers-repository.js';
