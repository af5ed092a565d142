import type {
  CreateShiftInput,
  SchedulingSettings,
  Shift,
  ShiftAssignment,
  ShiftsListQuery,
  UpdateShiftInput,
} from '@funkis/shared';
import type { Db, DialectName } from '../../db/types.js';
import { writeAudit } from '../../lib/audit.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import { isUniqueViolation, lockEvent, withTransaction } from '../../lib/transaction.js';
import type { EventMembership } from '../../plugins/auth.js';
import { eventsService } from '../events/service.js';
import { groupsService } from '../groups/service.js';
import { membershipsService } from '../memberships/service.js';
import { toICalendar } from './ical.js';
import { type AssignmentRow, type ShiftFilters, type ShiftRow, schedulingRepository } from './repository.js';
import { checkAssignmentRules, requireOrganiserOf } from './rules.js';

const HOUR = 3_600_000;

/** Any ISO instant with an offset, as stored: UTC with milliseconds, so text order is time order. */
const utc = (instant: string): string => new Date(instant).toISOString();

const toAssignment = (row: AssignmentRow): ShiftAssignment => ({
  id: row.id,
  shiftId: row.shift_id,
  eventUserId: row.event_user_id,
  createdAt: row.created_at,
});

/**
 * Shift scheduling (issue 16): shifts, who holds them, and the rules an assignment must pass. Every change
 * runs in a transaction with its audit entry; every assignment decision (capacity, overlap, rest) holds the
 * event's row lock on PostgreSQL, so two people taking the last place at once queue and the second sees it
 * full (decision 011). Members are read through the memberships service, never written here.
 */
