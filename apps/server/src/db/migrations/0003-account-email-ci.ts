import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * E-mail addresses are unique whatever their case. The account module stores them lower-cased; this index makes
 * the database refuse a second spelling even from code that forgets to.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('users_email_lower_unique').on('users').unique().expression(sql`lower(email)`).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('users_email_lower_unique').execute();
}
