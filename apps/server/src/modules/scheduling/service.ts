import {
  type CalendarFeed,
  type CreateShiftInput,
  type DuplicateDayInput,
  type DuplicateDayResponse,
  daysBetween,
  type SchedulingSettings,
  SHIFT_LIMITS,
  type Shift,
  type ShiftAssignment,
  type ShiftDraft,
  type ShiftsListQuery,
  shiftByDays,
  type UpdateShiftInput,
  zonedDateKey,
  zonedToInstant,
} from '@funkis/shared';
import type { Db, DialectName } from '../../db/types.js';
import { AUDIT_SUMMARY_IDS, writeAudit, writeAuditSummary } from '../../lib/audit.js';
import { turnOfTheLoop } from '../../lib/event-loop.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { isUniqueViolation, lockEvent, withTransaction } from '../../lib/transaction.js';
import type { EventMembership } from '../../plugins/auth.js';
import { mailLanguagesOf } from '../account/languages.js';
import { eventsService } from '../events/service.js';
import { groupsService } from '../groups/service.js';
import type { EnqueueInput } from '../mail/service.js';
import { membershipsService } from '../memberships/service.js';
import { type CalendarShift, toICalendar } from './ical.js';
import { type MailContext, type MailShift, schedulingMails } from './mails.js';
import { type AssignmentRow, type ShiftFilters, type ShiftRow, schedulingRepository } from './repository.js';
import { checkHeldShifts, requireOrganiserOf, requirePlaceableBy, spanClash } from './rules.js';

/** Shifts made into answers per statement when a list is long (a week of a festival). */
const SHIFT_SLICE = 250;

/** What the service needs beyond the database: the mail queue, the token secret and the public address. */
export interface SchedulingOptions {
  /** `app.mail.enqueue`; without it no mail is written (scripts, benches). */
  enqueue?: (input: EnqueueInput, db: Db) => Promise<void>;
  /** The secret calendar tokens are hashed with (SESSION_SECRET). */
  secret?: string;
  /** PUBLIC_URL, for links in mail and the feed's URL. */
  publicUrl?: string;
}

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
 * Shift scheduling: shifts, who holds them, and the rules an assignment must pass. Every change
 * runs in a transaction with its audit entry; every assignment decision holds, on PostgreSQL, the shift's row
 * lock (capacity) and then the member's (overlap, rest), so two people taking the last place at once queue and
 * the second sees it full, while sign-ups for other shifts go on beside them (decisions 010, 024). Members are read through the memberships service, never written here.
 */
