import {
  type CreateShiftInput,
  isAdmin,
  type SchedulingSettings,
  type Shift,
  type ShiftsListQuery,
  type UpdateShiftInput,
} from '@funkis/shared';
import { AUDIT_SUMMARY_IDS, writeAudit, writeAuditSummary } from '../../lib/audit.js';
import type { Caller, EventMembership } from '../../lib/caller.js';
import { inTransaction } from '../../lib/context.js';
import { fieldError } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import { lockEvent } from '../../lib/transaction.js';
import { groupsService } from '../groups/service.js';
import { schedulingMails, shiftNotice } from './mails.js';
import { type SchedulingContext, utc } from './operations-context.js';
import type { ShiftFilters } from './repository.js';
import * as schedulingRepository from './repository.js';
import { requireOrganiserOf } from './rules.js';
import { fillFromWaitlist } from './waitlist-operations.js';

/** Shifts: the list and one shift, made one or many at a time, changed (people told), deleted; the settings. */
export function shiftOperations(shared: SchedulingContext) {
  const { context, db, toMailShift, notify, requireGroup, lockShiftOr404, toShifts, checkChangedTimes, getShift } =
    shared;
  return {
    async list(membership: EventMembership, query: ShiftsListQuery): Promise<Shift[]> {
      const filters: ShiftFilters = {
        from: query.from ? utc(query.from) : undefined,
        to: query.to ? utc(query.to) : undefined,
        groupId: query.groupId,
        location: query.location || undefined,
        free: query.free === '1',
      };
      if (!isAdmin(membership)) {
        filters.visibleTo = { groupId: membership.groupId, eventUserId: membership.eventUserId };
      }
      const rows = await schedulingRepository.listShifts(db, membership.eventId, filters);
      return toShifts(membership.eventId, rows, membership.eventUserId);
    },
    get: getShift,
    settings: (eventId: number) => schedulingRepository.settings(db, eventId),
    async saveSettings(caller: Caller, settings: SchedulingSettings): Promise<SchedulingSettings> {
      const { eventId } = caller;
      return inTransaction(context, async (tx) => {
        await lockEvent(tx.db, eventId);
        const known = new Set((await groupsService(tx).names(eventId)).map((group) => group.id));
        const unknown = settings.selfSignupGroupIds.find((id) => !known.has(id));
        if (unknown !== undefined) throw fieldError('selfSignupGroupIds', 'error.groupNotFound', undefined, 404);
        const clean = { ...settings, selfSignupGroupIds: [...new Set(settings.selfSignupGroupIds)] };
        const before = await schedulingRepository.settings(tx.db, eventId);
        await schedulingRepository.saveSettings(tx.db, eventId, clean, nowIso());
        await writeAudit(tx.db, {
          eventId,
          actorId: caller.userId,
          action: 'scheduling.settings_changed',
          subject: `event:${eventId}`,
          details: { from: before, to: clean },
        });
        return clean;
      });
    },
    async create(caller: Caller, input: CreateShiftInput): Promise<Shift> {
      requireOrganiserOf(caller, input.groupId);
      const id = await inTransaction(context, async (tx) => {
        await requireGroup(tx, caller.eventId, input.groupId);
        const values = { ...input, startsAt: utc(input.startsAt), endsAt: utc(input.endsAt) };
        const { id } = await schedulingRepository.insertShift(tx.db, caller.eventId, values, nowIso());
        await writeAudit(tx.db, {
          eventId: caller.eventId,
          actorId: caller.userId,
          action: 'shift.created',
          subject: `shift:${id}`,
          details: { title: values.title, startsAt: values.startsAt, endsAt: values.endsAt, capacity: values.capacity },
        });
        return id;
      });
      return getShift(caller, id);
    },
    /** A repeating set or a duplicated day: every shift checked, all made in one transaction or none. */
    async createMany(caller: Caller, inputs: CreateShiftInput[]): Promise<Shift[]> {
      for (const input of inputs) requireOrganiserOf(caller, input.groupId);
      const ids = await inTransaction(context, async (tx) => {
        for (const groupId of new Set(inputs.map((input) => input.groupId))) {
          await requireGroup(tx, caller.eventId, groupId);
        }
        const now = nowIso();
        const made: number[] = [];
        for (const input of inputs) {
          const values = { ...input, startsAt: utc(input.startsAt), endsAt: utc(input.endsAt) };
          made.push((await schedulingRepository.insertShift(tx.db, caller.eventId, values, now)).id);
        }
        // Many shifts at once (a repeating shift) are one entry in the log, each shift's own under it
        // (docs/decisions/025).
        const partOf =
          made.length > 1
            ? await writeAuditSummary(tx.db, {
                eventId: caller.eventId,
                actorId: caller.userId,
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
          tx.db,
          made.map((id, index) => ({
            eventId: caller.eventId,
            actorId: caller.userId,
            action: 'shift.created',
            subject: `shift:${id}`,
            details: { title: inputs[index].title, startsAt: utc(inputs[index].startsAt), batch: made.length },
            partOf,
          })),
        );
        return made;
      });
      // The shifts just made, not the event's every shift read and filtered here: an event of 2,000 shifts held
      // the loop ~35 ms on SQLite for a batch of 100.
      const rows = await schedulingRepository.listShifts(db, caller.eventId, { ids });
      return toShifts(caller.eventId, rows, caller.eventUserId);
    },
    async update(caller: Caller, shiftId: number, input: UpdateShiftInput): Promise<Shift> {
      await inTransaction(context, async (tx) => {
        const current = await lockShiftOr404(tx.db, caller.eventId, shiftId);
        requireOrganiserOf(caller, current.group_id);
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
          requireOrganiserOf(caller, next.groupId);
          await requireGroup(tx, caller.eventId, next.groupId);
        }
        if (Date.parse(next.endsAt) <= Date.parse(next.startsAt)) {
          throw fieldError('endsAt', 'error.shiftEndsBeforeStart');
        }
        const assigned = await schedulingRepository.assignmentsOf(tx.db, [shiftId]);
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
        if (timesChanged) await checkChangedTimes(tx, current, next.startsAt, next.endsAt, people);
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
        await schedulingRepository.updateShift(tx.db, caller.eventId, shiftId, next, nowIso());
        // A new time: the reminder goes out again before it.
        if (timesChanged) await schedulingRepository.resetReminders(tx.db, shiftId);
        // More places: they go to the shift's line first, under the same lock.
        if (next.capacity > current.capacity) {
          await fillFromWaitlist(shared, tx, caller.eventId, {
            ...current,
            title: next.title,
            location: next.location,
            starts_at: next.startsAt,
            ends_at: next.endsAt,
            capacity: next.capacity,
            group_id: next.groupId,
          });
        }
        let told = 0;
        if (timesChanged || next.location !== current.location) {
          const after = { title: next.title, location: next.location, starts_at: next.startsAt, ends_at: next.endsAt };
          told = await notify(
            tx,
            caller.eventId,
            people,
            'shift_changed',
            (context) => schedulingMails.changed(toMailShift(current), toMailShift(after), context),
            shiftNotice('shiftChange', 'push.shiftChange', toMailShift(after)),
          );
        }
        await writeAudit(tx.db, {
          eventId: caller.eventId,
          actorId: caller.userId,
          action: 'shift.updated',
          subject: `shift:${shiftId}`,
          details: { changes, ...(told > 0 ? { told } : {}) },
        });
      });
      return getShift(caller, shiftId);
    },
    async delete(caller: Caller, shiftId: number): Promise<void> {
      await inTransaction(context, async (tx) => {
        const current = await lockShiftOr404(tx.db, caller.eventId, shiftId);
        requireOrganiserOf(caller, current.group_id);
        const assigned = await schedulingRepository.assignmentsOf(tx.db, [shiftId]);
        const people = assigned.map((assignment) => assignment.event_user_id);
        // Written before the shift goes: the people's names still resolve, and the mail leaves with the change.
        await notify(
          tx,
          caller.eventId,
          people,
          'shift_removed',
          (context) => schedulingMails.removed(toMailShift(current), context, true),
          shiftNotice('shiftChange', 'push.shiftCancelled', toMailShift(current)),
        );
        await schedulingRepository.deleteShift(tx.db, caller.eventId, shiftId);
        await writeAudit(tx.db, {
          eventId: caller.eventId,
          actorId: caller.userId,
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
  };
}
