import { type CreateEventInput, type Event, type EventSettingsInput, OPTION_FIELD_TYPES } from '@funkis/shared';
import type { Db, EventUpdate } from '../../db/types.js';
import { writeAudit } from '../../lib/audit.js';
import type { ServerContext } from '../../lib/context.js';
import { inTransaction } from '../../lib/context.js';
import { fieldError, notFound } from '../../lib/http-error.js';
import { lockEvent } from '../../lib/transaction.js';
import { applicationsService } from '../applications/service.js';
import { formsService } from '../forms/service.js';
import { membershipsService } from '../memberships/service.js';
import { parseWeekConfig, toEvent } from './event-view.js';
import * as eventsRepository from './repository.js';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Events and their settings: the one owner of `events`. Creating one also makes its empty form (forms) and its
 * first admin (memberships); a week-separation change recomputes the applications' weeks (applications). Every
 * change in one transaction with its audit entries.
 */
export function eventsService(context: ServerContext) {
  const { db } = context;
  return {
    async createEvent(actorId: number, input: CreateEventInput, options: { id?: number } = {}): Promise<Event> {
      return inTransaction(context, async (tx) => {
        const row = await eventsRepository.insertEvent(tx.db, {
          name: input.name,
          description: input.description ?? '',
          id: options.id,
        });
        await writeAudit(tx.db, {
          eventId: row.id,
          actorId,
          action: 'event.created',
          subject: `event:${row.id}`,
          details: { name: row.name },
        });
        await formsService(tx).createEmptyForm(row.id);
        await membershipsService(tx).addCreator(row.id, actorId);
        return toEvent(row);
      });
    },

    /**
     * Changes only the settings given. Week separation, when on, needs a config whose field is a select, radio
     * or checkboxes question of the form; a change of either recomputes every application's week.
     */
    async updateSettings(eventId: number, actorId: number | null, input: EventSettingsInput): Promise<Event> {
      return inTransaction(context, async (tx) => {
        await lockEvent(tx.db, eventId);
        const current = await eventsRepository.findEvent(tx.db, eventId);
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
          timeZone: input.timeZone ?? before.timeZone,
        };
        if (after.startsAt && after.endsAt && after.endsAt < after.startsAt) {
          throw fieldError('endsAt', 'error.endsBeforeStarts');
        }
        const weekTouched = input.useWeekSeparation !== undefined || input.weekSeparationConfig !== undefined;
        if (weekTouched && after.useWeekSeparation) {
          const config = after.weekSeparationConfig;
          if (!config) throw fieldError('weekSeparationConfig', 'error.weekConfigRequired');
          const fields = await formsService(tx).fields(eventId);
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
          // Stored only once chosen: until then the event follows the server's zone.
          ...(changes.timeZone ? { time_zone: after.timeZone } : {}),
        };
        const row = await eventsRepository.updateEvent(tx.db, eventId, values);
        let weeksRecomputed: number | undefined;
        if (changes.useWeekSeparation || changes.weekSeparationConfig) {
          const config = after.useWeekSeparation ? parseWeekConfig(row.week_separation_config) : null;
          weeksRecomputed = await applicationsService(tx).recomputeWeeks(eventId, config);
        }
        await writeAudit(tx.db, {
          eventId,
          actorId,
          action: 'event.settings_changed',
          subject: `event:${eventId}`,
          details: { changes, ...(weeksRecomputed === undefined ? {} : { weeksRecomputed }) },
        });
        return toEvent(row);
      });
    },

    async setApplicationsOpen(eventId: number, actorId: number | null, open: boolean): Promise<Event> {
      return inTransaction(context, async (tx) => {
        await lockEvent(tx.db, eventId);
        const current = await eventsRepository.findEvent(tx.db, eventId);
        if (!current) throw notFound();
        if ((current.applications_open === 1) === open) return toEvent(current);
        const row = await eventsRepository.updateEvent(tx.db, eventId, { applications_open: open ? 1 : 0 });
        await writeAudit(tx.db, {
          eventId,
          actorId,
          action: open ? 'event.applications_opened' : 'event.applications_closed',
          subject: `event:${eventId}`,
        });
        return toEvent(row);
      });
    },

    findEvent: (eventId: number) => eventsRepository.findEvent(db, eventId),

    /** The event row and its form's stored fields (text; null without a form) in one query. */
    findEventWithForm: async (eventId: number) => (await eventsRepository.findEventWithForm(db, eventId))[0],

    /** Name and time zone of each event asked for (missing ones are left out). */
    async namesAndZones(eventIds: readonly number[]): Promise<Map<number, { name: string; timeZone: string }>> {
      const found = new Map<number, { name: string; timeZone: string }>();
      for (const eventId of new Set(eventIds)) {
        const row = await eventsRepository.findEvent(db, eventId);
        if (row) found.set(eventId, { name: row.name, timeZone: toEvent(row).timeZone });
      }
      return found;
    },

    /**
     * Stores the new avatar's file name; returns the previous one so the caller can delete its bytes. `claim`
     * decides under the event's lock whether the new bytes may be recorded (storage limits).
     */
    async setAvatar(eventId: number, actorId: number | null, avatar: string, claim?: (trx: Db) => Promise<void>) {
      return inTransaction(context, async (tx) => {
        await lockEvent(tx.db, eventId);
        await claim?.(tx.db);
        const current = await eventsRepository.findEvent(tx.db, eventId);
        if (!current) throw notFound();
        const row = await eventsRepository.updateEvent(tx.db, eventId, { avatar });
        await writeAudit(tx.db, {
          eventId,
          actorId,
          action: 'event.avatar_changed',
          subject: `event:${eventId}`,
        });
        return { event: toEvent(row), previous: current.avatar };
      });
    },

    listForUser: (userId: number, page: number, pageSize: number) =>
      eventsRepository.listForUser(db, userId, page, pageSize),

    /** Deletes the events whose only member removed their account; answers the stored files left behind. */
    deleteEvents: (eventIds: readonly number[]) => eventsRepository.deleteEvents(db, eventIds),
  };
}

export type EventsService = ReturnType<typeof eventsService>;
