import type { StatisticsFilter } from '@funkis/shared';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database, Db, DialectName } from '../../db/types.js';

/**
 * The statistics' SQL. Read only: the tables belong to the events, forms and applications modules; every count is
 * a GROUP BY in the database, so no application row is loaded into JavaScript. Answers are JSON text: SQLite reads
 * them with json_each, PostgreSQL with its jsonb functions.
 */

/** The first instant after the day `to` (YYYY-MM-DD), as stored timestamps are written (ISO-8601 UTC). */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/** Which of the filters a query applies: the acceptance progress ignores the status filter. */
interface FilterUse {
  status: boolean;
}

export interface OptionCountRow {
  field: string;
  value: string;
  /** Rows of the group. */
  count: number | string;
  /** Rows that were an application's first (or only) value for the field: their sum is the field's answer count. */
  firsts: number | string;
}

export function statisticsRepository(db: Db, dialect: DialectName) {
  const matching = (
    eb: ExpressionBuilder<Database & { a: Database['applications'] }, 'a'>,
    eventId: number,
    filter: StatisticsFilter,
    use: FilterUse = { status: true },
  ) => {
    const conditions: Expression<SqlBool>[] = [eb('a.event_id', '=', eventId)];
    if (use.status && filter.status && filter.status.length > 0) {
      conditions.push(eb('a.status', 'in', [...new Set(filter.status)]));
    }
    if (filter.groupId && filter.groupId.length > 0) {
      const ids = [...new Set(filter.groupId.filter((id): id is number => id !== null))];
      const alternatives: Expression<SqlBool>[] = [];
      if (ids.length > 0) alternatives.push(eb('a.group_id', 'in', ids));
      if (filter.groupId.includes(null)) alternatives.push(eb('a.group_id', 'is', null));
      conditions.push(eb.or(alternatives));
    }
    if (filter.week && filter.week.length > 0) conditions.push(eb('a.week', 'in', [...new Set(filter.week)]));
    if (filter.from) conditions.push(eb('a.created_at', '>=', `${filter.from}T00:00:00.000Z`));
    if (filter.to) conditions.push(eb('a.created_at', '<', dayAfter(filter.to)));
    return eb.and(conditions);
  };

  return {
    /** The event's week-separation setting and form fields (JSON text). */
    findEventWithForm: (eventId: number) =>
      db
        .selectFrom('events as e')
        .leftJoin('event_forms as f', 'f.event_id', 'e.id')
        .select(['e.use_week_separation', 'e.week_separation_config', 'f.fields'])
        .where('e.id', '=', eventId)
        .executeTakeFirst(),

    listGroups: (eventId: number) =>
      db
        .selectFrom('event_groups')
        .select(['id', 'name', 'wanted'])
        .where('event_id', '=', eventId)
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .execute(),

    /** Counts per (group, status), every filter but the status one (read from a covering index). */
    countByGroupAndStatus: (eventId: number, filter: StatisticsFilter) =>
      db
        .selectFrom('applications as a')
        .select((eb) => ['a.group_id', 'a.status', eb.fn.countAll<number | string>().as('count')])
        .where((eb) => matching(eb, eventId, filter, { status: false }))
        .groupBy(['a.group_id', 'a.status'])
        .execute(),

    countByWeek: (eventId: number, filter: StatisticsFilter) =>
      db
        .selectFrom('applications as a')
        .select((eb) => ['a.week', eb.fn.countAll<number | string>().as('count')])
        .where((eb) => matching(eb, eventId, filter))
        .groupBy('a.week')
        .execute(),

    /** Applications per UTC day of creation (created_at is ISO-8601 text: its first ten characters are the day). */
    countByDay: (eventId: number, filter: StatisticsFilter) =>
      db
        .selectFrom('applications as a')
        .select((eb) => [
          sql<string>`substr(a.created_at, 1, 10)`.as('day'),
          eb.fn.countAll<number | string>().as('count'),
        ])
        .where((eb) => matching(eb, eventId, filter))
        .groupBy(sql`substr(a.created_at, 1, 10)`)
        .orderBy(sql`substr(a.created_at, 1, 10)`)
        .execute(),

    countMembers: (eventId: number) =>
      db
        .selectFrom('event_users')
        .select((eb) => ['role_level', 'group_id', eb.fn.countAll<number | string>().as('count')])
        .where('event_id', '=', eventId)
        .groupBy(['role_level', 'group_id'])
        .execute(),

    /**
     * Counts per (field, answer value) of the given fields over the matching applications. An array answer
     * (checkboxes) counts once per value it holds; a boolean (checkbox) counts as 'true' or 'false'; null and
     * missing answers are not counted.
     */
    async countOptions(eventId: number, filter: StatisticsFilter, fieldNames: readonly string[]) {
      if (fieldNames.length === 0) return [];
      if (dialect === 'postgres') {
        return db
          .selectFrom('applications as a')
          .innerJoin(sql`lateral (select ${sql.ref('a.answers')}::jsonb as doc)`.as('d'), (join) => join.onTrue())
          .innerJoin(sql`(select unnest(${[...fieldNames]}::text[]) as name)`.as('f'), (join) => join.onTrue())
          .innerJoin(
            // Every answer as a list: an array as it is, a single value as a list of one, null as none.
            sql`lateral jsonb_array_elements_text(
              case
                when d.doc -> f.name is null or jsonb_typeof(d.doc -> f.name) = 'null' then '[]'::jsonb
                when jsonb_typeof(d.doc -> f.name) = 'array' then d.doc -> f.name
                else jsonb_build_array(d.doc -> f.name)
              end
            ) with ordinality`.as('e'),
            (join) => join.onTrue(),
          )
          .select([
            sql<string>`f.name`.as('field'),
            sql<string>`e.value`.as('value'),
            sql<number>`count(*)`.as('count'),
            sql<number>`count(*) filter (where e.ordinality = 1)`.as('firsts'),
          ])
          .where((eb) => matching(eb, eventId, filter))
          .groupBy([sql`f.name`, sql`e.value`])
          .execute() as Promise<OptionCountRow[]>;
      }
      // SQLite: json_each at a path walks an array's elements, or gives the one value found there.
      const fields = sql.join(fieldNames.map((name) => sql`(${name}, ${`$."${name}"`})`));
      return db
        .selectFrom('applications as a')
        .innerJoin(sql`(select column1 as name, column2 as path from (values ${fields}))`.as('f'), (join) =>
          join.onTrue(),
        )
        .innerJoin(sql`json_each(a.answers, f.path)`.as('j'), (join) => join.onTrue())
        .select([
          sql<string>`f.name`.as('field'),
          sql<string>`case j.type when 'true' then 'true' when 'false' then 'false' else cast(j.value as text) end`.as(
            'value',
          ),
          sql<number>`count(*)`.as('count'),
          sql<number>`sum(case when j.key is null or j.key = 0 then 1 else 0 end)`.as('firsts'),
        ])
        .where((eb) => matching(eb, eventId, filter))
        .where(sql<SqlBool>`j.type <> 'null'`)
        .groupBy([sql`f.name`, sql`2`])
        .execute() as Promise<OptionCountRow[]>;
    },
  };
}

export type StatisticsRepository = ReturnType<typeof statisticsRepository>;
