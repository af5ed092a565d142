import {
  type Attendance,
  type HoursRow,
  isAdmin,
  type NotFullQuery,
  type PlannedPerson,
  type ShiftBlock,
  type TimelineQuery,
  type WithoutShiftQuery,
} from '@funkis/shared';
import type { Db, DialectName } from '../../db/types.js';
import { writeAudit } from '../../lib/audit.js';
import type { Caller, EventMembership } from '../../lib/caller.js';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import { isUniqueViolation, withTransaction } from '../../lib/transaction.js';
import { membershipsService } from '../memberships/service.js';
import { handoverRepository } from './handover-repository.js';
import { type BlockFilters, planningRepository, type ShiftBlockRow } from './planning-repository.js';
import { schedulingRepository } from './repository.js';
import { checkAssignmentRules, requireOrganiserOf, requirePlaceableBy } from './rules.js';
import { type SchedulingOptions, schedulingService } from './service.js';

const utc = (instant: string): string => new Date(instant).toISOString();

const toBlock = (row: ShiftBlockRow): ShiftBlock => ({
  id: row.id,
  title: row.title,
  location: row.location,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  capacity: row.capacity,
  group: row.group_id === null ? null : { id: row.group_id, name: row.group_name ?? '' },
  filled: Number(row.filled),
  mine: row.mine_id !== null,
});

/** Rows of the "no shift" export read per query. */
const EXPORT_PAGE = 500;

/**
 * The people a caller may see in the planning lists: admins anyone (or the group asked for), leaders only their
 * own group (asking for another is refused, as in the users table).
 */
function peopleScope(membership: EventMembership, requested: number | undefined): number | null | undefined {
  if (isAdmin(membership)) return requested;
  if (requested !== undefined && requested !== membership.groupId) requireOrganiserOf(membership, requested);
  return membership.groupId;
}

/**
 * Planning views of shift scheduling (decision 015): the timeline and the lists read counts the
 * database aggregates; a move and an attendance mark are one transaction each, under the shift's lock (a move: both shifts' and the member's), audited.
 */
