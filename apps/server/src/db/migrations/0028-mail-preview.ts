import type { Kysely } from 'kysely';
import { mailPreviewOf } from '../../modules/mail/html.js';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/** Rows filled per statement: a batch of the largest messages (20,000 characters) stays small. */
const BATCH = 200;

/**
 * The folder list's preview of each e-mail, stored once when the e-mail is stored (docs/decisions/021): the list
 * rebuilt it from every message's text, and for rich text from its HTML, on every view. Existing e-mails get
 * theirs from the message as it is stored.
 */
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('mails')
    .addColumn('preview', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  let after = 0;
  for (;;) {
    const rows: { id: number; message: string; format: string }[] = await db
      .selectFrom('mails')
      .select(['id', 'message', 'format'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      await db
        .updateTable('mails')
        .set({ preview: mailPreviewOf(row.message, row.format === 'html' ? 'html' : 'text') })
        .where('id', '=', row.id)
        .execute();
    }
    after = rows[rows.length - 1].id;
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mails').dropColumn('preview').execute();
}
