import type { Kysely } from 'kysely';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * An event e-mail keeps what its receivers' copies are composed from once, on the e-mail (its language, the
 * event's name when it was sent, the text form of the message, the linked files) and on each receiver (their
 * first name); the queue composes each copy when it sends it instead of holding a rendered copy per receiver
 * (docs/decisions/021). Messages queued before keep their rendered bodies and are sent as they are.
 */
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('mails').addColumn('language', 'text').execute();
  await db.schema.alterTable('mails').addColumn('event_name', 'text').execute();
  await db.schema.alterTable('mails').addColumn('message_text', 'text').execute();
  await db.schema.alterTable('mails').addColumn('linked_files', 'text').execute();
  await db.schema.alterTable('mail_receivers').addColumn('firstname', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mail_receivers').dropColumn('firstname').execute();
  for (const column of ['linked_files', 'message_text', 'event_name', 'language']) {
    await db.schema.alterTable('mails').dropColumn(column).execute();
  }
}