export function schedulingService(db: Db, dialect: DialectName, options: SchedulingOptions = {}) {
  const read = schedulingRepository(db, dialect);
  const publicUrl = (options.publicUrl ?? 'http://localhost').replace(/\/$/, '');
  const secret = options.secret ?? 'funkis-calendar';

  const eventInfo = async (source: Db, eventId: number) => {
    const found = await eventsService(source, dialect).namesAndZones([eventId]);
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
   * Queues one mail to each membership, in their language, inside the caller's transaction (so the mail goes
   * exactly when the change is kept). `write` gets the reader's context and answers subject and text.
   */
  async function notify(
    trx: Db,
    eventId: number,
    eventUserIds: readonly number[],
    reason: string,
    write: (context: MailContext) => { subject: string; text: string },
  ): Promise<number> {
    if (!options.enqueue || eventUserIds.length === 0) return 0;
    const members = await membershipsService(trx, dialect).findMembers(eventId, eventUserIds);
    if (members.length === 0) return 0;
    const event = await eventInfo(trx, eventId);
    const languages = await mailLanguagesOf(
      trx,
      members.map((member) => member.userId),
    );
    for (const member of members) {
      const language = languages.get(member.userId) ?? 'en';
      const mail = write({
        language,
        firstname: member.firstname,
        eventName: event.name,
        timeZone: event.timeZone,
        link: `${publicUrl}/event/${eventId}/scheduling`,
      });
      await options.enqueue(
        {
          eventId,
          to: [
            { userId: member.userId, email: member.email, name: `${member.firstname} ${member.lastname}`, language },
          ],
          subject: mail.subject,
          text: mail.text,
          reason,
        },
        trx,
      );
    }
    return members.length;
  }

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

  /** The shift with its row locked (PostgreSQL) for the rest of the transaction, or 404. */
  const lockShiftOr404 = async (repository: ReturnType<typeof schedulingRepository>, eventId: number, id: number) => {
    const shift = await repository.lockShift(eventId, id);
    if (!shift) throw notFound('error.shiftNotFound');
    return shift;
  };

  async function toShifts(eventId: number, rows: ShiftRow[], viewer: number, source: Db = db): Promise<Shift[]> {
    if (rows.length <= SHIFT_SLICE || source !== db) return shiftsWithPeople(eventId, rows, viewer, source);
    // A week of a big event (1,400 shifts, 7,000 people on them): a slice of shifts at a time, the loop turning
    // between them, since each statement is synchronous on SQLite (lib/event-loop.ts). Only outside a
    // transaction: inside one, other requests' statements must not run between ours.
    const shifts: Shift[] = [];
    for (let start = 0; start < rows.length; start += SHIFT_SLICE) {
      if (start > 0) await turnOfTheLoop();
      shifts.push(...(await shiftsWithPeople(eventId, rows.slice(start, start + SHIFT_SLICE), viewer, db)));
    }
    return shifts;
  }

  /** The shifts with their assignments and the assigned people's names. */
  async function shiftsWithPeople(eventId: number, rows: ShiftRow[], viewer: number, source: Db): Promise<Shift[]> {
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

  /**
   * A shift's new times against the other shifts of each person who holds it (overlap, minimum rest); the
   * caller holds the shift's lock, and this locks each person (in id order) before reading their shifts, so a
   * sign-up of theirs elsewhere cannot slip in between. The 409 names the person and the other shift.
   */
  async function checkChangedTimes(
    trx: Db,
    shift: ShiftRow,
    startsAt: string,
    endsAt: string,
    eventUserIds: readonly number[],
  ) {
    if (eventUserIds.length === 0) return;
    const repository = schedulingRepository(trx, dialect);
    const settings = await repository.settings(shift.event_id);
    const span = { starts_at: startsAt, ends_at: endsAt };
    const members = membershipsService(trx, dialect);
    for (const eventUserId of [...eventUserIds].sort((a, b) => a - b)) {
      await members.lockMember(shift.event_id, eventUserId);
    }
    for (const eventUserId of eventUserIds) {
      const others = (await repository.shiftsOfMember(shift.event_id, eventUserId)).filter(
        (other) => other.id !== shift.id,
      );
      const clash = spanClash(span, others, settings.minRestMinutes);
      if (!clash) continue;
      const [member] = await membershipsService(trx, dialect).findMembers(shift.event_id, [eventUserId]);
      const name = member ? `${member.firstname} ${member.lastname}`.trim() : String(eventUserId);
      const title = clash.other.title;
      if (clash.rule === 'overlap') throw conflict('error.shiftChangeOverlap', { name, title });
      throw conflict('error.shiftChangeRestTooShort', { name, minutes: settings.minRestMinutes, title });
    }
  }

  /** The shifts of one day of the event's zone that the caller organises, as copies on another day. */
  async function draftsOfDay(trx: Db, membership: EventMembership, input: DuplicateDayInput) {
    const { timeZone } = await eventInfo(trx, membership.eventId);
    const [year, month, day] = input.from.split('-').map(Number);
    const dayStart = zonedToInstant({ year, month, day, hour: 0, minute: 0 }, timeZone);
    const filters: ShiftFilters = {
      from: new Date(dayStart.getTime() - 26 * HOUR).toISOString(),
      to: new Date(dayStart.getTime() + 50 * HOUR).toISOString(),
    };
    if (membership.roleLevel !== 0) filters.onlyGroupId = membership.groupId;
    const rows = (await schedulingRepository(trx, dialect).listShifts(membership.eventId, filters)).filter(
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
    group: row.group_id === null ? null : { id: row.group_id, name: row.group_name ?? '' },
  });

  const calendarRows = (
    rows: Awaited<ReturnType<typeof read.calendarShiftsOfMember>>,
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

  return {
    /**
     * Tells a person that an organiser moved their place from one shift to another (the "changed" mail, with
     * the old and the new shift), inside the caller's transaction: planning-service.ts's move.
     */
    notifyMoved: (trx: Db, eventId: number, eventUserId: number, from: ShiftRow, to: ShiftRow) =>
      notify(trx, eventId, [eventUserId], 'shift_changed', (context) =>
        schedulingMails.changed(toMailShift(from), toMailShift(to), context),
      ),

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
      const events = await eventsService(db, dialect).namesAndZones([membership.eventId]);
      const rows = await read.calendarShiftsOfMember(membership.eventId, membership.eventUserId);
      return toICalendar(events.get(membership.eventId)?.name ?? '', calendarRows(rows, events), host);
    },

    /** The user's secret feed: when it was made; never the token (only its hash is kept). */
    async calendarFeed(userId: number): Promise<CalendarFeed> {
      const row = await read.calendarToken(userId);
      return { createdAt: row?.created_at ?? null, url: null };
    },

    /** A new secret URL for all the user's shifts; the previous one stops working. */
    async renewCalendarFeed(userId: number): Promise<CalendarFeed> {
      const token = randomToken(24);
      const now = nowIso();
      await withTransaction(db, async (trx) => {
        await schedulingRepository(trx, dialect).replaceCalendarToken(userId, hashToken(token, secret), now);
        await writeAudit(trx, {
          eventId: null,
          actorId: userId,
          action: 'calendar_feed.created',
          subject: `user:${userId}`,
        });
      });
      return { createdAt: now, url: `${publicUrl}/api/calendar/${token}.ics` };
    },

    async revokeCalendarFeed(userId: number): Promise<void> {
      await withTransaction(db, async (trx) => {
        if (!(await schedulingRepository(trx, dialect).deleteCalendarToken(userId))) throw notFound();
        await writeAudit(trx, {
          eventId: null,
          actorId: userId,
          action: 'calendar_feed.revoked',
          subject: `user:${userId}`,
        });
      });
    },

    /**
     * Ends the user's secret feed, if any, in the caller's transaction: a password change or reset ends every
     * other way into the account, and the feed's URL is one (it may have leaked with the old password).
     */
    async endCalendarFeed(userId: number, reason: 'password_changed'): Promise<void> {
      if (!(await schedulingRepository(db, dialect).deleteCalendarToken(userId))) return;
      await writeAudit(db, {
        eventId: null,
        actorId: userId,
        action: 'calendar_feed.revoked',
        subject: `user:${userId}`,
        details: { reason },
      });
    },

    /** The secret feed's calendar: every shift of the token's user in every event they are a member of. */
    async calendarOfToken(token: string, host: string): Promise<string | null> {
      if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return null;
      const userId = await read.userOfCalendarToken(hashToken(token, secret));
      if (userId === undefined) return null;
      const memberships = await membershipsService(db, dialect).membershipIdsOfUser(userId);
      const rows = await read.calendarShiftsOfMemberships(memberships.map((item) => item.eventUserId));
      const events = await eventsService(db, dialect).namesAndZones([...new Set(rows.map((row) => row.event_id))]);
      return toICalendar('Funkis', calendarRows(rows, events), host);
    },

    /**
     * Queues the reminders that are due: each assignment whose shift starts within its event's reminder time and
     * has not been reminded. The mark and the queued mail are one transaction per assignment, and the mark is
     * only set when it was not (`reminded_at is null`), so two workers or a restart never send twice.
     */
    async sendDueReminders(now = new Date()): Promise<number> {
      if (!options.enqueue) return 0;
      const hoursList = await read.reminderHourValues();
      let sent = 0;
      for (const hours of hoursList) {
        const until = new Date(now.getTime() + hours * HOUR).toISOString();
        for (;;) {
          const due = await read.dueReminders(now.toISOString(), until, hours, 100);
          if (due.length === 0) break;
          for (const candidate of due) {
            await withTransaction(db, async (trx) => {
              const repository = schedulingRepository(trx, dialect);
              if (!(await repository.markReminded(candidate.assignment_id, nowIso()))) return;
              sent += await notify(trx, candidate.event_id, [candidate.event_user_id], 'shift_reminder', (context) =>
                schedulingMails.reminder(toMailShift(candidate), context, hours),
              );
            });
          }
          if (due.length < 100) break;
        }
      }
      return sent;
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
        // Many shifts at once (a repeating shift) are one entry in the log, each shift's own under it
        // (docs/decisions/025).
        const partOf =
          made.length > 1
            ? await writeAuditSummary(trx, {
                eventId: membership.eventId,
                actorId,
                action: 'shifts.created',
                subject: `shift:${made[0]}`,
                details: {
                  count: made.length,
                  ids: made.slice(0, AUDIT_SUMMARY_IDS),
                  title: inputs[0].title,
                  startsAt: utc(inputs[0].startsAt),
                },
              })
            : undefined;
        await writeAudit(
          trx,
          made.map((id, index) => ({
            eventId: membership.eventId,
            actorId,
            action: 'shift.created',
            subject: `shift:${id}`,
            details: { title: inputs[index].title, startsAt: utc(inputs[index].startsAt), batch: made.length },
            partOf,
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
        const current = await lockShiftOr404(repository, membership.eventId, shiftId);
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
        const assigned = await repository.assignmentsOf([shiftId]);
        const taken = assigned.length;
        if (next.capacity < taken) {
          throw fieldError(
            'capacity',
            'error.shiftCapacityBelowAssigned',
            { count: taken, capacity: next.capacity },
            409,
          );
        }
        const timesChanged = next.startsAt !== current.starts_at || next.endsAt !== current.ends_at;
        const people = assigned.map((assignment) => assignment.event_user_id);
        if (timesChanged) await checkChangedTimes(trx, current, next.startsAt, next.endsAt, people);
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
        await repository.updateShift(membership.eventId, shiftId, next, nowIso());
        // A new time: the reminder goes out again before it.
        if (timesChanged) await repository.resetReminders(shiftId);
        let told = 0;
        if (timesChanged || next.location !== current.location) {
          const after = { title: next.title, location: next.location, starts_at: next.startsAt, ends_at: next.endsAt };
          told = await notify(trx, membership.eventId, people, 'shift_changed', (context) =>
            schedulingMails.changed(toMailShift(current), toMailShift(after), context),
          );
        }
        await writeAudit(trx, {
          eventId: membership.eventId,
          actorId,
          action: 'shift.updated',
          subject: `shift:${shiftId}`,
          details: { changes, ...(told > 0 ? { told } : {}) },
        });
      });
      return this.get(membership, shiftId);
    },

    /** A copy of one shift at a new start (same length, texts, group and places; nobody assigned). */
    async duplicate(membership: EventMembership, actorId: number, shiftId: number, startsAt: string): Promise<Shift> {
      const id = await withTransaction(db, async (trx) => {
        const repository = schedulingRepository(trx, dialect);
        const source = await findShiftOr404(repository, membership.eventId, shiftId);
        requireOrganiserOf(membership, source.group_id);
        const start = utc(startsAt);
        const end = new Date(
          Date.parse(start) + Date.parse(source.ends_at) - Date.parse(source.starts_at),
        ).toISOString();
        const { id } = await repository.insertShift(
          membership.eventId,
          {
            title: source.title,
            description: source.description,
            location: source.location,
            startsAt: start,
            endsAt: end,
            capacity: source.capacity,
            groupId: source.group_id,
          },
          nowIso(),
        );
        await writeAudit(trx, {
          eventId: membership.eventId,
          actorId,
          action: 'shift.duplicated',
          subject: `shift:${id}`,
          details: { from: shiftId, title: source.title, startsAt: start, endsAt: end },
        });
        return id;
      });
      return this.get(membership, id);
    },

    /**
     * Every shift of one day (in the event's zone) that the caller organises, copied to another day at the same
     * wall-clock times; people are not copied. A preview answers the copies and makes nothing; otherwise all are
     * made in one transaction or none.
     */
    async duplicateDay(
      membership: EventMembership,
      actorId: number,
      input: DuplicateDayInput,
    ): Promise<DuplicateDayResponse> {
      if (input.preview) {
        const drafts = await draftsOfDay(db, membership, input);
        return {
          created: false,
          shifts: drafts.map(({ row, startsAt, endsAt }) => toDraft(row, startsAt, endsAt, null)),
        };
      }
      return withTransaction(db, async (trx) => {
        const drafts = await draftsOfDay(trx, membership, input);
        const repository = schedulingRepository(trx, dialect);
        const now = nowIso();
        const made: ShiftDraft[] = [];
        for (const { row, startsAt, endsAt } of drafts) {
          const { id } = await repository.insertShift(
            membership.eventId,
            {
              title: row.title,
              description: row.description,
              location: row.location,
              startsAt,
              endsAt,
              capacity: row.capacity,
              groupId: row.group_id,
            },
            now,
          );
          made.push(toDraft(row, startsAt, endsAt, id));
        }
        const partOf =
          made.length > 1
            ? await writeAuditSummary(trx, {
                eventId: membership.eventId,
                actorId,
                action: 'shifts.duplicated',
                subject: `event:${membership.eventId}`,
                details: {
                  count: made.length,
                  ids: made.slice(0, AUDIT_SUMMARY_IDS).map((draft) => draft.id),
                  day: { from: input.from, to: input.to },
                },
              })
            : undefined;
        await writeAudit(
          trx,
          made.map((draft) => ({
            eventId: membership.eventId,
            actorId,
            action: 'shift.duplicated',
            subject: `shift:${draft.id}`,
            details: { from: draft.sourceId, day: { from: input.from, to: input.to }, startsAt: draft.startsAt },
            partOf,
          })),
        );
        return { created: true, shifts: made };
      });
    },

    async delete(membership: EventMembership, actorId: number, shiftId: number): Promise<void> {
      await withTransaction(db, async (trx) => {
        const repository = schedulingRepository(trx, dialect);
        const current = await lockShiftOr404(repository, membership.eventId, shiftId);
        requireOrganiserOf(membership, current.group_id);
        const assigned = await repository.assignmentsOf([shiftId]);
        const people = assigned.map((assignment) => assignment.event_user_id);
        // Written before the shift goes: the people's names still resolve, and the mail leaves with the change.
        await notify(trx, membership.eventId, people, 'shift_removed', (context) =>
          schedulingMails.removed(toMailShift(current), context, true),
        );
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
      // A first look without any lock: a volunteer reaching for a shift that is already full is answered here,
      // not queued on the shift's row lock behind everyone else who wants it (decision 024). Whatever else it
      // finds is decided again under the locks below; settings are read here, as always without the event's lock.
      const view = await read.signUpView(membership.eventId, shiftId, eventUserId);
      if (!view) throw notFound('error.shiftNotFound');
      const { settings } = view;
      if (
        membership.roleLevel === 2 &&
        eventUserId === membership.eventUserId &&
        membership.groupId !== null &&
        settings.selfSignupGroupIds.includes(membership.groupId) &&
        Date.parse(view.shift.starts_at) > Date.now() &&
        (view.shift.group_id === null || view.shift.group_id === membership.groupId) &&
        !view.held &&
        view.taken >= view.shift.capacity
      ) {
        throw conflict('error.shiftFull', { capacity: view.shift.capacity });
      }
      try {
        return await withTransaction(db, async (trx) => {
          const repository = schedulingRepository(trx, dialect);
          // The shift's row, then the member's: what capacity and the person's overlap and rest are decided on.
          // Few statements while the shift's lock is held: it is what every sign-up for the shift queues on.
          const shift = await lockShiftOr404(repository, membership.eventId, shiftId);
          if (membership.roleLevel === 2) {
            if (eventUserId !== membership.eventUserId) throw forbidden();
            if (membership.groupId === null || !settings.selfSignupGroupIds.includes(membership.groupId)) {
              throw forbidden('error.selfSignupClosed');
            }
            if (Date.parse(shift.starts_at) <= Date.now()) throw conflict('error.shiftStarted');
          } else {
            requireOrganiserOf(membership, shift.group_id);
          }
          const member = await membershipsService(trx, dialect).lockMember(membership.eventId, eventUserId);
          if (!member) throw fieldError('eventUserId', 'error.memberNotFound', undefined, 404);
          if (membership.roleLevel !== 2) requirePlaceableBy(membership, member);
          if (member.roleLevel === 2 && shift.group_id !== null && shift.group_id !== (member.group?.id ?? null)) {
            throw conflict('error.shiftOtherGroup');
          }
          const held = await repository.shiftsOfMember(membership.eventId, eventUserId);
          await checkHeldShifts(
            shift,
            held,
            settings,
            async () => (await repository.countAssignments(shift.id)) >= shift.capacity,
          );
          // Capacity: counted and inserted in one statement, under the shift's lock.
          const row = await repository.insertAssignmentIfRoom(shiftId, eventUserId, shift.capacity, nowIso());
          if (!row) throw conflict('error.shiftFull', { capacity: shift.capacity });
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
        const shift = await lockShiftOr404(repository, membership.eventId, shiftId);
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
        if (assignment.event_user_id !== membership.eventUserId) {
          await notify(trx, membership.eventId, [assignment.event_user_id], 'shift_removed', (context) =>
            schedulingMails.removed(toMailShift(shift), context, false),
          );
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
