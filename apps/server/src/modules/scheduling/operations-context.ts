import {
  type DuplicateDayInput,
  daysBetween,
  isAdmin,
  type NotificationKind,
  SHIFT_LIMITS,
  type Shift,
  type ShiftAssignment,
  type ShiftDraft,
  shiftByDays,
  zonedDateKey,
  zonedToInstant,
} from '@funkis/shared';
import type { Db } from '../../db/types.js';
import type { EventMembership } from '../../lib/caller.js';
import type { ServerContext } from '../../lib/context.js';
import { turnOfTheLoop } from '../../lib/event-loop.js';
import { conflict, fieldError, notFound } from '../../lib/http-error.js';
import { eventsService } from '../events/service.js';
import { groupsService } from '../groups/service.js';
import { membershipsService } from '../memberships/service.js';
import { type PushMessage, tellMembers } from '../push/service.js';
import type { CalendarShift } from './ical.js';
import type { MailContext, MailShift } from './mails.js';
import type { AssignmentRow, ShiftFilters, ShiftRow } from './repository.js';
import * as schedulingRepository from './repository.js';
import { spanClash } from './rules.js';
import { groupOfRow } from './shift-rows.js';

/** Shifts made into answers per statement when a list is long (a week of a festival). */
const SHIFT_SLICE = 250;

export const HOUR = 3_600_000;

/** Any ISO instant with an offset, as stored: UTC with milliseconds, so text order is time order. */
export const utc = (instant: string): string => new Date(instant).toISOString();

export const toAssignment = (row: AssignmentRow): ShiftAssignment => ({
  id: row.id,
  shiftId: row.shift_id,
  eventUserId: row.event_user_id,
  createdAt: row.created_at,
});

/**
 * What every scheduling operation shares: the server's context (its `notify` tells people of their shifts' changes;
 * without it nobody is told: scripts, benches), its database, the public address for links, the secret calendar
 * tokens are hashed with, and the helpers (mail to the people a change concerns, shifts as answers with their people,
 * the checks of a time change, a day's copies).
 */
