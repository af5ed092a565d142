import type { Kysely } from 'kysely';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * The delivery queue of every outgoing mail (docs/decisions/008): one row per receiver and message,
 * fully rendered, claimed by a worker with a lease. Event mail links its row to the e-mail's receiver
 * (`mail_receivers`), whose state the Sent folder shows; account mail and reminders have no e-mail row.
 * `mails` learns who it was from and why each receiver gets it.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  const table = db.schema.createTable('mail_queue');
  await (dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('cascade'))
    .addColumn('receiver_id', 'integer', (c) => c.references('mail_receivers.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('to_email', 'text', (c) => c.notNull())
    .addColumn('to_name', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    /** The organiser who wrote an event mail, so a reply reaches them and not the no-reply sender. */
    .addColumn('reply_to', 'text')
    /** What kind of mail this is, for logs and counts: `event_mail`, `password_reset`, `shift_reminder`… */
    .addColumn('reason', 'text', (c) => c.notNull())
    /** queued → sending → sent | failed; a `sending` row whose lease ran out is claimed again. */
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    /** Not before this time: the per-event rate and the back-off of temporary failures both set it. */
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_queue_due_idx').on('mail_queue').columns(['state', 'next_attempt_at']).execute();
  await db.schema
    .createIndex('mail_queue_event_idx')
    .on('mail_queue')
    .columns(['event_id', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('mail_queue_receiver_idx').on('mail_queue').column('receiver_id').execute();

  await db.schema
    .alterTable('mails')
    .addColumn('sender_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('mails')
    .addColumn('sender_email', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('mail_receivers')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('mail_label_links_label_idx').on('mail_label_links').column('label_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('mail_label_links_label_idx').ifExists().execute();
  await db.schema.alterTable('mail_receivers').dropColumn('reason').execute();
  await db.schema.alterTable('mails').dropColumn('sender_email').execute();
  await db.schema.alterTable('mails').dropColumn('sender_name').execute();
  await db.schema.dropTable('mail_queue').ifExists().execute();
}
