import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../types.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema, they cannot be typed by it
type AnyDb = Kysely<any>;

/**
 * Statistics (decision 009).
 *
 * 1. Groups get an optional wanted size: how many people the organiser wants in the group, for the acceptance
 *    progress. Null: not set.
 * 2. `application_choices`: one row per option an application's answers choose in a select, radio, checkbox or
 *    checkboxes question of the event's form (a checkbox as 'true' / 'false'; `position` 0 for the first or only
 *    value). Kept in step by triggers when an application is inserted or its answers change, like the search table
 *    of 0004, so counting answers per option reads a narrow index instead of parsing every application's JSON
 *    (that alone took 100–200 ms at 50,000 applications). Which questions count is read from the form when the
 *    answers are written; answers are validated against that form, so they hold option values only for option
 *    questions.
 */
const OPTION_TYPES = `('select', 'radio', 'checkbox', 'checkboxes')`;

/** The triggers that kept the choices in step until the server wrote them itself (migration 0041 drops them). */
export async function createSqliteChoiceTriggers(db: AnyDb): Promise<void> {
  const insertChoices = (row: 'new') => `
    insert into application_choices (application_id, event_id, field, value, position)
    select ${row}.id, ${row}.event_id, json_extract(q.value, '$.name'),
      case j.type when 'true' then 'true' when 'false' then 'false' else cast(j.value as text) end,
      coalesce(j.key, 0)
    from event_forms f, json_each(f.fields) q,
      json_each(${row}.answers, '$."' || json_extract(q.value, '$.name') || '"') j
    where f.event_id = ${row}.event_id and json_extract(q.value, '$.type') in ${OPTION_TYPES} and j.type <> 'null';`;
  await sql
    .raw(`create trigger application_choices_insert after insert on applications begin ${insertChoices('new')} end`)
    .execute(db);
  await sql
    .raw(`create trigger application_choices_update after update of answers on applications begin
      delete from application_choices where application_id = old.id;
      ${insertChoices('new')}
    end`)
    .execute(db);
}

async function createSqliteChoices(db: AnyDb): Promise<void> {
  await createSqliteChoiceTriggers(db);
  await sql
    .raw(`insert into application_choices (application_id, event_id, field, value, position)
    select a.id, a.event_id, json_extract(q.value, '$.name'),
      case j.type when 'true' then 'true' when 'false' then 'false' else cast(j.value as text) end,
      coalesce(j.key, 0)
    from applications a join event_forms f on f.event_id = a.event_id, json_each(f.fields) q,
      json_each(a.answers, '$."' || json_extract(q.value, '$.name') || '"') j
    where json_extract(q.value, '$.type') in ${OPTION_TYPES} and j.type <> 'null'`)
    .execute(db);
}

/** The choices of the application row `row` (`new` in the trigger, `a` in the backfill over `from`). */
const pgChoices = (row: string, from = 'event_forms f') => `
    select ${row}.id, ${row}.event_id, q ->> 'name', e.value, (e.ordinality - 1)::int
    from ${from}
    cross join lateral jsonb_array_elements(f.fields::jsonb) q
    cross join lateral (select ${row}.answers::jsonb -> (q ->> 'name') as answer) x
    cross join lateral jsonb_array_elements_text(
      case
        when x.answer is null or jsonb_typeof(x.answer) = 'null' then '[]'::jsonb
        when jsonb_typeof(x.answer) = 'array' then x.answer
        else jsonb_build_array(x.answer)
      end
    ) with ordinality e
    where f.event_id = ${row}.event_id and q ->> 'type' in ${OPTION_TYPES}`;

export async function createPostgresChoiceTriggers(db: AnyDb): Promise<void> {
  await sql
    .raw(`create function application_choices_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        delete from application_choices where application_id = old.id;
      end if;
      insert into application_choices (application_id, event_id, field, value, position) ${pgChoices('new')};
      return null;
    end
  $$`)
    .execute(db);
  await sql`create trigger application_choices_sync after insert or update of answers on applications
    for each row execute function application_choices_sync()`.execute(db);
}

async function createPostgresChoices(db: AnyDb): Promise<void> {
  await createPostgresChoiceTriggers(db);
  await sql
    .raw(
      `insert into application_choices (application_id, event_id, field, value, position) ${pgChoices(
        'a',
        'applications a join event_forms f on f.event_id = a.event_id',
      )}`,
    )
    .execute(db);
}

export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('event_groups').addColumn('wanted', 'integer').execute();

  await db.schema
    .createTable('application_choices')
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  // Covering for the counts of a whole event; the second finds an application's rows (filters, replacement).
  await db.schema
    .createIndex('application_choices_event_field_idx')
    .on('application_choices')
    .columns(['event_id', 'field', 'value', 'position'])
    .execute();
  await db.schema
    .createIndex('application_choices_application_idx')
    .on('application_choices')
    .columns(['application_id', 'field', 'value', 'position'])
    .execute();

  if (dialect === 'sqlite') await createSqliteChoices(db);
  else await createPostgresChoices(db);
}

export async function down(db: AnyDb): Promise<void> {
  const tables = await db.introspection.getTables();
  const choices = tables.find((table) => table.name === 'application_choices');
  if (choices && choices.schema === undefined) {
    for (const trigger of ['application_choices_insert', 'application_choices_update']) {
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    }
  } else if (choices) {
    await sql`drop function if exists application_choices_sync() cascade`.execute(db);
  }
  await sql`drop table if exists application_choices`.execute(db);
  await db.schema.alterTable('event_groups').dropColumn('wanted').execute();
}