export function planningService(db: Db, dialect: DialectName, options: SchedulingOptions = {}) {
  const read = planningRepository(db, dialect);

  const blockFilters = (query: { from?: string; to?: string; groupId?: number }) => {
    const filters: BlockFilters = {
      from: query.from ? utc(query.from) : undefined,
      to: query.to ? utc(query.to) : undefined,
      groupId: query.groupId,
    };
    return filters;
  };

  async function people(eventId: number, ids: readonly number[]): Promise<Map<number, PlannedPerson>> {
    const members = await membershipsService(db, dialect).findMembers(eventId, ids);
    return new Map(
      members.map((member) => [
        member.id,
        {
          eventUserId: member.id,
          userId: member.userId,
          firstname: member.firstname,
          lastname: member.lastname,
          email: member.email,
          group: member.group,
        },
      ]),
    );
  }

  return {
    /** Every shift the caller may see in the period, with filled places counted (no names: the week view). */
    async timeline(membership: EventMembership, query: TimelineQuery): Promise<ShiftBlock[]> {
      const filters = blockFilters(query);
      filters.location = query.location || undefined;
      if (!isAdmin(membership)) {
        filters.visibleTo = { groupId: membership.groupId, eventUserId: membership.eventUserId };
      }
      return (await read.timeline(membership.eventId, membership.eventUserId, filters)).map(toBlock);
    },

    /** Shifts with places free that the caller organises (leaders: their group's), by start. */
    async notFull(membership: EventMembership, query: NotFullQuery): Promise<{ shifts: ShiftBlock[]; total: number }> {
      const filters = blockFilters(query);
      if (!isAdmin(membership)) {
        if (query.groupId !== undefined) requireOrganiserOf(membership, query.groupId);
        filters.onlyGroupId = membership.groupId;
      }
      const [rows, total] = await Promise.all([
        read.notFull(
          membership.eventId,
          membership.eventUserId,
          filters,
          query.pageSize,
          (query.page - 1) * query.pageSize,
        ),
        read.countNotFull(membership.eventId, membership.eventUserId, filters),
      ]);
      return { shifts: rows.map(toBlock), total };
    },

    /** Volunteers holding no shift (leaders: of their group), by name. */
    async withoutShift(
      membership: EventMembership,
      query: WithoutShiftQuery,
    ): Promise<{ users: PlannedPerson[]; total: number }> {
      const groupId = peopleScope(membership, query.groupId);
      const search = query.search?.trim() ?? '';
      const [ids, total] = await Promise.all([
        read.withoutShift(membership.eventId, groupId, query.pageSize, (query.page - 1) * query.pageSize, search),
        read.countWithoutShift(membership.eventId, groupId, search),
      ]);
      const byId = await people(membership.eventId, ids);
      return { users: ids.flatMap((id) => byId.get(id) ?? []), total };
    },

    /**
     * The whole "no shift" list with the same filters and order, for the export: read 500 at a time (each page
     * its own pair of queries, the event loop turning in between), as the users export does.
     */
    async allWithoutShift(
      membership: EventMembership,
      query: { groupId?: number; search?: string },
    ): Promise<PlannedPerson[]> {
      const groupId = peopleScope(membership, query.groupId);
      const search = query.search?.trim() ?? '';
      const all: PlannedPerson[] = [];
      for (let offset = 0; ; offset += EXPORT_PAGE) {
        if (offset > 0) await new Promise((resolve) => setImmediate(resolve));
        const ids = await read.withoutShift(membership.eventId, groupId, EXPORT_PAGE, offset, search);
        const byId = await people(membership.eventId, ids);
        all.push(...ids.flatMap((id) => byId.get(id) ?? []));
        if (ids.length < EXPORT_PAGE) return all;
      }
    },

    /** Hours per member holding shifts (leaders: their group's), by name; every row when `page` is left out. */
    async hours(
      membership: EventMembership,
      query: { groupId?: number; arrivedOnly?: '0' | '1' },
      page?: { page: number; pageSize: number },
    ): Promise<{ rows: HoursRow[]; total: number }> {
      const groupId = peopleScope(membership, query.groupId);
      const arrivedOnly = query.arrivedOnly === '1';
      const [aggregates, total] = await Promise.all([
        read.hours(
          membership.eventId,
          groupId,
          arrivedOnly,
          page ? { limit: page.pageSize, offset: (page.page - 1) * page.pageSize } : undefined,
        ),
        read.countHours(membership.eventId, groupId),
      ]);
      const byId = await people(
        membership.eventId,
        aggregates.map((row) => row.event_user_id),
      );
      const rows = aggregates.flatMap((row) => {
        const person = byId.get(row.event_user_id);
        if (!person) return [];
        return [
          {
            ...person,
            shifts: Number(row.shifts),
            arrived: Number(row.arrived),
            noShow: Number(row.no_show),
            minutes: Math.round(Number(row.minutes ?? 0)),
          },
        ];
      });
      return { rows, total };
    },

    /** One shift's assignments with names and attendance (organisers of the shift). */
    async attendance(membership: EventMembership, shiftId: number) {
      const repository = schedulingRepository(db, dialect);
      const shift = await repository.findShift(membership.eventId, shiftId);
      if (!shift) throw notFound('error.shiftNotFound');
      requireOrganiserOf(membership, shift.group_id);
      const assignments = await repository.assignmentsOf([shiftId]);
      const byId = await people(
        membership.eventId,
        assignments.map((assignment) => assignment.event_user_id),
      );
      return assignments.map((assignment) => ({
        id: assignment.id,
        eventUserId: assignment.event_user_id,
        firstname: byId.get(assignment.event_user_id)?.firstname ?? '',
        lastname: byId.get(assignment.event_user_id)?.lastname ?? '',
        attendance: (assignment.attendance as Attendance | null) ?? null,
      }));
    },

    /**
     * Moves an assignment to another shift in one transaction under both shifts' and the member's locks: the caller organises both
     * shifts, and the person passes the assignment rules on the new one (own group for volunteers, capacity,
     * overlap and rest, leaving the old shift out). The attendance mark is cleared; one audit entry; the person
     * (when not the caller) gets the "shift changed" mail with the old and the new shift, in the same transaction.
     */
    async move(caller: Caller, shiftId: number, assignmentId: number, toShiftId: number) {
      try {
        return await withTransaction(db, async (trx) => {
          const repository = schedulingRepository(trx, dialect);
          if (toShiftId === shiftId) throw badRequest('error.moveSameShift');
          // Both shifts' rows in id order (so two moves between the same shifts cannot wait on each other), then
          // the member's: the same order as a sign-up's (decision 024).
          const locked = new Map<number, Awaited<ReturnType<typeof repository.lockShift>>>();
          for (const id of [shiftId, toShiftId].sort((a, b) => a - b)) {
            locked.set(id, await repository.lockShift(caller.eventId, id));
          }
          const from = locked.get(shiftId);
          if (!from) throw notFound('error.shiftNotFound');
          const assignment = await repository.findAssignment(shiftId, assignmentId);
          if (!assignment) throw notFound('error.assignmentNotFound');
          requireOrganiserOf(caller, from.group_id);
          const to = locked.get(toShiftId);
          if (!to) throw notFound('error.shiftNotFound');
          requireOrganiserOf(caller, to.group_id);
          const member = await membershipsService(trx, dialect).lockMember(caller.eventId, assignment.event_user_id);
          if (!member) throw notFound('error.memberNotFound');
          requirePlaceableBy(caller, member);
          if (member.roleLevel === 2 && to.group_id !== null && to.group_id !== (member.group?.id ?? null)) {
            throw conflict('error.shiftOtherGroup');
          }
          const settings = await repository.settings(caller.eventId);
          await checkAssignmentRules(repository, to, assignment.event_user_id, settings, from.id);
          await planningRepository(trx, dialect).moveAssignment(from.id, assignment.id, to.id);
          // An offer of the place left behind closes (decision 033).
          await handoverRepository(trx, dialect).closeOffersOfPlace(from.id, assignment.event_user_id, nowIso());
          // The place left behind goes to the first shift's line.
          await schedulingService(trx, dialect, options).fillWaitlist(trx, caller.eventId, from);
          if (assignment.event_user_id !== caller.eventUserId) {
            await schedulingService(trx, dialect, options).notifyMoved(
              trx,
              caller.eventId,
              assignment.event_user_id,
              from,
              to,
            );
          }
          await writeAudit(trx, {
            eventId: caller.eventId,
            actorId: caller.userId,
            action: 'shift.assignment_moved',
            subject: `shift:${to.id}`,
            details: {
              assignmentId: assignment.id,
              eventUserId: assignment.event_user_id,
              from: { shiftId: from.id, title: from.title },
              to: { shiftId: to.id, title: to.title },
            },
          });
          return {
            id: assignment.id,
            shiftId: to.id,
            eventUserId: assignment.event_user_id,
            createdAt: assignment.created_at,
          };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('error.shiftAlreadyAssigned');
        throw error;
      }
    },

    /** Marks arrived / no-show (or clears the mark) once the shift has started; organisers of the shift; audited. */
    async setAttendance(caller: Caller, shiftId: number, assignmentId: number, attendance: Attendance | null) {
      return withTransaction(db, async (trx) => {
        const repository = schedulingRepository(trx, dialect);
        const shift = await repository.lockShift(caller.eventId, shiftId);
        if (!shift) throw notFound('error.shiftNotFound');
        const assignment = await repository.findAssignment(shiftId, assignmentId);
        if (!assignment) throw notFound('error.assignmentNotFound');
        requireOrganiserOf(caller, shift.group_id);
        if (attendance !== null && Date.parse(shift.starts_at) > Date.now()) {
          throw conflict('error.attendanceBeforeStart');
        }
        if (assignment.attendance !== attendance) {
          await planningRepository(trx, dialect).setAttendance(shiftId, assignmentId, attendance);
          await writeAudit(trx, {
            eventId: caller.eventId,
            actorId: caller.userId,
            action: 'shift.attendance_marked',
            subject: `shift:${shiftId}`,
            details: {
              assignmentId,
              eventUserId: assignment.event_user_id,
              title: shift.title,
              from: assignment.attendance,
              to: attendance,
            },
          });
        }
        return { id: assignment.id, shiftId, eventUserId: assignment.event_user_id, attendance };
      });
    },
  };
}
