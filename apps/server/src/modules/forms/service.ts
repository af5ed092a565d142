import {
  checkFieldNames,
  type EventForm,
  type FormField,
  formFieldSchema,
  formFieldsSchema,
  highestCustomFieldNumber,
  isOptionField,
  validateFormFields,
  type WeekSeparationConfig,
  weekSeparationConfigSchema,
} from '@funkis/shared';
import { writeAudit } from '../../lib/audit.js';
import type { ServerContext } from '../../lib/context.js';
import { inTransaction } from '../../lib/context.js';
import { turnOfTheLoop } from '../../lib/event-loop.js';
import { conflict, fieldErrors, notFound } from '../../lib/http-error.js';
import { parseJson } from '../../lib/json.js';
import { parseJsonArraySliced, parseSliced } from '../../lib/sliced-parse.js';
import { nowIso } from '../../lib/time.js';
import * as formsRepository from './repository.js';

/** `formFieldsSchema`'s bound: more fields than this are no form. */
const FORM_FIELDS_MAXIMUM = 200;

/** The stored fields, read leniently: a form saved by an older version never breaks the pages that show it. */
export function parseFields(text: string | undefined): FormField[] {
  const parsed = formFieldsSchema.safeParse(parseJson<unknown>(text ?? null, []));
  return parsed.success ? parsed.data : [];
}

/**
 * `parseFields` a slice of fields at a time (docs/decisions/021): the same fields, without holding the server for
 * the biggest form's 20,000 options at once.
 */
export async function parseFieldsSliced(text: string | undefined): Promise<FormField[]> {
  if (!text) return [];
  const value = await parseJsonArraySliced(text);
  if (value === null || value.length > FORM_FIELDS_MAXIMUM) return [];
  const parsed = await parseSliced(formFieldSchema, value);
  return parsed.success ? parsed.data : [];
}

/** The week separation in force: the config when it is switched on and readable, otherwise null. */
export function activeWeekConfig(event: { use_week_separation: number; week_separation_config: string | null }) {
  if (event.use_week_separation !== 1) return null;
  const parsed = weekSeparationConfigSchema.safeParse(parseJson<unknown>(event.week_separation_config, null));
  return parsed.success ? parsed.data : null;
}

function describeChanges(before: FormField[], after: FormField[]) {
  const previous = new Map(before.map((field) => [field.name, JSON.stringify(field)]));
  const names = new Set(after.map((field) => field.name));
  return {
    added: after.filter((field) => !previous.has(field.name)).map((field) => field.name),
    removed: before.filter((field) => !names.has(field.name)).map((field) => field.name),
    changed: after
      .filter((field) => previous.has(field.name) && previous.get(field.name) !== JSON.stringify(field))
      .map((field) => field.name),
    reordered:
      before
        .map((field) => field.name)
        .filter((name) => names.has(name))
        .join('\n') !==
      after
        .map((field) => field.name)
        .filter((name) => previous.has(name))
        .join('\n'),
  };
}

function checkWeekField(fields: FormField[], config: WeekSeparationConfig | null): void {
  if (!config) return;
  const field = fields.find((candidate) => candidate.name === config.formFieldName);
  if (!field) throw conflict('error.formWeekFieldRemoved', { name: config.formFieldName });
  if (!isOptionField(field.type)) throw conflict('error.formWeekFieldType', { name: config.formFieldName });
}

