import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * The applicant's name as the review sorts it (`lower(lastname)`, `lower(firstname)`), copied into
 * `applications`: sorting a filtered page by last name joined every matching applicant (15,000 of
 * 50,000) before the first 25 were known — p95 28–84 ms on PostgreSQL. With the copy and an index in that order
 * the page is read in index order and stops after 25 matches. The applications module keeps the copy: it is set
 * on insert and refreshed by `refreshApplicant`, which the account module calls in the transaction of a rename.
 * `lower()` is the database's own, as the sort used before (ASCII only on SQLite).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('applications')
    .addColumn('sort_lastname', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('applications')
    .addColumn('sort_firstname', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  await sql`update applications set
    sort_lastname = (select lower(u.lastname) from users u where u.id = applications.user_id),
    sort_firstname = (select lower(u.firstname) from users u where u.id = applications.user_id)`.execute(db);
  await db.schema
    .createIndex('applications_event_sort_lastname_idx')
    .on('applications')
    .columns(['event_id', 'sort_lastname', 'sort_firstname', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('applications_event_sort_lastname_idx').execute();
  await db.schema.alterTable('applications').dropColumn('sort_firstname').execute();
  await db.schema.alterTable('applications').dropColumn('sort_lastname').execute();
}
