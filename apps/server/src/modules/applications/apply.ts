import { type Answers, type ApplicationStatus, validateAnswers, weekOfAnswers } from '@funkis/shared';
import { eventAvatarUrl } from '../../lib/avatar-urls.js';
import { inTransaction } from '../../lib/context.js';
import { conflict, fieldErrors, notFound } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import { activeWeekConfig } from '../forms/service.js';
import { membershipsService } from '../memberships/service.js';
import { choicesOf } from './choices.js';
import type { ApplicationsContext } from './operations-context.js';
import * as applicationsRepository from './repository.js';

/** An event takes applications while its switch is on and it is not completed (one rule: apply page, avatar). */
export const isTakingApplications = (event: { applications_open: number; status: string }): boolean =>
  event.applications_open === 1 && event.status === 'ongoing';

/** What search matches: name, e-mail and every answer, lower-cased (lib/search lower-cases the term the same way). */
export function searchTextOf(user: { firstname: string; lastname: string; email: string }, answers: Answers): string {
  const values = Object.values(answers)
    .flat()
    .filter((value) => value !== null && value !== '');
  return `${user.firstname} ${user.lastname} ${user.email} ${values.join(' ')}`.toLowerCase();
}

/**
 * Apply: the apply page and what a visitor sees of it, an application sent through it, and applications brought
 * in from elsewhere (demo data, another tool's export), whose week and search text are computed the same way.
 */
export function applyOperations(shared: ApplicationsContext) {
  const { context, db, forms } = shared;

  /** Many imported applications at once: multi-row statements, each row's week and search text computed here. */
  async function importApplications(
    eventId: number,
    rows: readonly { userId: number; answers: Answers; createdAt?: string; labels?: Record<string, string> }[],
  ): Promise<number[]> {
    const event = await applicationsRepository.findEventForApply(db, eventId);
    if (!event) throw notFound();
    const config = activeWeekConfig(event);
    const applicants = new Map(
      (
        await applicationsRepository.findApplicants(
          db,
          rows.map((row) => row.userId),
        )
      ).map((user) => [user.id, user]),
    );
    const fields = await forms.fields(eventId);
    const now = nowIso();
    const values = rows.map((row) => {
      const user = applicants.get(row.userId);
      if (!user) throw notFound();
      return {
        eventId,
        userId: row.userId,
        answers: JSON.stringify(row.answers),
        answerLabels: JSON.stringify(row.labels ?? {}),
        week: weekOfAnswers(row.answers, config),
        searchText: searchTextOf(user, row.answers),
        createdAt: row.createdAt ?? now,
      };
    });
    return inTransaction(context, async (tx) => {
      const ids = await applicationsRepository.insertApplications(tx.db, values);
      await applicationsRepository.insertChoices(
        tx.db,
        rows.flatMap((row, index) =>
          choicesOf(fields, row.answers).map((choice) => ({ applicationId: ids[index] as number, eventId, ...choice })),
        ),
      );
      return ids;
    });
  }

  return {
    // --- apply ---

    /**
     * The public apply page of an event for any logged-in user: its name, description and form, whether it takes
     * applications and the caller's own application.
     */
    async getApplyPage(eventId: number, userId: number) {
      const event = await applicationsRepository.findEventForApply(db, eventId);
      if (!event) throw notFound();
      const [application, member] = await Promise.all([
        applicationsRepository.findApplicationOf(db, eventId, userId),
        membershipsService(context).findMemberByUserId(eventId, userId),
      ]);
      const open = isTakingApplications(event);
      // Outsiders see an event only while it takes applications (or once they have applied); otherwise it is
      // not found, exactly like an id that names no event: ids are sequential, and a private event's name is
      // not for strangers (docs/decisions/022).
      if (!open && member === undefined && application === undefined) throw notFound();
      return {
        event: {
          id: event.id,
          name: event.name,
          avatarUrl: eventAvatarUrl(event.id, event.avatar),
          description: event.description,
        },
        form: { fields: await forms.fields(eventId) },
        applicationsOpen: open,
        application: application
          ? { status: application.status as ApplicationStatus, createdAt: application.created_at }
          : null,
        membership: member ? { roleLevel: member.roleLevel, group: member.group } : null,
      };
    },

    /**
     * What the apply link shows a visitor who is not logged in: the event's name and picture, only while it takes
     * applications; otherwise 404, as if there were no such event (nothing about a closed event reaches strangers).
     */
    async getApplyPreview(eventId: number) {
      const event = await applicationsRepository.findEventForApply(db, eventId);
      if (!event || !isTakingApplications(event)) throw notFound();
      return { event: { id: event.id, name: event.name, avatarUrl: eventAvatarUrl(event.id, event.avatar) } };
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
      const event = await applicationsRepository.findEventForApply(db, eventId);
      if (!event) throw notFound();
      const applied = await applicationsRepository.findApplicationOf(db, eventId, user.id);
      const isMember = (await membershipsService(context).findMemberByUserId(eventId, user.id)) !== undefined;
      if (!isTakingApplications(event)) {
        // As the apply page: closed to those who know the event, not found to strangers.
        if (isMember || applied) throw conflict('error.applicationsClosed');
        throw notFound();
      }
      if (applied) throw conflict('error.alreadyApplied');
      // Members (admins included) are in the event already: an application of theirs would only land in the review.
      if (isMember) throw conflict('error.memberCannotApply');

      const fields = await forms.fields(eventId);
      const result = validateAnswers(fields, answers);
      if (!result.isValid) {
        throw fieldErrors(400, result.issues, { labels: new Map(fields.map((field) => [field.name, field.label])) });
      }
      const labels = Object.fromEntries(
        fields.filter((field) => field.name in result.value).map((field) => [field.name, field.label]),
      );
      try {
        // The application and the options it chooses are stored together or not at all.
        const createdAt = nowIso();
        const applicationId = await inTransaction(context, async (tx) => {
          const [id] = await applicationsRepository.insertApplications(tx.db, [
            {
              eventId,
              userId: user.id,
              answers: JSON.stringify(result.value),
              answerLabels: JSON.stringify(labels),
              week: weekOfAnswers(result.value, activeWeekConfig(event)),
              searchText: searchTextOf(user, result.value),
              createdAt,
            },
          ]);
          const stored = id as number;
          await applicationsRepository.insertChoices(
            tx.db,
            choicesOf(fields, result.value).map((choice) => ({ applicationId: stored, eventId, ...choice })),
          );
          return stored;
        });
        // Every new application is pending.
        return { id: applicationId, status: 'pending' as ApplicationStatus, createdAt };
      } catch (error) {
        // Two submissions racing: the unique (event, user) index lets one through.
        if (await applicationsRepository.findApplicationOf(db, eventId, user.id))
          throw conflict('error.alreadyApplied');
        throw error;
      }
    },

    /**
     * An application brought in from elsewhere (demo data, another tool's export): the answers are stored as
     * given, the week and the search text computed here exactly as for one sent through the apply page. It is
     * pending, as every new application; the review's bulk update sets status and group (and membership).
     */
    async importApplication(
      eventId: number,
      userId: number,
      answers: Answers,
      options: { createdAt?: string; labels?: Record<string, string> } = {},
    ): Promise<number> {
      const [id] = await importApplications(eventId, [{ userId, answers, ...options }]);
      return id as number;
    },

    importApplications,
  };
}
