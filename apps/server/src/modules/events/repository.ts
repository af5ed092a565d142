import type {
  AccessPerson,
  AuditEntryView,
  Event,
  EventSummary,
  FormField,
  Group,
  Member,
  MemberSortField,
  RoleLevel,
  WeekSeparationConfig,
} from '@funkis/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db, DialectName, EventRow, EventUpdate } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';
import { userAvatarUrl } from '../../plugins/session.js';

/** Parameters per statement stay far below SQLite's and PostgreSQL's limits. */
export const ID_CHUNK = 500;

export function eventAvatarUrl(eventId: number, avatar: string | null): string | null {
  return avatar ? `/api/event/${eventId}/avatar?v=${encodeURIComponent(avatar.split('.')[0])}` : null;
}

export function toEvent(row: EventRow): Event {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    avatarUrl: eventAvatarUrl(row.id, row.avatar),
    status: row.status as Event['status'],
    applicationsOpen: row.applications_open === 1,
    useWeekSeparation: row.use_week_separation === 1,
    weekSeparationConfig: parseWeekConfig(row.week_separation_config),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
  };
}

export function parseWeekConfig(text: string | null): WeekSeparationConfig | null {
  return text ? (JSON.parse(text) as WeekSeparationConfig) : null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** SQLite's lower() folds only ASCII; these capitals (Latin-1: Å, Ä, Ö, É, Ø, …) are folded by hand there. */
const LATIN_CAPITALS = [...'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞ'];

/** Which members a query may see: everyone, one group, the members without a group, or nobody. */
export type MemberScope =
  | { kind: 'all' }
  | { kind: 'group'; groupId: number }
  | { kind: 'noGroup' }
  | { kind: 'nobody' };

export interface MemberQuery {
  scope: MemberScope;
  search?: string;
  roleLevel?: number;
  sort?: { field: MemberSortField; descending: boolean };
}

interface MemberRow {
  id: number;
  user_id: number;
  role_level: number;
  group_id: number | null;
  group_name: string | null;
  created_at: string;
  firstname: string;
  lastname: string;
  email: string;
  avatar: string | null;
}

export function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    userId: row.user_id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    roleLevel: row.role_level as RoleLevel,
    group: row.group_id !== null && row.group_name !== null ? { id: row.group_id, name: row.group_name } : null,
    avatar: userAvatarUrl(row.user_id, row.avatar),
    createdAt: row.created_at,
  };
}

const toAccessPerson = (row: MemberRow): AccessPerson => ({
  id: row.id,
  userId: row.user_id,
  firstname: row.firstname,
  lastname: row.lastname,
  email: row.email,
  group: row.group_id !== null && row.group_name !== null ? { id: row.group_id, name: row.group_name } : null,
});

