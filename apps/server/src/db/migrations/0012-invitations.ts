import type { Kysely } from 'kysely';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * Invitations (decision 013): an admin invites an e-mail address, the person becomes a
 * member only by accepting. One row per event and address (lower-cased): accepting and cancelling delete it, a
 * declined or lapsed one is replaced when the address is invited again after `expires_at`. The invited account
 * is known when the address had one, or linked when its owner (registered later) looks at their invitations.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  const table = db.schema.createTable('invitations');
  await (dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('invited_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('role_level', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.references('event_groups.id').onDelete('set null'))
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('declined_at', 'text')
    .execute();
  await db.schema
    .createIndex('invitations_event_email_unique')
    .on('invitations')
    .unique()
    .columns(['event_id', 'email'])
    .execute();
  await db.schema.createIndex('invitations_email_idx').on('invitations').column('email').execute();
  await db.schema.createIndex('invitations_invited_user_idx').on('invitations').column('invited_user_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('invitations').ifExists().execute();
}
