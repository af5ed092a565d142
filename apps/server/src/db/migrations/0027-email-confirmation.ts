import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * Confirmed e-mail addresses (decision 020), owned by the account module:
 * - `users.email_confirmed_at`: when the owner of `email` opened a link sent to it (null: not confirmed);
 * - `users.pending_email`: an address the account asked to move to, waiting for its link (null: none);
 * - `email_confirmation_tokens`: one row per link sent, only the token's keyed hash, the address it confirms,
 *   the session that asked (kept when the change ends the other sessions), expiry and use.
 *
 * Accounts that exist now start unconfirmed: until this migration anyone could register with, or move to, any
 * address, so no existing address is proven. The one exception is the demo seed's `@funkis.local` accounts
 * (`.local` receives no mail, so their owners could never confirm, and the demo must work as before).
 * Open invitations are unlinked from the accounts they were given to for the same reason: an account that took
 * the invited address unproven must not keep them after confirming another address. They link again, by
 * address, when a confirmed account with that address lists its invitations.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_confirmed_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('pending_email', 'varchar(255)').execute();
  const table = db.schema.createTable('email_confirmation_tokens');
  await (dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('keep_session_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_confirmation_tokens_user_idx')
    .on('email_confirmation_tokens')
    .column('user_id')
    .execute();
  await sql`update invitations set invited_user_id = null`.execute(db);
  await sql`update users set email_confirmed_at = ${new Date().toISOString()} where email like ${'%@funkis.local'}`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('email_confirmation_tokens').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('pending_email').execute();
  await db.schema.alterTable('users').dropColumn('email_confirmed_at').execute();
}
