import type { Kysely } from 'kysely';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * The display name a queued message goes out under (`Ada Berg via Funkis`), so invitations and event mail say
 * whose they are before they are opened; null keeps MAIL_FROM's own (account mail). docs/decisions/022.
 */
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('mail_queue').addColumn('from_name', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mail_queue').dropColumn('from_name').execute();
}
