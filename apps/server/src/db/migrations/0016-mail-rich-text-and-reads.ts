import type { Kysely } from 'kysely';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

const serialId = (dialect: DialectName, table: ReturnType<AnyDb['schema']['createTable']>) =>
  dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

/**
 * E-mail to members, second step (docs/decisions/008): rich text (`mails.format`, the queue's HTML
 * part), event files attached as links (`mail_attachments`), a sending rate per event (`mail_settings`) and
 * per-user read marks for the labels' unread counts (`mail_reads`). All owned by the mail module.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  /** `text`: the message is plain text; `html`: it is HTML sanitised by the server before it was stored. */
  await db.schema
    .alterTable('mails')
    .addColumn('format', 'text', (c) => c.notNull().defaultTo('text'))
    .execute();
  /** The HTML part of a rich-text message (the text part is `body_text`); null for plain-text mail. */
  await db.schema.alterTable('mail_queue').addColumn('body_html', 'text').execute();

  await serialId(dialect, db.schema.createTable('mail_attachments'))
    .addColumn('mail_id', 'integer', (c) => c.notNull().references('mails.id').onDelete('cascade'))
    /** The event file linked to; no foreign key: a file deleted later leaves a link that answers 404. */
    .addColumn('file_id', 'integer', (c) => c.notNull())
    /** The file's name when the e-mail was sent. */
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_attachments_mail_idx').on('mail_attachments').column('mail_id').execute();

  await db.schema
    .createTable('mail_reads')
    .addColumn('mail_id', 'integer', (c) => c.notNull().references('mails.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_reads_pk', ['mail_id', 'user_id'])
    .execute();
  await db.schema.createIndex('mail_reads_user_idx').on('mail_reads').column('user_id').execute();

  await db.schema
    .createTable('mail_settings')
    .addColumn('event_id', 'integer', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    /** Messages a minute this event's mail goes out at; no row: MAIL_RATE_PER_MINUTE. */
    .addColumn('rate_per_minute', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('mail_settings').ifExists().execute();
  await db.schema.dropTable('mail_reads').ifExists().execute();
  await db.schema.dropTable('mail_attachments').ifExists().execute();
  await db.schema.alterTable('mail_queue').dropColumn('body_html').execute();
  await db.schema.alterTable('mails').dropColumn('format').execute();
}
