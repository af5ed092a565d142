import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * Web push (decision 030), owned by the push module:
 * - `push_subscriptions`: one row per device, its push-service address unique (a device belongs to the account
 *   that subscribed it last), the keys its messages are encrypted for, when a message last arrived and how many
 *   failed since;
 * - `notification_preferences`: a row per account and kind only where the person changed the default (push on);
 * - `mail_queue.push_subscription_id`: a push message waits in the one delivery queue with its retries; it goes
 *   with the device.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  const subscriptions = db.schema.createTable('push_subscriptions');
  await (dialect === 'postgres'
    ? subscriptions.addColumn('id', 'serial', (c) => c.primaryKey())
    : subscriptions.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('last_success_at', 'text')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('push', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind'])
    .execute();

  await db.schema
    .alterTable('mail_queue')
    .addColumn('push_subscription_id', 'integer', (c) => c.references('push_subscriptions.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('mail_queue_push_subscription_idx')
    .on('mail_queue')
    .column('push_subscription_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('mail_queue_push_subscription_idx').ifExists().execute();
  await db.schema.alterTable('mail_queue').dropColumn('push_subscription_id').execute();
  await db.schema.dropTable('notification_preferences').ifExists().execute();
  await db.schema.dropTable('push_subscriptions').ifExists().execute();
}