export function schedulingService(db: Db, dialect: DialectName) {
  const read = schedulingRepository(db, dialect);

  const requireGroup = async (trx: Db, eventId: number, groupId: number | null) => {
    if (groupId === null) return;
    const group = await groupsService(trx, dialect).find(eventId, groupId);
    if (!group) throw fieldError('groupId', 'error.groupNotFound', undefined, 404);
  };

  const findShiftOr404 = async (repository: ReturnType<typeof schedulingRepository>, eventId: number, id: number) => {
    const shift = await repository.findShift(eventId, id);
    if (!shift) throw notFound('error.shiftNotFound');
    return shift;
  };

  async function toShifts(eventId: number, rows: ShiftRow[], viewer: number, source: Db = db): Promise<Shift[]> {
    const assignments = await schedulingRepository(source, dialect).assignmentsOf(rows.map((row) => row.id));
    const members = await membershipsService(source, dialect).findMembers(
      eventId,
      assignments.map((assignment) => assignment.event_user_id),
    );
    const memberById = new Map(members.map((member) => [member.id, member]));
    const byShift = new Map<number, AssignmentRow[]>();
    for (const assignment of assignments) {
      const list = byShift.get(assignment.shift_id) ?? [];
      list.push(assignment);
      byShift.set(assignment.shift_id, list);
    }
    return rows.map((row) => {
      const list = byShift.get(row.id) ?? [];
      return {
        id: row.id,
        title: row.title,
        description: row.description,
        location: row.location,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        capacity: row.capacity,
        group: row.group_id === null ? null : { id: row.group_id, name: row.group_name ?? '' },
        assignments: list.map((assignment) => {
          const member = memberById.get(assignment.event_user_id);
          return {
            id: assignment.id,
            eventUserId: assignment.event_user_id,
            firstname: member?.firstname ?? '',
            lastname: member?.lastname ?? '',
            createdAt: assignment.created_at,
            attendance:
              assignment.attendance === 'arrived' || assignment.attendance === 'no_show' ? assignment.attendance : null,
          };
        }),
        mine: list.some((assignment) => assignment.event_user_id === viewer),
      };
    });
  }

  /** Capacity, same shift twice, overlap and rest for one person (rules.ts); the caller holds the event's lock. */
  const checkRules = (trx: Db, shift: ShiftRow, eventUserId: number, settings: SchedulingSettings) =>
    checkAssignmentRules(schedulingRepository(trx, dialect), shift, eventUserId, settings);

  return {
    async list(membership: EventMembership, query: ShiftsListQuery): Promise<Shift[]> {
      const filters: ShiftFilters = {
        from: query.from ? utc(query.from) : undefined,
        to: query.to ? utc(query.to) : undefined,
        groupId: query.groupId,
        location: query.location || undefined,
      };
      if (membership.roleLevel !== 0) {
        filters.visibleTo = { groupId: membership.groupId, eventUserId: membership.eventUserId };
      }
      const rows = await read.listShifts(membership.eventId, filters);
      const shifts = await toShifts(membership.eventId, rows, membership.eventUserId);
      return query.free === '1' ? shifts.filter((shift) => shift.assignments.length < shift.capacity) : shifts;
    },

    async get(membership: EventMembership, shiftId: number): Promise<Shift> {
      const row = await findShiftOr404(read, membership.eventId, shiftId);
      const [shift] = await toShifts(membership.eventId, [row], membership.eventUserId);
      return shift;
    },

    /** The caller's shifts in the event as an iCalendar document (one VEVENT each, UID stable per shift). */
    async myCalendar(membership: EventMembership, host: string): Promise<string> {
      const event = await eventsService(db, dialect).findEvent(membership.eventId);
      const eventName = event?.name ?? '';
      const rows = await read.calendarShiftsOfMember(membership.eventId, membership.eventUserId);
      return toICalendar(
        eventName,
        rows.map((row) => ({
          id: row.id,
          eventId: row.event_id,
          eventName,
          title: row.title,
          description: row.description,
          location: row.location,
          startsAt: row.starts_at,
          endsAt: row.ends_at,
          createdAt: row.created_at,
        })),
        host,
      );
    },

    settings: (eventId: number) => read.settings(eventId),

    async saveSettings(eventId: number, actorId: number, settings: SchedulingSettings): Promise<SchedulingSettings> {
      return withTransaction(db, async (trx) => {
        await lockEvent(trx, dialect, eventId);
        const known = new Set((await groupsService(trx, dialect).names(eventId)).map((group) => group.id));
        const unknown = settings.selfSignupGroupIds.find((id) => !known.has(id));
        if (unknown !== undefined) throw fieldError('selfSignupGroupIds', 'error.groupNotFound', undefined, 404);
        const clean = { ...settings, selfSignupGroupIds: [...new Set(settings.selfSignupGroupIds)] };
        const repository = schedulingRepository(trx, dialect);
        const before = await repository.settings(eventId);
        await repository.saveSettings(eventId, clean, nowIso());
        await writeAudit(trx, {
          eventId,
          actorId,
          action: 'scheduling.settings_changed',
          subject: `event:${eventId}`,
          details: { from: before, to: clean },
        });
        return clean;
      });
    },

    async create(membership: EventMembership, actorId: number, input: CreateShiftInput): Promise<Shift> {
      requireOrganiserOf(membership, input.groupId);
      const id = await withTransaction(db, async (trx) => {
        await requireGroup(trx, membership.eventId, input.groupId);
        const values = { ...input, startsAt: utc(input.startsAt), endsAt: utc(input.endsAt) };
        const { id } = await schedulingRepository(trx, dialect).insertShift(membership.eventId, values, nowIso());
        await writeAudit(trx, {
          eventId: membership.eventId,
          actorId,
          action: 'shift.created',
          subject: `shift:${id}`,
          details: { title: values.title, startsAt: values.startsAt, endsAt: values.endsAt, capacity: values.capacity },
        });
        return id;
      });
      return this.get(membership, id);
    },

    /** A repeating set or a duplicated day: every shift checked, all made in one transaction or none. */
    async createMany(membership: EventMembership, actorId: number, inputs: CreateShiftInput[]): Promise<Shift[]> {
      for (const input of inputs) requireOrganiserOf(membership, input.groupId);
      const ids = await withTransaction(db, async (trx) => {
        for (const groupId of new Set(inputs.map((input) => input.groupId))) {
          await requireGroup(trx, membership.eventId, groupId);
        }
        const repository = schedulingRepository(trx, dialect);
        const now = nowIso();
        const made: number[] = [];
        for (const input of inputs) {
          const values = { ...input, startsAt: utc(input.startsAt), endsAt: utc(input.endsAt) };
          made.push((await repository.insertShift(membership.eventId, values, now)).id);
        }
        await writeAudit(
          trx,
          made.map((id, index) => ({
            eventId: membership.eventId,
            actorId,
            action: 'shift.created',
            subject: `shift:${id}`,
            details: { title: inputs[index].title, startsAt: utc(inputs[index].startsAt), batch: made.length },
          })),
        );
        return made;
      });
      const rows = await read.listShifts(membership.eventId, {});
      const wanted = new Set(ids);
      return toShifts(
        membership.eventId,
        rows.filter((row) => wanted.has(row.id)),
        membership.eventUserId,
      );
    },

    async update(
      membership: EventMembership,
      actorId: number,
      shiftId: number,
      input: UpdateShiftInput,
    ): Promise<Shift> {
      await withTransaction(db, async (trx) => {
        const repository = schedulingRepository(trx, dialect);
        await lockEvent(trx, dialect, membership.eventId);
        const current = await findShiftOr404(repository, membership.eventId, shiftId);
        requireOrganiserOf(membership, current.group_id);
        const next = {
          title: input.title ?? current.title,
          description: input.description ?? current.description,
          location: input.location ?? current.location,
          startsAt: input.startsAt ? utc(input.startsAt) : current.starts_at,
          endsAt: input.endsAt ? utc(input.endsAt) : current.ends_at,
          capacity: input.capacity ?? current.capacity,
          groupId: input.groupId === undefined ? current.group_id : input.groupId,
        };
        if (next.groupId !== current.group_id) {
          requireOrganiserOf(membership, next.groupId);
          await requireGroup(trx, membership.eventId, next.groupId);
        }
        if (Date.parse(next.endsAt) <= Date.parse(next.startsAt)) {
          throw fieldError('endsAt', 'error.shiftEndsBeforeStart');
        }
        const taken = await repository.countAssignments(shiftId);
        if (next.capacity < taken) {
          throw fieldError(
            'capacity',
            'error.shiftCapacityBelowAssigned',
            { count: taken, capacity: next.capacity },
            409,
          );
        }
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        const before: Record<string, unknown> = {
          title: current.title,
          description: current.description,
          location: current.location,
          startsAt: current.starts_at,
          endsAt: current.ends_at,
          capacity: current.capacity,
          groupId: current.group_id,
        };
        for (const [key, value] of Object.entries(next)) {
          if (before[key] !== value) changes[key] = { from: before[key], to: value };
        }
        if (Object.keys(changes).length === 0) return;
        await repository.updateShift(membership.eventId, shiftId, next);
        await writeAudit(trx, {
          eventId: membership.eventId,
          actorId,
          action: 'shift.updated',
          subject: `shift:${shiftId}`,
          details: { changes },
        });
      });
      return this.get(membership, shiftId);
    },

    async delete(membership: EventMembership, actorId: number, shiftId: number): Promise<void> {
      await withTransaction(db, async (trx) => {
        const repository = schedulingRepository(trx, dialect);
        await lockEvent(trx, dialect, membership.eventId);
        const current = await findShiftOr404(repository, membership.eventId, shiftId);
        requireOrganiserOf(membership, current.group_id);
        const assigned = await repository.assignmentsOf([shiftId]);
        await repository.deleteShift(membership.eventId, shiftId);
        await writeAudit(trx, {
          eventId: membership.eventId,
          actorId,
          action: 'shift.deleted',
          subject: `shift:${shiftId}`,
          details: {
            title: current.title,
            startsAt: current.starts_at,
            eventUserIds: assigned.map((assignment) => assignment.event_user_id),
          },
        });
      });
    },

    /**
     * Gives a member a place. Admins assign anyone, leaders anyone to their own group's shifts, volunteers only
     * themselves and only where self sign-up is open for their group and the shift has not started. The rules
     * (own group for volunteers, capacity, overlap, rest) hold for every way in.
     */
    async assign(
      membership: EventMembership,
      actorId: number,
      shiftId: number,
      eventUserId: number,
    ): Promise<ShiftAssignment> {
      try {
        return await withTransaction(db, async (trx) => {
          const repository = schedulingRepository(trx, dialect);
          await lockEvent(trx, dialect, membership.eventId);
          const shift = await findShiftOr404(repository, membership.eventId, shiftId);
          const settings = await repository.settings(membership.eventId);
          if (membership.roleLevel === 2) {
            if (eventUserId !== membership.eventUserId) throw forbidden();
            if (membership.groupId === null || !settings.selfSignupGroupIds.includes(membership.groupId)) {
              throw forbidden('error.selfSignupClosed');
            }
            if (Date.parse(shift.starts_at) <= Date.now()) throw conflict('error.shiftStarted');
          } else {
            requireOrganiserOf(membership, shift.group_id);
          }
          const member = await membershipsService(trx, dialect).findMember(membership.eventId, eventUserId);
          if (!member) throw fieldError('eventUserId', 'error.memberNotFound', undefined, 404);
          if (member.roleLevel === 2 && shift.group_id !== null && shift.group_id !== (member.group?.id ?? null)) {
            throw conflict('error.shiftOtherGroup');
          }
          await checkRules(trx, shift, eventUserId, settings);
          const row = await repository.insertAssignment(shiftId, eventUserId, nowIso());
          await writeAudit(trx, {
            eventId: membership.eventId,
            actorId,
            action: eventUserId === membership.eventUserId ? 'shift.signed_up' : 'shift.assigned',
            subject: `shift:${shiftId}`,
            details: { assignmentId: row.id, eventUserId, title: shift.title },
          });
          return toAssignment(row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('error.shiftAlreadyAssigned');
        throw error;
      }
    },

    /** Takes a place away: organisers as for assigning; volunteers their own, until sign-off closes. */
    async unassign(membership: EventMembership, actorId: number, shiftId: number, assignmentId: number) {
      await withTransaction(db, async (trx) => {
        const repository = schedulingRepository(trx, dialect);
        await lockEvent(trx, dialect, membership.eventId);
        const shift = await findShiftOr404(repository, membership.eventId, shiftId);
        const assignment = await repository.findAssignment(shiftId, assignmentId);
        if (!assignment) throw notFound('error.assignmentNotFound');
        if (membership.roleLevel === 2) {
          if (assignment.event_user_id !== membership.eventUserId) throw forbidden();
          const settings = await repository.settings(membership.eventId);
          if (membership.groupId === null || !settings.selfSignupGroupIds.includes(membership.groupId)) {
            throw forbidden('error.selfSignupClosed');
          }
          if (Date.now() > Date.parse(shift.starts_at) - settings.signOffClosesHours * HOUR) {
            throw conflict('error.signOffClosed', { hours: settings.signOffClosesHours });
          }
        } else {
          requireOrganiserOf(membership, shift.group_id);
        }
        await repository.deleteAssignment(shiftId, assignmentId);
        await writeAudit(trx, {
          eventId: membership.eventId,
          actorId,
          action: assignment.event_user_id === membership.eventUserId ? 'shift.signed_off' : 'shift.unassigned',
          subject: `shift:${shiftId}`,
          details: { assignmentId, eventUserId: assignment.event_user_id, title: shift.title },
        });
      });
    },
  };
}

export type SchedulingService = ReturnType<typeof schedulingService>;
