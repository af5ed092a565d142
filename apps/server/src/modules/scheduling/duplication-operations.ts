import type { DuplicateDayInput, DuplicateDayResponse, Shift, ShiftDraft } from '@funkis/shared';
import { AUDIT_SUMMARY_IDS, writeAudit, writeAuditSummary } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { inTransaction } from '../../lib/context.js';
import { nowIso } from '../../lib/time.js';
import { type SchedulingContext, utc } from './operations-context.js';
import * as schedulingRepository from './repository.js';
import { requireOrganiserOf } from './rules.js';

/** Copies: one shift at another start, and a day's shifts on another day (previewed first). */
export function duplicationOperations(shared: SchedulingContext) {
  const { context, findShiftOr404, draftsOfDay, toDraft, getShift } = shared;
  return {
    /** A copy of one shift at a new start (same length, texts, group and places; nobody assigned). */
    async duplicate(caller: Caller, shiftId: number, startsAt: string): Promise<Shift> {
      const id = await inTransaction(context, async (tx) => {
        const source = await findShiftOr404(tx.db, caller.eventId, shiftId);
        requireOrganiserOf(caller, source.group_id);
        const start = utc(startsAt);
        const end = new Date(
          Date.parse(start) + Date.parse(source.ends_at) - Date.parse(source.starts_at),
        ).toISOString();
        const { id } = await schedulingRepository.insertShift(
          tx.db,
          caller.eventId,
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
        await writeAudit(tx.db, {
          eventId: caller.eventId,
          actorId: caller.userId,
          action: 'shift.duplicated',
          subject: `shift:${id}`,
          details: { from: shiftId, title: source.title, startsAt: start, endsAt: end },
        });
        return id;
      });
      return getShift(caller, id);
    },
    /**
     * Every shift of one day (in the event's zone) that the caller organises, copied to another day at the same
     * wall-clock times; people are not copied. A preview answers the copies and makes nothing; otherwise all are
     * made in one transaction or none.
     */
    async duplicateDay(caller: Caller, input: DuplicateDayInput): Promise<DuplicateDayResponse> {
      if (input.preview) {
        const drafts = await draftsOfDay(context, caller, input);
        return {
          created: false,
          shifts: drafts.map(({ row, startsAt, endsAt }) => toDraft(row, startsAt, endsAt, null)),
        };
      }
      return inTransaction(context, async (tx) => {
        const drafts = await draftsOfDay(tx, caller, input);
        const now = nowIso();
        const made: ShiftDraft[] = [];
        for (const { row, startsAt, endsAt } of drafts) {
          const { id } = await schedulingRepository.insertShift(
            tx.db,
            caller.eventId,
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
            ? await writeAuditSummary(tx.db, {
                eventId: caller.eventId,
                actorId: caller.userId,
                action: 'shifts.duplicated',
                subject: `event:${caller.eventId}`,
                details: {
                  count: made.length,
                  ids: made.slice(0, AUDIT_SUMMARY_IDS).map((draft) => draft.id),
                  day: { from: input.from, to: input.to },
                },
              })
            : undefined;
        await writeAudit(
          tx.db,
          made.map((draft) => ({
            eventId: caller.eventId,
            actorId: caller.userId,
            action: 'shift.duplicated',
            subject: `shift:${draft.id}`,
            details: { from: draft.sourceId, day: { from: input.from, to: input.to }, startsAt: draft.startsAt },
            partOf,
          })),
        );
        return { created: true, shifts: made };
      });
    },
  };
}
