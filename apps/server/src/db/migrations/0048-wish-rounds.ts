import type { Kysely } from 'kysely';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * Wish rounds (decision 035), owned by the wish-rounds module:
 * - `wish_rounds`: a round of an event (of one group, or the whole event: `group_id` null) with its closing time,
 *   the shifts asked of each person, the options and seed of the allocation, the last preview (JSON lines, so
 *   publishing places exactly what was shown) and when it was made (`allocated_at`: a round that closes without
 *   one made since is allocated then), when it was published and the places publishing had to skip (JSON);
 * - `wish_round_shifts`: the round's shifts;
 * - `wishes`: one row per person seen in a round: their friend code (made on first sight), how many shifts they will
 *   do (`shift_count` null: no wishes saved yet) and the friend whose code they gave;
 * - `wish_choices`: a person's choices in a round, `rank` 1… for a wish, null for a shift they cannot do.
 * Everything goes with its round, shift or membership.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  await withId('wish_rounds')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.references('event_groups.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('closes_at', 'text', (c) => c.notNull())
    .addColumn('min_shifts', 'integer', (c) => c.notNull())
    .addColumn('max_shifts', 'integer', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('seed', 'integer', (c) => c.notNull())
    .addColumn('preview', 'text')
    .addColumn('allocated_at', 'text')
    .addColumn('skipped', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .execute();
  await db.schema.createIndex('wish_rounds_event_idx').on('wish_rounds').columns(['event_id', 'id']).execute();

  await db.schema
    .createTable('wish_round_shifts')
    .addColumn('round_id', 'integer', (c) => c.notNull().references('wish_rounds.id').onDelete('cascade'))
    .addColumn('shift_id', 'integer', (c) => c.notNull().references('shifts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('wish_round_shifts_pk', ['round_id', 'shift_id'])
    .execute();
  await db.schema.createIndex('wish_round_shifts_shift_idx').on('wish_round_shifts').column('shift_id').execute();

  await withId('wishes')
    .addColumn('round_id', 'integer', (c) => c.notNull().references('wish_rounds.id').onDelete('cascade'))
    .addColumn('event_user_id', 'integer', (c) => c.notNull().references('event_users.id').onDelete('cascade'))
    .addColumn('friend_code', 'text', (c) => c.notNull())
    .addColumn('shift_count', 'integer')
    .addColumn('friend_event_user_id', 'integer', (c) => c.references('event_users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('wishes_person_uq', ['round_id', 'event_user_id'])
    .addUniqueConstraint('wishes_friend_code_uq', ['round_id', 'friend_code'])
    .execute();
  await db.schema.createIndex('wishes_member_idx').on('wishes').column('event_user_id').execute();
  await db.schema.createIndex('wishes_friend_idx').on('wishes').column('friend_event_user_id').execute();

  await db.schema
    .createTable('wish_choices')
    .addColumn('round_id', 'integer', (c) => c.notNull().references('wish_rounds.id').onDelete('cascade'))
    .addColumn('event_user_id', 'integer', (c) => c.notNull().references('event_users.id').onDelete('cascade'))
    .addColumn('shift_id', 'integer', (c) => c.notNull().references('shifts.id').onDelete('cascade'))
    .addColumn('rank', 'integer')
    .addPrimaryKeyConstraint('wish_choices_pk', ['round_id', 'event_user_id', 'shift_id'])
    .execute();
  await db.schema.createIndex('wish_choices_member_idx').on('wish_choices').column('event_user_id').execute();
  await db.schema.createIndex('wish_choices_shift_idx').on('wish_choices').column('shift_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('wish_choices').ifExists().execute();
  await db.schema.dropTable('wishes').ifExists().execute();
  await db.schema.dropTable('wish_round_shifts').ifExists().execute();
  await db.schema.dropTable('wish_rounds').ifExists().execute();
}
