import type { Answers } from '@funkis/shared';
import {
  type AddMemberInput,
  type CreateEventInput,
  type Event,
  type EventSettingsInput,
  type Group,
  MEMBER_SORT_FIELDS,
  type Member,
  type MemberFilters,
  type MemberSortField,
  OPTION_FIELD_TYPES,
  type RoleLevel,
  type UpdateMemberInput,
  type WeekSeparationConfig,
  weekOfAnswers,
} from '@funkis/shared';
import type { Db, DialectName, EventUpdate } from '../../db/types.js';
import { type AuditEntry, writeAudit } from '../../lib/audit.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-error.js';
import type { EventMembership } from '../../plugins/auth.js';
import { eventsRepository, type MemberQuery, type MemberScope, parseWeekConfig, toEvent } from './repository.js';

const EXPORT_BATCH = 1000;

/** Recognises the unique-constraint failure of either driver (a race the earlier check could not see). */
const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Sets `applications.week` of every application of the event from its answers and the week-separation config
 * (null when it is off): the rows are read once, and each distinct new week is written in one statement per
 * chunk of 500 ids. Returns how many applications changed. Call it inside the transaction that changed the
 * config (or the form).
 */
export async function recomputeApplicationWeeks(
  db: Db,
  dialect: DialectName,
  eventId: number,
  config: WeekSeparationConfig | null,
): Promise<number> {
  const repository = eventsRepository(db, dialect);
  const rows = await repository.listApplicationAnswers(eventId);
  const idsByWeek = new Map<string | null, number[]>();
  for (const row of rows) {
    const week = config ? weekOfAnswers(JSON.parse(row.answers) as Answers, config) : null;
    if (week === row.week) continue;
    const ids = idsByWeek.get(week) ?? [];
    ids.push(row.id);
    idsByWeek.set(week, ids);
  }
  let changed = 0;
  for (const [week, ids] of idsByWeek) {
    await repository.setApplicationsWeek(eventId, ids, week);
    changed += ids.length;
  }
  return changed;
}

/**
 * Which members the caller may list: an admin anyone (or the group asked for), a group leader only their own
 * group, and asking for another group is refused rather than silently answered with nothing.
 */
export function memberScopeFor(membership: EventMembership, requested: MemberFilters['groupId']): MemberScope {
  if (membership.roleLevel === 0) {
    if (requested === undefined) return { kind: 'all' };
    return requested === 'none' ? { kind: 'noGroup' } : { kind: 'group', groupId: requested };
  }
  if (requested !== undefined && requested !== membership.groupId) throw forbidden('error.ownGroupOnly');
  return membership.groupId === null ? { kind: 'nobody' } : { kind: 'group', groupId: membership.groupId };
}

function memberQueryFor(membership: EventMembership, filters: MemberFilters): MemberQuery {
  const sort = filters.sort
    ? {
        field: filters.sort.replace(/^-/, '') as MemberSortField,
        descending: filters.sort.startsWith('-'),
      }
    : undefined;
  if (sort && !(MEMBER_SORT_FIELDS as readonly string[]).includes(sort.field))
    throw fieldError('sort', 'error.invalid');
  return {
    scope: memberScopeFor(membership, filters.groupId),
    search: filters.search || undefined,
    roleLevel: filters.roleLevel,
    sort,
  };
}

