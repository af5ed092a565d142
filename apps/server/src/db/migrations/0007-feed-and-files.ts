import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * The feed and the event files. Posts get an "edited" mark, a pin and an audience (one group, or everyone);
 * comments an "edited" mark; files a change time (rename, roles).
 *
 * A post addressed to a group goes with the group when the group is deleted: setting its audience to null
 * would show it to every member, which its author never meant.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('posts').addColumn('edited_at', 'text').execute();
  await db.schema.alterTable('posts').addColumn('pinned_at', 'text').execute();
  await db.schema
    .alterTable('posts')
    .addColumn('group_id', 'integer', (c) => c.references('event_groups.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('posts_event_pinned_idx').on('posts').columns(['event_id', 'pinned_at']).execute();
  await db.schema.alterTable('comments').addColumn('edited_at', 'text').execute();
  await db.schema.alterTable('files').addColumn('updated_at', 'text').execute();
  await db.schema.createIndex('files_event_name_idx').on('files').columns(['event_id', 'name']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('files_event_name_idx').execute();
  await db.schema.alterTable('files').dropColumn('updated_at').execute();
  await db.schema.alterTable('comments').dropColumn('edited_at').execute();
  await db.schema.dropIndex('posts_event_pinned_idx').execute();
  await db.schema.alterTable('posts').dropColumn('group_id').execute();
  await db.schema.alterTable('posts').dropColumn('pinned_at').execute();
  await db.schema.alterTable('posts').dropColumn('edited_at').execute();
}