export function formsService(context: ServerContext) {
  const { db } = context;
  const toEventForm = async (
    form: { fields: string; updated_at: string; last_field_number: number } | undefined,
  ): Promise<EventForm> => {
    const fields = await parseFieldsSliced(form?.fields);
    const highest = Math.max(form?.last_field_number ?? 0, highestCustomFieldNumber(fields.map((f) => f.name)));
    return { fields, updatedAt: form?.updated_at ?? null, nextFieldNumber: highest + 1 } satisfies EventForm;
  };

  return {
    async getForm(eventId: number): Promise<EventForm> {
      return toEventForm(await formsRepository.findForm(db, eventId));
    },

    /**
     * Saves the builder's fields in one transaction with its audit record. Refuses invalid fields (400),
     * renamed or reused names (400), losing the week-separation field (409) and a form changed since it
     * was loaded (409).
     */
    async saveForm(input: {
      eventId: number;
      actorId: number | null;
      fields: FormField[];
      expectedUpdatedAt?: string | null;
    }): Promise<EventForm> {
      const checked = validateFormFields(input.fields);
      if (!checked.isValid) {
        throw fieldErrors(400, checked.issues, { summary: 'error.formInvalid' });
      }
      const fields = checked.value;
      return inTransaction(context, async (tx) => {
        const event = await formsRepository.findEvent(tx.db, input.eventId);
        if (!event) throw notFound();
        const saved = await formsRepository.findForm(tx.db, input.eventId);
        const current = await toEventForm(saved);
        if (input.expectedUpdatedAt !== undefined && input.expectedUpdatedAt !== current.updatedAt) {
          throw conflict('error.formChanged');
        }
        const names = checkFieldNames(
          fields,
          current.fields.map((field) => field.name),
          current.nextFieldNumber - 1,
        );
        if (!names.isValid) throw fieldErrors(400, names.issues, { summary: 'error.formInvalid' });
        checkWeekField(fields, activeWeekConfig(event));

        const updatedAt = nowIso();
        const lastFieldNumber = Math.max(
          current.nextFieldNumber - 1,
          highestCustomFieldNumber(fields.map((f) => f.name)),
        );
        const fieldsJson = JSON.stringify(fields);
        // The biggest form's text and its comparison with the saved one each take a turn of their own.
        await turnOfTheLoop();
        const changes = describeChanges(current.fields, fields);
        const stored = await formsRepository.saveForm(
          tx.db,
          input.eventId,
          { fields: fieldsJson, lastFieldNumber, updatedAt },
          saved ? saved.updated_at : null,
        );
        if (!stored) throw conflict('error.formChanged');
        await writeAudit(tx.db, {
          eventId: input.eventId,
          actorId: input.actorId,
          action: 'form.updated',
          subject: `event:${input.eventId}`,
          details: { ...changes, fieldCount: fields.length },
        });
        return { fields, updatedAt, nextFieldNumber: lastFieldNumber + 1 };
      });
    },

    /** The fields of the event's form as saved (none for an event without a form). */
    async fields(eventId: number): Promise<FormField[]> {
      return parseFieldsSliced((await formsRepository.findForm(db, eventId))?.fields);
    },

    /**
     * A form brought in whole (demo data, a copy of another event's form): checked by the same field rules as
     * the builder, names kept as given (an imported form may use names like `checkbox-test`).
     */
    async importForm(eventId: number, actorId: number | null, fields: FormField[]): Promise<EventForm> {
      const checked = validateFormFields(fields);
      if (!checked.isValid) throw fieldErrors(400, checked.issues, { summary: 'error.formInvalid' });
      return inTransaction(context, async (tx) => {
        const saved = await formsRepository.findForm(tx.db, eventId);
        const updatedAt = nowIso();
        const lastFieldNumber = Math.max(
          saved?.last_field_number ?? 0,
          highestCustomFieldNumber(checked.value.map((field) => field.name)),
        );
        const stored = await formsRepository.saveForm(
          tx.db,
          eventId,
          { fields: JSON.stringify(checked.value), lastFieldNumber, updatedAt },
          saved ? saved.updated_at : null,
        );
        if (!stored) throw conflict('error.formChanged');
        await writeAudit(tx.db, {
          eventId,
          actorId,
          action: 'form.imported',
          subject: `event:${eventId}`,
          details: { fieldCount: checked.value.length },
        });
        return { fields: checked.value, updatedAt, nextFieldNumber: lastFieldNumber + 1 };
      });
    },

    /** A new event's empty form (part of the creating transaction). */
    createEmptyForm: (eventId: number) => formsRepository.insertEmptyForm(db, eventId, nowIso()),
  };
}

export type FormsService = ReturnType<typeof formsService>;
