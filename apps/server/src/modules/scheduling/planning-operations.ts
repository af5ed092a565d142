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
import type { EventMembership } from '../../lib/caller.js';
import { membershipsService } from '../memberships/service.js';
import { type SchedulingContext, utc } from './operations-context.js';
import type { BlockFilters, ShiftBlockRow } from './planning-repository.js';
import * as planningRepository from './planning-repository.js';
import * as schedulingRepository from './repository.js';
import { requireOrganiserOf } from './rules.js';
import { groupOfRow } from './shift-rows.js';

const toBlock = (row: ShiftBlockRow): ShiftBlock => ({
  id: row.id,
  title: row.title,
  location: row.location,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  capacity: row.capacity,
  group: groupOfRow(row),
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
 * Planning views of shift scheduling (decision 015): the timeline and the lists read counts the database
 * aggregates, and a shift's attendance list; reads only (a move and an attendance mark are assignment-operations.ts').
 */
export function planningOperations(shared: SchedulingContext) {
  const { context, db, findShiftOr404 } = shared;

  const blockFilters = (query: { from?: string; to?: string; groupId?: number }) => {
    const filters: BlockFilters = {
      from: query.from ? utc(query.from) : undefined,
      to: query.to ? utc(query.to) : undefined,
      groupId: query.groupId,
    };
    return filters;
  };

  /** The members with these ids as the planning lists show them, by id. */
  async function people(eventId: number, ids: readonly number[]): Promise<Map<number, PlannedPerson>> {
    const members = await membershipsService(context).findMembers(eventId, ids);
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
      return (await planningRepository.timeline(db, membership.eventId, membership.eventUserId, filters)).map(toBlock);
    },

    /** Shifts with places free that the caller organises (leaders: their group's), by start. */
    async notFull(membership: EventMembership, query: NotFullQuery): Promise<{ shifts: ShiftBlock[]; total: number }> {
      const filters = blockFilters(query);
      if (!isAdmin(membership)) {
        if (query.groupId !== undefined) requireOrganiserOf(membership, query.groupId);
        filters.onlyGroupId = membership.groupId;
      }
      const [rows, total] = await Promise.all([
        planningRepository.notFull(
          db,
          membership.eventId,
          membership.eventUserId,
          filters,
          query.pageSize,
          (query.page - 1) * query.pageSize,
        ),
        planningRepository.countNotFull(db, membership.eventId, membership.eventUserId, filters),
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
        planningRepository.withoutShift(
          db,
          membership.eventId,
          groupId,
          query.pageSize,
          (query.page - 1) * query.pageSize,
          search,
        ),
        planningRepository.countWithoutShift(db, membership.eventId, groupId, search),
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
        const ids = await planningRepository.withoutShift(db, membership.eventId, groupId, EXPORT_PAGE, offset, search);
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
        planningRepository.hours(
          db,
          membership.eventId,
          groupId,
          arrivedOnly,
          page ? { limit: page.pageSize, offset: (page.page - 1) * page.pageSize } : undefined,
        ),
        planningRepository.countHours(db, membership.eventId, groupId),
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
      const shift = await findShiftOr404(db, membership.eventId, shiftId);
      requireOrganiserOf(membership, shift.group_id);
      const assignments = await schedulingRepository.assignmentsOf(db, [shiftId]);
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
  };
}
