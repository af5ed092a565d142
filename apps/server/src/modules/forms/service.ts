import {
  type Answers,
  type ApplicationAnswer,
  type ApplicationStatus,
  checkFieldNames,
  type EventForm,
  type FormField,
  formFieldsSchema,
  highestCustomFieldNumber,
  isDisplayOnlyField,
  isOptionField,
  validateAnswers,
  validateFormFields,
  type WeekSeparationConfig,
  weekOfAnswers,
  weekSeparationConfigSchema,
} from '@funkis/shared';
import type { Db } from '../../db/types.js';
import { writeAudit } from '../../lib/audit.js';
import { conflict, fieldErrors, notFound } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import type { EventMembership } from '../../plugins/auth.js';
import { formsRepository } from './repository.js';

function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The stored fields, read leniently: a form saved by an older version never breaks the pages that show it. */
function parseFields(text: string | undefined): FormField[] {
  const parsed = formFieldsSchema.safeParse(parseJson<unknown>(text ?? null, []));
  return parsed.success ? parsed.data : [];
}

/** The week separation in force: the config when it is switched on and readable, otherwise null. */
function activeWeekConfig(event: { use_week_separation: number; week_separation_config: string | null }) {
  if (event.use_week_separation !== 1) return null;
  const parsed = weekSeparationConfigSchema.safeParse(parseJson<unknown>(event.week_separation_config, null));
  return parsed.success ? parsed.data : null;
}

export const eventAvatarUrl = (eventId: number, avatar: string | null): string | null =>
  avatar ? `/api/event/${eventId}/avatar?v=${encodeURIComponent(avatar)}` : null;