/** Events, their settings, groups and memberships: every change in one transaction with its audit entries. */
export function eventsService(db: Db, dialect: DialectName) {
  const read = eventsRepository(db, dialect);
  const inTransaction = <T>(work: (repository: ReturnType<typeof eventsRepository>, trx: Db) => Promise<T>) =>
    db.transaction().execute((trx) => work(eventsRepository(trx, dialect), trx));

  const requireGroup = async (repository: ReturnType<typeof eventsRepository>, eventId: number, groupId: number) => {
    const group = await repository.findGroup(eventId, groupId);
    if (!group) throw fieldError('groupId', 'error.groupNotFound', undefined, 404);
    return group;
  };

  return {
    async createEvent(actorId: number, input: CreateEventInput): Promise<Event> {
      return inTransaction(async (repository, trx) => {
        const row = await repository.insertEvent({ name: input.name, description: input.description ?? '' });
        await repository.insertEmptyForm(row.id);
        const eventUserId = await repository.insertMember(row.id, actorId, 0, null);
        await writeAudit(trx, [
          {
            eventId: row.id,
            actorId,
            action: 'event.created',
            subject: `event:${row.id}`,
            details: { name: row.name },
          },
          {
            eventId: row.id,
            actorId,
            action: 'member.added',
            subject: `event_user:${eventUserId}`,
            details: { userId: actorId, roleLevel: 0, groupId: null, reason: 'creator' },
          },
        ]);
        return toEvent(row);
      });
    },

    /**
     * Changes only the settings given. Week separation, when on, needs a config whose field is a select, radio
     * or checkboxes question of the form; a change of either recomputes every application's week.
     */
    async updateSettings(eventId: number, actorId: number, input: EventSettingsInput): Promise<Event> {
      return inTransaction(async (repository, trx) => {
        await repository.lockEvent(eventId);
        const current = await repository.findEvent(eventId);
        if (!current) throw notFound();
        const before = toEvent(current);
        const after = {
          name: input.name ?? before.name,
          description: input.description ?? before.description,
          status: input.status ?? before.status,
          startsAt: input.startsAt === undefined ? before.startsAt : input.startsAt,
          endsAt: input.endsAt === undefined ? before.endsAt : input.endsAt,
          useWeekSeparation: input.useWeekSeparation ?? before.useWeekSeparation,
          weekSeparationConfig:
            input.weekSeparationConfig === undefined ? before.weekSeparationConfig : input.weekSeparationConfig,
        };
        if (after.startsAt && after.endsAt && after.endsAt < after.startsAt) {
          throw fieldError('endsAt', 'error.endsBeforeStarts');
        }
        const weekTouched = input.useWeekSeparation !== undefined || input.weekSeparationConfig !== undefined;
        if (weekTouched && after.useWeekSeparation) {
          const config = after.weekSeparationConfig;
          if (!config) throw fieldError('weekSeparationConfig', 'error.weekConfigRequired');
          const fields = await repository.findFormFields(eventId);
          const field = fields.find((candidate) => candidate.name === config.formFieldName);
          if (!field || !(OPTION_FIELD_TYPES as readonly string[]).includes(field.type)) {
            throw fieldError('weekSeparationConfig.formFieldName', 'error.weekFieldNotInForm');
          }
        }

        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const key of Object.keys(after) as (keyof typeof after)[]) {
          if (!sameJson(before[key], after[key])) changes[key] = { from: before[key], to: after[key] };
        }
        if (Object.keys(changes).length === 0) return before;

        const values: EventUpdate = {
          name: after.name,
          description: after.description,
          status: after.status,
          starts_at: after.startsAt,
          ends_at: after.endsAt,
          use_week_separation: after.useWeekSeparation ? 1 : 0,
          week_separation_config: after.weekSeparationConfig ? JSON.stringify(after.weekSeparationConfig) : null,
        };
        const row = await repository.updateEvent(eventId, values);
        let weeksRecomputed: number | undefined;
        if (changes.useWeekSeparation || changes.weekSeparationConfig) {
          const config = after.useWeekSeparation ? parseWeekConfig(row.week_separation_config) : null;
          weeksRecomputed = await recomputeApplicationWeeks(trx, dialect, eventId, config);
        }
        await writeAudit(trx, {
          eventId,
          actorId,
          action: 'event.settings_changed',
          subject: `event:${eventId}`,
          details: { changes, ...(weeksRecomputed === undefined ? {} : { weeksRecomputed }) },
        });
        return toEvent(row);
      });
    },

    async setApplicationsOpen(eventId: number, actorId: number, open: boolean): Promise<Event> {
      return inTransaction(async (repository, trx) => {
        await repository.lockEvent(eventId);
        const current = await repository.findEvent(eventId);
        if (!current) throw notFound();
        if ((current.applications_open === 1) === open) return toEvent(current);
        const row = await repository.updateEvent(eventId, { applications_open: open ? 1 : 0 });
        await writeAudit(trx, {
          eventId,
          actorId,
          action: open ? 'event.applications_opened' : 'event.applications_closed',
          subject: `event:${eventId}`,
        });
        return toEvent(row);
      });
    },

    /** Stores the new avatar's file name; returns the previous one so the caller can delete its bytes. */
    async setAvatar(eventId: number, actorId: number, avatar: string) {
      return inTransaction(async (repository, trx) => {
        await repository.lockEvent(eventId);
        const current = await repository.findEvent(eventId);
        if (!current) throw notFound();
        const row = await repository.updateEvent(eventId, { avatar });
        await writeAudit(trx, {
          eventId,
          actorId,
          action: 'event.avatar_changed',
          subject: `event:${eventId}`,
        });
        return { event: toEvent(row), previous: current.avatar };
      });
    },

    // --- groups ---

    async createGroup(eventId: number, actorId: number, input: { name: string; description?: string }) {
      return inTransaction(async (repository, trx): Promise<Group> => {
        await repository.lockEvent(eventId);
        if (await repository.isGroupNameTaken(eventId, input.name)) {
          throw fieldError('name', 'error.groupNameTaken', undefined, 409);
        }
        const row = await repository.insertGroup(eventId, { name: input.name, description: input.description ?? '' });
        await writeAudit(trx, {
          eventId,
          actorId,
          action: 'group.created',
          subject: `group:${row.id}`,
          details: { name: row.name },
        });
        return { id: row.id, name: row.name, description: row.description, memberCount: 0 };
      });
    },

    async updateGroup(
      eventId: number,
      groupId: number,
      actorId: number,
      input: { name?: string; description?: string },
    ): Promise<Group> {
      return inTransaction(async (repository, trx) => {
        await repository.lockEvent(eventId);
        const current = await repository.findGroup(eventId, groupId);
        if (!current) throw notFound('error.groupNotFound');
        if (input.name !== undefined && (await repository.isGroupNameTaken(eventId, input.name, groupId))) {
          throw fieldError('name', 'error.groupNameTaken', undefined, 409);
        }
        const changes: Record<string, { from: string; to: string }> = {};
        if (input.name !== undefined && input.name !== current.name) {
          changes.name = { from: current.name, to: input.name };
        }
        if (input.description !== undefined && input.description !== current.description) {
          changes.description = { from: current.description, to: input.description };
        }
        const row =
          Object.keys(changes).length === 0
            ? current
            : await repository.updateGroup(eventId, groupId, { name: input.name, description: input.description });
        if (Object.keys(changes).length > 0) {
          await writeAudit(trx, {
            eventId,
            actorId,
            action: 'group.updated',
            subject: `group:${groupId}`,
            details: { changes },
          });
        }
        const memberCount = await repository.countGroupMembers(eventId, groupId);
        return { id: row.id, name: row.name, description: row.description, memberCount };
      });
    },

    async deleteGroup(eventId: number, groupId: number, actorId: number): Promise<void> {
      await inTransaction(async (repository, trx) => {
        await repository.lockEvent(eventId);
        const current = await repository.findGroup(eventId, groupId);
        if (!current) throw notFound('error.groupNotFound');
        const memberCount = await repository.countGroupMembers(eventId, groupId);
        await repository.deleteGroup(eventId, groupId);
        await writeAudit(trx, {
          eventId,
          actorId,
          action: 'group.deleted',
          subject: `group:${groupId}`,
          details: { name: current.name, membersLeftWithoutGroup: memberCount },
        });
      });
    },

    // --- members ---

    /** An existing account joins the event (found by e-mail address). */
    async addMember(eventId: number, actorId: number, input: AddMemberInput): Promise<Member> {
      return inTransaction(async (repository, trx) => {
        await repository.lockEvent(eventId);
        const user = await repository.findUserByEmail(input.email);
        if (!user) throw fieldError('email', 'error.accountNotFound', undefined, 404);
        if (await repository.findMemberByUserId(eventId, user.id)) {
          throw fieldError('email', 'error.alreadyMember', undefined, 409);
        }
        if (input.groupId !== null) await requireGroup(repository, eventId, input.groupId);
        let eventUserId: number;
        try {
          eventUserId = await repository.insertMember(eventId, user.id, input.roleLevel, input.groupId);
        } catch (error) {
          if (isUniqueViolation(error)) throw fieldError('email', 'error.alreadyMember', undefined, 409);
          throw error;
        }
        await writeAudit(trx, {
          eventId,
          actorId,
          action: 'member.added',
          subject: `event_user:${eventUserId}`,
          details: {
            userId: user.id,
            email: user.email,
            name: `${user.firstname} ${user.lastname}`,
            roleLevel: input.roleLevel,
            groupId: input.groupId,
          },
        });
        const member = await repository.findMember(eventId, eventUserId);
        if (!member) throw notFound('error.memberNotFound');
        return member;
      });
    },

    /** Role and group of a member. The event's last admin cannot be demoted. */
    async updateMember(
      eventId: number,
      eventUserId: number,
      actorId: number,
      input: UpdateMemberInput,
    ): Promise<Member> {
      return inTransaction(async (repository, trx) => {
        await repository.lockEvent(eventId);
        const member = await repository.findMember(eventId, eventUserId);
        if (!member) throw notFound('error.memberNotFound');
        const groupId = input.groupId === undefined ? (member.group?.id ?? null) : input.groupId;
        const group = groupId === null ? null : await requireGroup(repository, eventId, groupId);
        const roleLevel: RoleLevel = input.roleLevel ?? member.roleLevel;
        if (member.roleLevel === 0 && roleLevel !== 0 && (await repository.countAdmins(eventId)) <= 1) {
          throw conflict('error.lastAdmin');
        }
        const audit: AuditEntry[] = [];
        const who = { userId: member.userId, name: `${member.firstname} ${member.lastname}`, email: member.email };
        const subject = `event_user:${eventUserId}`;
        if (roleLevel !== member.roleLevel) {
          audit.push({
            eventId,
            actorId,
            action: 'member.role_changed',
            subject,
            details: { ...who, from: member.roleLevel, to: roleLevel },
          });
        }
        if (groupId !== (member.group?.id ?? null)) {
          audit.push({
            eventId,
            actorId,
            action: 'member.group_changed',
            subject,
            details: { ...who, from: member.group, to: group ? { id: group.id, name: group.name } : null },
          });
        }
        if (audit.length === 0) return member;
        await repository.updateMember(eventId, eventUserId, { role_level: roleLevel, group_id: groupId });
        await writeAudit(trx, audit);
        const updated = await repository.findMember(eventId, eventUserId);
        if (!updated) throw notFound('error.memberNotFound');
        return updated;
      });
    },

    /** Ends a membership. The event's last admin cannot be removed. */
    async removeMember(eventId: number, eventUserId: number, actorId: number): Promise<void> {
      await inTransaction(async (repository, trx) => {
        await repository.lockEvent(eventId);
        const member = await repository.findMember(eventId, eventUserId);
        if (!member) throw notFound('error.memberNotFound');
        if (member.roleLevel === 0 && (await repository.countAdmins(eventId)) <= 1) {
          throw conflict('error.lastAdmin');
        }
        await repository.deleteMember(eventId, eventUserId);
        await writeAudit(trx, {
          eventId,
          actorId,
          action: 'member.removed',
          subject: `event_user:${eventUserId}`,
          details: {
            userId: member.userId,
            name: `${member.firstname} ${member.lastname}`,
            email: member.email,
            roleLevel: member.roleLevel,
            group: member.group,
          },
        });
      });
    },

    /**
     * The users-table query the caller may run. A group filter must name a group of this event (404 otherwise),
     * so an id of another event's group is never answered with an empty page as if it were valid.
     */
    async memberQuery(membership: EventMembership, filters: MemberFilters): Promise<MemberQuery> {
      const query = memberQueryFor(membership, filters);
      if (query.scope.kind === 'group' && !(await read.findGroup(membership.eventId, query.scope.groupId))) {
        throw notFound('error.groupNotFound');
      }
      return query;
    },

    /** Every row the filters select, read in batches: what an export writes. */
    async allMembers(eventId: number, query: MemberQuery): Promise<Member[]> {
      const rows: Member[] = [];
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const batch = await read.listMembers(eventId, query, EXPORT_BATCH, offset);
        rows.push(...batch);
        if (batch.length < EXPORT_BATCH) return rows;
      }
    },
  };
}

export type EventsService = ReturnType<typeof eventsService>;
