import type { Kysely } from 'kysely';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * Asking for cover (decision 031), owned by the cover module:
 * - `cover_requests`: an organiser's request for someone to take a free place of a shift; `taken_by_event_user_id`
 *   and `taken_at` once a volunteer took it (the row whose lock decides the one winner), `closed_at` when it was
 *   closed without anyone taking it;
 * - `cover_request_offers`: who a request asked, one row per request and membership.
 * A shift's open request is found by `(shift_id, taken_at, closed_at)`; a volunteer's offers by `event_user_id`.
 */
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  const requests = db.schema.createTable('cover_requests');
  await (dialect === 'postgres'
    ? requests.addColumn('id', 'serial', (c) => c.primaryKey())
    : requests.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    // No foreign key to events (as check_ins): the shift's key removes the rows with the event.
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('shift_id', 'integer', (c) => c.notNull().references('shifts.id').onDelete('cascade'))
    // No foreign key: a request outlives the account of whoever asked (as the audit log does).
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('taken_by_event_user_id', 'integer', (c) => c.references('event_users.id').onDelete('set null'))
    .addColumn('taken_at', 'text')
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema
    .createIndex('cover_requests_shift_idx')
    .on('cover_requests')
    .columns(['shift_id', 'taken_at', 'closed_at'])
    .execute();

  await db.schema
    .createTable('cover_request_offers')
    .addColumn('cover_request_id', 'integer', (c) => c.notNull().references('cover_requests.id').onDelete('cascade'))
    .addColumn('event_user_id', 'integer', (c) => c.notNull().references('event_users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cover_request_offers_pk', ['cover_request_id', 'event_user_id'])
    .execute();
  await db.schema
    .createIndex('cover_request_offers_member_idx')
    .on('cover_request_offers')
    .column('event_user_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('cover_request_offers').ifExists().execute();
  await db.schema.dropTable('cover_requests').ifExists().execute();
}