/** What search matches: name, e-mail and every answer, lower-cased. */
export function searchTextOf(user: { firstname: string; lastname: string; email: string }, answers: Answers): string {
  const values = Object.values(answers)
    .flat()
    .filter((value) => value !== null && value !== '');
  return `${user.firstname} ${user.lastname} ${user.email} ${values.join(' ')}`.toLowerCase();
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

export function formsService(db: Db) {
  const repository = formsRepository(db);

  const toEventForm = (form: { fields: string; updated_at: string; last_field_number: number } | undefined) => {
    const fields = parseFields(form?.fields);
    const highest = Math.max(form?.last_field_number ?? 0, highestCustomFieldNumber(fields.map((f) => f.name)));
    return { fields, updatedAt: form?.updated_at ?? null, nextFieldNumber: highest + 1 } satisfies EventForm;
  };

  return {
    async getForm(eventId: number): Promise<EventForm> {
      return toEventForm(await repository.findForm(eventId));
    },

    /**
     * Saves the builder's fields in one transaction with its audit record. Refuses invalid fields (400),
     * renamed or reused names (400), losing the week-separation field (409) and a form changed since it
     * was loaded (409).
     */
    async saveForm(input: {
      eventId: number;
      actorId: number;
      fields: FormField[];
      expectedUpdatedAt?: string | null;
    }): Promise<EventForm> {
      const checked = validateFormFields(input.fields);
      if (!checked.isValid) {
        throw fieldErrors(400, checked.issues, { summary: 'error.formInvalid' });
      }
      const fields = checked.value;
      return db.transaction().execute(async (trx) => {
        const inTransaction = formsRepository(trx);
        const event = await inTransaction.findEvent(input.eventId);
        if (!event) throw notFound();
        const saved = await inTransaction.findForm(input.eventId);
        const current = toEventForm(saved);
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
        const stored = await inTransaction.saveForm(
          input.eventId,
          { fields: JSON.stringify(fields), lastFieldNumber, updatedAt },
          saved ? saved.updated_at : null,
        );
        if (!stored) throw conflict('error.formChanged');
        await writeAudit(trx, {
          eventId: input.eventId,
          actorId: input.actorId,
          action: 'form.updated',
          subject: `event:${input.eventId}`,
          details: { ...describeChanges(current.fields, fields), fieldCount: fields.length },
        });
        return { fields, updatedAt, nextFieldNumber: lastFieldNumber + 1 };
      });
    },

    async getApplyPage(eventId: number, userId: number) {
      const event = await repository.findEvent(eventId);
      if (!event) throw notFound();
      const [form, application] = await Promise.all([
        repository.findForm(eventId),
        repository.findApplicationOf(eventId, userId),
      ]);
      return {
        event: {
          id: event.id,
          name: event.name,
          avatarUrl: eventAvatarUrl(event.id, event.avatar),
          description: event.description,
        },
        form: { fields: parseFields(form?.fields) },
        applicationsOpen: event.applications_open === 1,
        application: application
          ? { status: application.status as ApplicationStatus, createdAt: application.created_at }
          : null,
      };
    },

    /**
     * Stores an application after checking it against the saved form. Closed (409) and already applied
     * (409) come before the answers are looked at: there is nothing to correct then.
     */
    async apply(
      eventId: number,
      user: { id: number; firstname: string; lastname: string; email: string },
      answers: Record<string, unknown>,
    ) {
      const event = await repository.findEvent(eventId);
      if (!event) throw notFound();
      if (event.applications_open !== 1) throw conflict('error.applicationsClosed');
      if (await repository.findApplicationOf(eventId, user.id)) throw conflict('error.alreadyApplied');

      const fields = parseFields((await repository.findForm(eventId))?.fields);
      const result = validateAnswers(fields, answers);
      if (!result.isValid) {
        const labelOf = new Map(fields.map((field) => [field.name, field.label]));
        const texts = Object.entries(result.fieldErrors).map(
          ([name, message]) => `${labelOf.get(name) || name}: ${message}`,
        );
        throw fieldErrors(400, result.issues, { texts });
      }
      const labels = Object.fromEntries(
        fields.filter((field) => field.name in result.value).map((field) => [field.name, field.label]),
      );
      try {
        const row = await repository.insertApplication({
          eventId,
          userId: user.id,
          answers: JSON.stringify(result.value),
          answerLabels: JSON.stringify(labels),
          week: weekOfAnswers(result.value, activeWeekConfig(event)),
          searchText: searchTextOf(user, result.value),
          createdAt: nowIso(),
        });
        return { id: row.id, status: row.status as ApplicationStatus, createdAt: row.created_at };
      } catch (error) {
        // Two submissions racing: the unique (event, user) index lets one through.
        if (await repository.findApplicationOf(eventId, user.id)) throw conflict('error.alreadyApplied');
        throw error;
      }
    },

    /**
     * Every answer of an application: the current form's fields in form order (null where unanswered), then
     * answers to fields removed since, under the label they were answered with. Admins see any application
     * of the event; group leaders those of their own group (others answer 404, as if they did not exist).
     */
    async getApplicationAnswers(membership: EventMembership, applicationId: number): Promise<ApplicationAnswer[]> {
      const application = await repository.findApplication(membership.eventId, applicationId);
      if (!application) throw notFound();
      if (membership.roleLevel !== 0 && (membership.groupId === null || application.group_id !== membership.groupId)) {
        throw notFound();
      }
      const fields = parseFields((await repository.findForm(membership.eventId))?.fields).filter(
        (field) => !isDisplayOnlyField(field.type),
      );
      const answers = parseJson<Answers>(application.answers, {});
      const labels = parseJson<Record<string, string>>(application.answer_labels, {});
      const current = new Set(fields.map((field) => field.name));
      return [
        ...fields.map((field) => ({
          name: field.name,
          label: field.label,
          value: Object.hasOwn(answers, field.name) ? answers[field.name] : null,
          removed: false,
        })),
        ...Object.entries(answers)
          .filter(([name]) => !current.has(name))
          .map(([name, value]) => ({ name, label: labels[name] ?? name, value, removed: true })),
      ];
    },
  };
}

export type FormsService = ReturnType<typeof formsService>;
