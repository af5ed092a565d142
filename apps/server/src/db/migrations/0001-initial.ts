import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: same reason
type Table = CreateTableBuilder<any, any>;

function withId(table: Table, dialect: DialectName): Table {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const now = (t: Table) => t.addColumn('created_at', 'text', (c) => c.notNull());

export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  const create = (name: string) => withId(db.schema.createTable(name), dialect);

  await create('users')
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('firstname', 'text', (c) => c.notNull())
    .addColumn('lastname', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text')
    .$call(now)
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .$call(now)
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await create('password_reset_tokens')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .$call(now)
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_reset_tokens_user_idx').on('password_reset_tokens').column('user_id').execute();

  await create('events')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ongoing'))
    .addColumn('applications_open', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('use_week_separation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('week_separation_config', 'text')
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .$call(now)
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await create('event_groups')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .$call(now)
    .execute();
  await db.schema.createIndex('event_groups_event_idx').on('event_groups').column('event_id').execute();

  await create('event_users')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_level', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.references('event_groups.id').onDelete('set null'))
    .addColumn('via_application', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(now)
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('event_users_event_user_unique', ['event_id', 'user_id'])
    .execute();
  await db.schema.createIndex('event_users_user_idx').on('event_users').column('user_id').execute();
  await db.schema
    .createIndex('event_users_event_group_idx')
    .on('event_users')
    .columns(['event_id', 'group_id', 'role_level'])
    .execute();

  await create('event_forms')
    .addColumn('event_id', 'integer', (c) => c.notNull().unique().references('events.id').onDelete('cascade'))
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await create('applications')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('answer_labels', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('group_id', 'integer', (c) => c.references('event_groups.id').onDelete('set null'))
    .addColumn('week', 'text')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .$call(now)
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('applications_event_user_unique', ['event_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('applications_event_status_idx')
    .on('applications')
    .columns(['event_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('applications_event_group_idx')
    .on('applications')
    .columns(['event_id', 'group_id', 'status'])
    .execute();
  await db.schema
    .createIndex('applications_event_week_idx')
    .on('applications')
    .columns(['event_id', 'week', 'status'])
    .execute();
  await db.schema
    .createIndex('applications_event_created_idx')
    .on('applications')
    .columns(['event_id', 'created_at'])
    .execute();
  await db.schema.createIndex('applications_user_idx').on('applications').column('user_id').execute();

  await create('posts')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('message', 'text', (c) => c.notNull())
    .$call(now)
    .execute();
  await db.schema.createIndex('posts_event_idx').on('posts').columns(['event_id', 'id']).execute();

  await create('comments')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('message', 'text', (c) => c.notNull())
    .$call(now)
    .execute();
  await db.schema.createIndex('comments_post_idx').on('comments').column('post_id').execute();

  await create('event_links')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .$call(now)
    .execute();
  await db.schema.createIndex('event_links_event_idx').on('event_links').column('event_id').execute();

  await create('files')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('allowed_roles', 'text', (c) => c.notNull())
    .$call(now)
    .execute();
  await db.schema.createIndex('files_event_idx').on('files').column('event_id').execute();

  await create('mails')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('sender_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('receiver_filter', 'text', (c) => c.notNull())
    .$call(now)
    .execute();
  await db.schema.createIndex('mails_event_idx').on('mails').columns(['event_id', 'id']).execute();

  await create('mail_receivers')
    .addColumn('mail_id', 'integer', (c) => c.notNull().references('mails.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_receivers_mail_idx').on('mail_receivers').column('mail_id').execute();
  await db.schema.createIndex('mail_receivers_state_idx').on('mail_receivers').column('state').execute();

  await create('mail_labels')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('color', 'text')
    .execute();
  await db.schema.createIndex('mail_labels_event_idx').on('mail_labels').column('event_id').execute();

  await db.schema
    .createTable('mail_label_links')
    .addColumn('mail_id', 'integer', (c) => c.notNull().references('mails.id').onDelete('cascade'))
    .addColumn('label_id', 'integer', (c) => c.notNull().references('mail_labels.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('mail_label_links_pk', ['mail_id', 'label_id'])
    .execute();

  await create('shifts')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.references('event_groups.id').onDelete('set null'))
    .$call(now)
    .execute();
  await db.schema.createIndex('shifts_event_idx').on('shifts').columns(['event_id', 'starts_at']).execute();

  await create('shift_assignments')
    .addColumn('shift_id', 'integer', (c) => c.notNull().references('shifts.id').onDelete('cascade'))
    .addColumn('event_user_id', 'integer', (c) => c.notNull().references('event_users.id').onDelete('cascade'))
    .$call(now)
    .addUniqueConstraint('shift_assignments_unique', ['shift_id', 'event_user_id'])
    .execute();
  await db.schema.createIndex('shift_assignments_member_idx').on('shift_assignments').column('event_user_id').execute();

  await create('audit_log')
    .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .$call(now)
    .execute();
  await db.schema.createIndex('audit_log_event_idx').on('audit_log').columns(['event_id', 'created_at']).execute();
  await db.schema.createIndex('audit_log_subject_idx').on('audit_log').column('subject').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'audit_log',
    'shift_assignments',
    'shifts',
    'mail_label_links',
    'mail_labels',
    'mail_receivers',
    'mails',
    'files',
    'event_links',
    'comments',
    'posts',
    'applications',
    'event_forms',
    'event_users',
    'event_groups',
    'events',
    'password_reset_tokens',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