/** All SQL of events, groups, members and the audit log. Pass a transaction as `db` to take part in it. */
export function eventsRepository(db: Db, dialect: DialectName) {
  const membersFrom = (eventId: number) =>
    db
      .selectFrom('event_users')
      .innerJoin('users', 'users.id', 'event_users.user_id')
      .leftJoin('event_groups as g', 'g.id', 'event_users.group_id')
      .where('event_users.event_id', '=', eventId);

  const memberColumns = [
    'event_users.id',
    'event_users.user_id',
    'event_users.role_level',
    'event_users.group_id',
    'event_users.created_at',
    'g.name as group_name',
    'users.firstname',
    'users.lastname',
    'users.email',
    'users.avatar',
  ] as const;

  const filteredMembers = (eventId: number, query: MemberQuery) => {
    let builder = membersFrom(eventId);
    const { scope } = query;
    if (scope.kind === 'nobody') builder = builder.where(sql<SqlBool>`1 = 0`);
    if (scope.kind === 'group') builder = builder.where('event_users.group_id', '=', scope.groupId);
    if (scope.kind === 'noGroup') builder = builder.where('event_users.group_id', 'is', null);
    if (query.roleLevel !== undefined) builder = builder.where('event_users.role_level', '=', query.roleLevel);
    if (query.search) {
      const pattern = `%${escapeLike(query.search.toLowerCase())}%`;
      const folded = (expression: Expression<unknown>) =>
        dialect === 'postgres'
          ? sql`lower(${expression})`
          : LATIN_CAPITALS.reduce(
              (inner, capital) => sql`replace(${inner}, ${sql.lit(capital)}, ${sql.lit(capital.toLowerCase())})`,
              sql`lower(${expression})`,
            );
      const like = (expression: Expression<unknown>) => sql<SqlBool>`${folded(expression)} like ${pattern} escape '\\'`;
      builder = builder.where((eb) =>
        eb.or([
          like(eb.ref('users.firstname')),
          like(eb.ref('users.lastname')),
          like(eb.ref('users.email')),
          like(sql`${eb.ref('users.firstname')} || ' ' || ${eb.ref('users.lastname')}`),
          like(eb.ref('g.name')),
        ]),
      );
    }
    return builder;
  };

  const countMembers = async (eventId: number, query: MemberQuery): Promise<number> => {
    const row = await filteredMembers(eventId, query)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  return {
    // --- events ---

    findEvent: (eventId: number) => db.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirst(),

    /** Serialises changes to one event's members and settings (PostgreSQL; SQLite writes one at a time anyway). */
    async lockEvent(eventId: number): Promise<void> {
      if (dialect !== 'postgres') return;
      await db.selectFrom('events').select('id').where('id', '=', eventId).forUpdate().execute();
    },

    /**
     * The home page: events the user is a member of or applied to, and ongoing events open for application.
     * One row per event (the joins are on unique keys).
     */
    async listForUser(userId: number, page: number, pageSize: number) {
      const base = db
        .selectFrom('events')
        .leftJoin('event_users as mine', (join) =>
          join.onRef('mine.event_id', '=', 'events.id').on('mine.user_id', '=', userId),
        )
        .leftJoin('applications as applied', (join) =>
          join.onRef('applied.event_id', '=', 'events.id').on('applied.user_id', '=', userId),
        )
        .where((eb) =>
          eb.or([
            eb('mine.id', 'is not', null),
            eb('applied.id', 'is not', null),
            eb.and([eb('events.status', '=', 'ongoing'), eb('events.applications_open', '=', 1)]),
          ]),
        );
      const [rows, count] = await Promise.all([
        base
          .select([
            'events.id',
            'events.name',
            'events.avatar',
            'events.status',
            'events.applications_open',
            'mine.role_level',
            'applied.status as application_status',
          ])
          .orderBy(sql`case when ${sql.ref('mine.id')} is null then 1 else 0 end`)
          .orderBy(sql`lower(${sql.ref('events.name')})`)
          .orderBy('events.id')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const events: EventSummary[] = rows.map((row) => ({
        id: row.id,
        name: row.name,
        avatarUrl: eventAvatarUrl(row.id, row.avatar),
        status: row.status as EventSummary['status'],
        applicationsOpen: row.applications_open === 1,
        roleLevel: row.role_level === null ? null : (row.role_level as RoleLevel),
        applicationStatus: (row.application_status ?? null) as EventSummary['applicationStatus'],
      }));
      return { events, total: Number(count.n) };
    },

    insertEvent(values: { name: string; description: string }) {
      const now = nowIso();
      return db
        .insertInto('events')
        .values({
          name: values.name,
          description: values.description,
          status: 'ongoing',
          applications_open: 0,
          use_week_separation: 0,
          week_separation_config: null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    insertEmptyForm: (eventId: number) =>
      db.insertInto('event_forms').values({ event_id: eventId, fields: '[]', updated_at: nowIso() }).execute(),

    updateEvent: (eventId: number, values: EventUpdate) =>
      db
        .updateTable('events')
        .set({ ...values, updated_at: nowIso() })
        .where('id', '=', eventId)
        .returningAll()
        .executeTakeFirstOrThrow(),

    async findFormFields(eventId: number): Promise<FormField[]> {
      const row = await db
        .selectFrom('event_forms')
        .select('fields')
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      return row ? (JSON.parse(row.fields) as FormField[]) : [];
    },

    listApplicationAnswers: (eventId: number) =>
      db.selectFrom('applications').select(['id', 'answers', 'week']).where('event_id', '=', eventId).execute(),

    /** One statement per chunk of ids: the week of many applications set at once. */
    async setApplicationsWeek(eventId: number, ids: number[], week: string | null): Promise<void> {
      for (let start = 0; start < ids.length; start += ID_CHUNK) {
        await db
          .updateTable('applications')
          .set({ week })
          .where('event_id', '=', eventId)
          .where('id', 'in', ids.slice(start, start + ID_CHUNK))
          .execute();
      }
    },

    // --- groups ---

    async listGroups(eventId: number, page: number, pageSize: number): Promise<{ groups: Group[]; total: number }> {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('event_groups as g')
          .select((eb) => [
            'g.id',
            'g.name',
            'g.description',
            'g.wanted',
            eb
              .selectFrom('event_users')
              .select((inner) => inner.fn.countAll<number>().as('n'))
              .whereRef('event_users.group_id', '=', 'g.id')
              .as('member_count'),
          ])
          .where('g.event_id', '=', eventId)
          .orderBy(sql`lower(${sql.ref('g.name')})`)
          .orderBy('g.id')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        db
          .selectFrom('event_groups')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('event_id', '=', eventId)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        groups: rows.map((row) => ({
          id: row.id,
          name: row.name,
          description: row.description,
          memberCount: Number(row.member_count ?? 0),
          wanted: row.wanted ?? null,
        })),
        total: Number(count.n),
      };
    },

    findGroup: (eventId: number, groupId: number) =>
      db
        .selectFrom('event_groups')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('id', '=', groupId)
        .executeTakeFirst(),

    async isGroupNameTaken(eventId: number, name: string, exceptGroupId?: number): Promise<boolean> {
      let query = db
        .selectFrom('event_groups')
        .select('id')
        .where('event_id', '=', eventId)
        .where(sql<SqlBool>`lower(${sql.ref('name')}) = ${name.toLowerCase()}`);
      if (exceptGroupId !== undefined) query = query.where('id', '!=', exceptGroupId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async countGroupMembers(eventId: number, groupId: number): Promise<number> {
      const row = await db
        .selectFrom('event_users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('event_id', '=', eventId)
        .where('group_id', '=', groupId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    insertGroup: (eventId: number, values: { name: string; description: string; wanted: number | null }) =>
      db
        .insertInto('event_groups')
        .values({
          event_id: eventId,
          name: values.name,
          description: values.description,
          wanted: values.wanted,
          created_at: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow(),

    updateGroup: (
      eventId: number,
      groupId: number,
      values: { name?: string; description?: string; wanted?: number | null },
    ) =>
      db
        .updateTable('event_groups')
        .set(values)
        .where('event_id', '=', eventId)
        .where('id', '=', groupId)
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** Members, applications and shifts of the group keep their rows with no group (the foreign keys set null). */
    deleteGroup: (eventId: number, groupId: number) =>
      db.deleteFrom('event_groups').where('event_id', '=', eventId).where('id', '=', groupId).execute(),

    // --- members ---

    async findMember(eventId: number, eventUserId: number): Promise<Member | undefined> {
      const row = await membersFrom(eventId)
        .select(memberColumns)
        .where('event_users.id', '=', eventUserId)
        .executeTakeFirst();
      return row ? toMember(row) : undefined;
    },

    async findMemberByUserId(eventId: number, userId: number): Promise<Member | undefined> {
      const row = await membersFrom(eventId)
        .select(memberColumns)
        .where('event_users.user_id', '=', userId)
        .executeTakeFirst();
      return row ? toMember(row) : undefined;
    },

    findUserByEmail: (email: string) =>
      db
        .selectFrom('users')
        .select(['id', 'email', 'firstname', 'lastname'])
        .where('email', '=', email.trim().toLowerCase())
        .executeTakeFirst(),

    async insertMember(eventId: number, userId: number, roleLevel: RoleLevel, groupId: number | null) {
      const now = nowIso();
      const row = await db
        .insertInto('event_users')
        .values({
          event_id: eventId,
          user_id: userId,
          role_level: roleLevel,
          group_id: groupId,
          via_application: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    updateMember: (eventId: number, eventUserId: number, values: { role_level?: number; group_id?: number | null }) =>
      db
        .updateTable('event_users')
        .set({ ...values, updated_at: nowIso() })
        .where('event_id', '=', eventId)
        .where('id', '=', eventUserId)
        .execute(),

    deleteMember: (eventId: number, eventUserId: number) =>
      db.deleteFrom('event_users').where('event_id', '=', eventId).where('id', '=', eventUserId).execute(),

    async countAdmins(eventId: number): Promise<number> {
      const row = await db
        .selectFrom('event_users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('event_id', '=', eventId)
        .where('role_level', '=', 0)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    countMembers,

    /** One page of the users table, sorted, with a stable order for paging (ties broken by name, then id). */
    async listMembers(eventId: number, query: MemberQuery, limit: number, offset: number): Promise<Member[]> {
      let builder = filteredMembers(eventId, query).select(memberColumns);
      const direction = query.sort?.descending ? 'desc' : 'asc';
      const lower = (column: 'users.firstname' | 'users.lastname' | 'users.email' | 'g.name') =>
        sql`lower(${sql.ref(column)})`;
      switch (query.sort?.field) {
        case 'firstname':
          builder = builder.orderBy(lower('users.firstname'), direction);
          break;
        case 'email':
          builder = builder.orderBy(lower('users.email'), direction);
          break;
        case 'roleLevel':
          builder = builder.orderBy('event_users.role_level', direction);
          break;
        case 'group':
          // Members without a group last, whichever the direction, on both databases.
          builder = builder
            .orderBy(sql`case when ${sql.ref('g.name')} is null then 1 else 0 end`)
            .orderBy(lower('g.name'), direction);
          break;
        case 'createdAt':
          builder = builder.orderBy('event_users.created_at', direction);
          break;
        default:
          builder = builder.orderBy(lower('users.lastname'), direction);
      }
      return (
        await builder
          .orderBy(lower('users.lastname'))
          .orderBy(lower('users.firstname'))
          .orderBy('event_users.id')
          .limit(limit)
          .offset(offset)
          .execute()
      ).map(toMember);
    },

    async listAccess(eventId: number, roleLevel: RoleLevel, page: number, pageSize: number) {
      const query: MemberQuery = { scope: { kind: 'all' }, roleLevel };
      const [rows, total] = await Promise.all([
        filteredMembers(eventId, query)
          .select(memberColumns)
          .orderBy(sql`lower(${sql.ref('users.lastname')})`)
          .orderBy(sql`lower(${sql.ref('users.firstname')})`)
          .orderBy('event_users.id')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        countMembers(eventId, query),
      ]);
      return { people: rows.map(toAccessPerson), total };
    },

    // --- audit log ---

    async listAudit(eventId: number, page: number, pageSize: number) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('audit_log')
          .leftJoin('users', 'users.id', 'audit_log.actor_id')
          .select([
            'audit_log.id',
            'audit_log.action',
            'audit_log.subject',
            'audit_log.details',
            'audit_log.created_at',
            'audit_log.actor_id',
            'users.firstname',
            'users.lastname',
          ])
          .where('audit_log.event_id', '=', eventId)
          .orderBy('audit_log.created_at', 'desc')
          .orderBy('audit_log.id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('event_id', '=', eventId)
          .executeTakeFirstOrThrow(),
      ]);
      const entries: AuditEntryView[] = rows.map((row) => ({
        id: row.id,
        action: row.action,
        subject: row.subject,
        details: JSON.parse(row.details) as Record<string, unknown>,
        actor:
          row.actor_id !== null && row.firstname !== null && row.lastname !== null
            ? { id: row.actor_id, firstname: row.firstname, lastname: row.lastname }
            : null,
        createdAt: row.created_at,
      }));
      return { entries, total: Number(count.n) };
    },
  };
}

export type EventsRepository = ReturnType<typeof eventsRepository>;