export function schedulingContext(context: ServerContext) {
  const { db } = context;
  const publicUrl = context.config.PUBLIC_URL.replace(/\/$/, '');
  const secret = context.config.SESSION_SECRET;

  const eventInfo = async (source: ServerContext, eventId: number) => {
    const found = await eventsService(source).namesAndZones([eventId]);
    const info = found.get(eventId);
    if (!info) throw notFound();
    return info;
  };

  const toMailShift = (row: { title: string; location: string; starts_at: string; ends_at: string }): MailShift => ({
    title: row.title,
    location: row.location,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
  });

  /**
   * Tells each membership of a change, in their language, inside the caller's transaction (so the notice goes
   * exactly when the change is kept): by push to those who allow the notice's kind, by the mail `write` makes for
   * the reader to the others (`tellMembers`). Answers how many were told.
   */
  function notify(
    tx: ServerContext,
    eventId: number,
    eventUserIds: readonly number[],
    reason: string,
    write: (context: MailContext) => { subject: string; text: string },
    push: { kind: NotificationKind; message: (context: MailContext) => PushMessage },
  ): Promise<number> {
    const link = `${publicUrl}/event/${eventId}/scheduling`;
    return tellMembers(tx, {
      eventId,
      eventUserIds,
      kind: push.kind,
      url: `/event/${eventId}/scheduling`,
      reason,
      write: (reader) => {
        const context = { ...reader, link };
        return { message: push.message(context), mail: write(context) };
      },
    });
  }

  const requireGroup = async (tx: ServerContext, eventId: number, groupId: number | null) => {
    if (groupId === null) return;
    const group = await groupsService(tx).find(eventId, groupId);
    if (!group) throw fieldError('groupId', 'error.groupNotFound', undefined, 404);
  };

  const findShiftOr404 = async (source: Db, eventId: number, id: number) => {
    const shift = await schedulingRepository.findShift(source, eventId, id);
    if (!shift) throw notFound('error.shiftNotFound');
    return shift;
  };

  /** The shift with its row locked (PostgreSQL) for the rest of the transaction, or 404. */
  const lockShiftOr404 = async (trx: Db, eventId: number, id: number) => {
    const shift = await schedulingRepository.lockShift(trx, eventId, id);
    if (!shift) throw notFound('error.shiftNotFound');
    return shift;
  };

  async function toShifts(
    eventId: number,
    rows: ShiftRow[],
    viewer: number,
    source: ServerContext = context,
  ): Promise<Shift[]> {
    if (rows.length <= SHIFT_SLICE || source.db !== db) return shiftsWithPeople(eventId, rows, viewer, source);
    // A week of a big event (1,400 shifts, 7,000 people on them): a slice of shifts at a time, the loop turning
    // between them, since each statement is synchronous on SQLite (lib/event-loop.ts). Only outside a
    // transaction: inside one, other requests' statements must not run between ours.
    const shifts: Shift[] = [];
    for (let start = 0; start < rows.length; start += SHIFT_SLICE) {
      if (start > 0) await turnOfTheLoop();
      shifts.push(...(await shiftsWithPeople(eventId, rows.slice(start, start + SHIFT_SLICE), viewer, context)));
    }
    return shifts;
  }

  /** The shifts with their assignments and the assigned people's names. */
  async function shiftsWithPeople(
    eventId: number,
    rows: ShiftRow[],
    viewer: number,
    source: ServerContext,
  ): Promise<Shift[]> {
    if (rows.length === 0) return [];
    const assignments = await schedulingRepository.assignmentsOf(
      source.db,
      rows.map((row) => row.id),
    );
    const waitlists = await schedulingRepository.waitlistsOf(
      source.db,
      rows.map((row) => row.id),
      viewer,
    );
    const members = await membershipsService(source).findMembers(
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
        group: groupOfRow(row),
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
            fromWaitlist: assignment.from_waitlist === 1,
          };
        }),
        mine: list.some((assignment) => assignment.event_user_id === viewer),
        waitlist: waitlists.get(row.id) ?? { size: 0, myPosition: null },
      };
    });
  }

  /**
   * A shift's new times against the other shifts of each person who holds it (overlap, minimum rest); the
   * caller holds the shift's lock, and this locks each person (in id order) before reading their shifts, so a
   * sign-up of theirs elsewhere cannot slip in between. The 409 names the person and the other shift.
   */
  async function checkChangedTimes(
    tx: ServerContext,
    shift: ShiftRow,
    startsAt: string,
    endsAt: string,
    eventUserIds: readonly number[],
  ) {
    if (eventUserIds.length === 0) return;
    const settings = await schedulingRepository.settings(tx.db, shift.event_id);
    const span = { starts_at: startsAt, ends_at: endsAt };
    const members = membershipsService(tx);
    for (const eventUserId of [...eventUserIds].sort((a, b) => a - b)) {
      await members.lockMember(shift.event_id, eventUserId);
    }
    for (const eventUserId of eventUserIds) {
      const others = (await schedulingRepository.shiftsOfMember(tx.db, shift.event_id, eventUserId)).filter(
        (other) => other.id !== shift.id,
      );
      const clash = spanClash(span, others, settings.minRestMinutes);
      if (!clash) continue;
      const [member] = await members.findMembers(shift.event_id, [eventUserId]);
      const name = member ? `${member.firstname} ${member.lastname}`.trim() : String(eventUserId);
      const title = clash.other.title;
      if (clash.rule === 'overlap') throw conflict('error.shiftChangeOverlap', { name, title });
      throw conflict('error.shiftChangeRestTooShort', { name, minutes: settings.minRestMinutes, title });
    }
  }

  /** The shifts of one day of the event's zone that the caller organises, as copies on another day. */
  async function draftsOfDay(tx: ServerContext, membership: EventMembership, input: DuplicateDayInput) {
    const { timeZone } = await eventInfo(tx, membership.eventId);
    const [year, month, day] = input.from.split('-').map(Number);
    const dayStart = zonedToInstant({ year, month, day, hour: 0, minute: 0 }, timeZone);
    const filters: ShiftFilters = {
      from: new Date(dayStart.getTime() - 26 * HOUR).toISOString(),
      to: new Date(dayStart.getTime() + 50 * HOUR).toISOString(),
    };
    if (!isAdmin(membership)) filters.onlyGroupId = membership.groupId;
    const rows = (await schedulingRepository.listShifts(tx.db, membership.eventId, filters)).filter(
      (row) => zonedDateKey(row.starts_at, timeZone) === input.from,
    );
    if (rows.length === 0) throw fieldError('from', 'error.duplicateDayEmpty', { date: input.from });
    if (rows.length > SHIFT_LIMITS.DUPLICATE_DAY_MAXIMUM) {
      throw fieldError('from', 'error.duplicateDayTooMany', { max: SHIFT_LIMITS.DUPLICATE_DAY_MAXIMUM });
    }
    const days = daysBetween(input.from, input.to);
    return rows.map((row) => ({
      row,
      startsAt: shiftByDays(row.starts_at, days, timeZone).toISOString(),
      endsAt: shiftByDays(row.ends_at, days, timeZone).toISOString(),
    }));
  }

  const toDraft = (row: ShiftRow, startsAt: string, endsAt: string, id: number | null): ShiftDraft => ({
    sourceId: row.id,
    id,
    title: row.title,
    location: row.location,
    startsAt,
    endsAt,
    capacity: row.capacity,
    group: groupOfRow(row),
  });

  const calendarRows = (
    rows: Awaited<ReturnType<typeof schedulingRepository.calendarShiftsOfMember>>,
    events: Map<number, { name: string; timeZone: string }>,
  ): CalendarShift[] =>
    rows.flatMap((row) => {
      const event = events.get(row.event_id);
      if (!event) return [];
      return [
        {
          id: row.id,
          eventId: row.event_id,
          eventName: event.name,
          title: row.title,
          description: row.description,
          location: row.location,
          startsAt: row.starts_at,
          endsAt: row.ends_at,
          createdAt: row.created_at,
          updatedAt: row.updated_at ?? row.created_at,
          sequence: row.sequence,
          timeZone: event.timeZone,
        },
      ];
    });

  /** One shift as the caller may see it, with its people, or 404. */
  const getShift = async (membership: EventMembership, shiftId: number): Promise<Shift> => {
    const row = await findShiftOr404(db, membership.eventId, shiftId);
    const [shift] = await toShifts(membership.eventId, [row], membership.eventUserId);
    return shift;
  };

  return {
    context,
    db,
    publicUrl,
    secret,
    toMailShift,
    notify,
    requireGroup,
    findShiftOr404,
    lockShiftOr404,
    toShifts,
    checkChangedTimes,
    draftsOfDay,
    toDraft,
    calendarRows,
    getShift,
  };
}

export type SchedulingContext = ReturnType<typeof schedulingContext>;
