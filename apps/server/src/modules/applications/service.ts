import {
  type Answers,
  APPLICATION_STATUSES,
  APPLICATIONS_EXPORT_MAXIMUM,
  type Application,
  type ApplicationAnswer,
  type ApplicationFilter,
  type ApplicationHistoryEntry,
  type ApplicationSort,
  type ApplicationStatusCounts,
  type ApplicationSummary,
  canReviewApplication,
  isAdmin,
  isApplicationStatus,
  isDisplayOnlyField,
  MAIL_LIMITS,
} from '@funkis/shared';
import type { Db, DialectName } from '../../db/types.js';
import { AUDIT_SUMMARY_IDS, writeAudit, writeAuditSummary } from '../../lib/audit.js';
import type { EventMembership } from '../../lib/caller.js';
import { SLICE_ROWS, turnOfTheLoop } from '../../lib/event-loop.js';
import { badRequest, fieldError, forbidden, notFound } from '../../lib/http-error.js';
import { parseJson, parseJsonObject } from '../../lib/json.js';
import { nowIso } from '../../lib/time.js';
import { withTransaction } from '../../lib/transaction.js';
import { activeWeekConfig, formsService } from '../forms/service.js';
import { groupsService } from '../groups/service.js';
import type { MailService } from '../mail/service.js';
import { membershipsService } from '../memberships/service.js';
import { applyOperations } from './apply.js';
import {
  applyMembershipEffects,
  type BulkUpdateInput,
  bulkAuditEntries,
  changesOf,
  findTargets,
  type Reviewer,
  scopeOf,
} from './bulk-update.js';
import { computedColumns } from './computed-columns.js';
import { applicantNotices } from './notices.js';
import {
  type ApplicationPageRow,
  type ApplicationScope,
  applicationsRepository,
  type BulkAudit,
} from './repository.js';

const emptyCounts = (): ApplicationStatusCounts =>
  Object.fromEntries(APPLICATION_STATUSES.map((status) => [status, 0])) as ApplicationStatusCounts;

function toApplication(row: ApplicationPageRow): Application {
  return {
    id: row.id,
    user: { id: row.user_id, firstname: row.firstname, lastname: row.lastname, email: row.email },
    status: isApplicationStatus(row.status) ? row.status : 'none',
    group: row.group_id !== null && row.group_name !== null ? { id: row.group_id, name: row.group_name } : null,
    week: row.week,
    answers: parseJsonObject<Answers>(row.answers, {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What the service needs beyond the database: the mail queue (`app.mail.enqueueEach`). */
export interface ApplicationsOptions {
  /** Without it a notification is refused (scripts, the seed). */
  enqueueEach?: MailService['enqueueEach'];
}

/**
 * Applications: apply, the review (list, detail, bulk status and group) and the columns computed from them
 * (week, search text). The one owner of `applications`: a rename, a form or week-separation change reaches those
 * columns through here.
 */
export function applicationsService(db: Db, dialect: DialectName, options: ApplicationsOptions = {}) {
  const repository = applicationsRepository(db, dialect);
  const eventGroups = groupsService(db, dialect);
  const forms = formsService(db);
  const notify = applicantNotices(repository, options.enqueueEach);

  /** The group x status summary of the matching applications; `total` is its sum. */
  async function summarise(
    scope: ApplicationScope,
    filter: ApplicationFilter,
  ): Promise<{ total: number; summary: ApplicationSummary }> {
    const [counts, groups] = await Promise.all([
      repository.countByGroupAndStatus(scope, filter),
      eventGroups.names(scope.eventId),
    ]);
    const byStatus = emptyCounts();
    const rows = new Map<number | null, { total: number; byStatus: ApplicationStatusCounts }>();
    const rowOf = (groupId: number | null) => {
      let row = rows.get(groupId);
      if (!row) {
        row = { total: 0, byStatus: emptyCounts() };
        rows.set(groupId, row);
      }
      return row;
    };
    let total = 0;
    for (const count of counts) {
      const n = Number(count.count);
      const status = isApplicationStatus(count.status) ? count.status : 'none';
      total += n;
      byStatus[status] += n;
      const row = rowOf(count.group_id);
      row.total += n;
      row.byStatus[status] += n;
    }
    // The group dimension lists every group the filter and the caller's role allow, zero rows included.
    const wanted = filter.groupId && filter.groupId.length > 0 ? new Set(filter.groupId) : null;
    const visible = (groupId: number | null) =>
      (scope.visibleGroupId === 'all' || scope.visibleGroupId === groupId) && (!wanted || wanted.has(groupId));
    const names = new Map(groups.map((group) => [group.id, group.name]));
    const byGroup: ApplicationSummary['byGroup'] = [];
    for (const group of groups) {
      if (!visible(group.id) && !rows.has(group.id)) continue;
      const row = rowOf(group.id);
      byGroup.push({ groupId: group.id, groupName: group.name, total: row.total, byStatus: row.byStatus });
    }
    if ((scope.visibleGroupId === 'all' && (!wanted || wanted.has(null))) || rows.has(null)) {
      const row = rowOf(null);
      byGroup.push({ groupId: null, groupName: null, total: row.total, byStatus: row.byStatus });
    }
    // Applications pointing at a group of no name (cannot happen through the API) still add up.
    for (const [groupId, row] of rows) {
      if (groupId !== null && !names.has(groupId)) {
        byGroup.push({ groupId, groupName: null, total: row.total, byStatus: row.byStatus });
      }
    }
    return { total, summary: { byStatus, byGroup } };
  }

  /**
   * Whether the reviewer may see and act on this application: admins any of the event; a group leader those of
   * their group whose applicant is not a member of another group (or of none) now, as the list's scope says.
   */
  async function isInScope(
    reviewer: Reviewer,
    application: { group_id: number | null; user_id: number },
  ): Promise<boolean> {
    if (isAdmin(reviewer)) return true;
    if (!canReviewApplication(reviewer, application.group_id)) return false;
    const member = await membershipsService(db, dialect).findMemberByUserId(reviewer.eventId, application.user_id);
    return member === undefined || member.group?.id === reviewer.groupId;
  }

  return {
    ...applyOperations({ db, dialect, repository, forms }),
    ...computedColumns(db, dialect, repository),

    async list(
      reviewer: Reviewer,
      filter: ApplicationFilter,
      options: { sort: ApplicationSort; page: number; pageSize: number },
    ) {
      const scope = scopeOf(reviewer);
      const [rows, { total, summary }] = await Promise.all([
        repository.listPage(scope, filter, options),
        summarise(scope, filter),
      ]);
      return { applications: rows.map(toApplication), total, page: options.page, pageSize: options.pageSize, summary };
    },

    /**
     * Every application the review's filter shows the reviewer, in its sort order; at most
     * APPLICATIONS_EXPORT_MAXIMUM, a larger set is refused before any is read. With the form's questions and the week configuration the export
     * writes them with.
     */
    async exportRows(reviewer: Reviewer, filter: ApplicationFilter, sort: ApplicationSort) {
      const scope = scopeOf(reviewer);
      const event = await repository.findEventForApply(reviewer.eventId);
      if (!event) throw notFound();
      const [{ total }, fields] = await Promise.all([summarise(scope, filter), forms.fields(reviewer.eventId)]);
      if (total > APPLICATIONS_EXPORT_MAXIMUM) {
        throw badRequest('error.applicationsExportTooLarge', { max: APPLICATIONS_EXPORT_MAXIMUM });
      }
      // The order once (ids only), then the rows a slice at a time, the loop turning between the slices: each
      // statement is synchronous on SQLite (lib/event-loop.ts).
      const ids = await repository.matchingIds(scope, filter, sort, APPLICATIONS_EXPORT_MAXIMUM);
      const applications: Application[] = [];
      for (let start = 0; start < ids.length; start += SLICE_ROWS) {
        if (start > 0) await turnOfTheLoop();
        const rows = await repository.rowsInOrder(ids.slice(start, start + SLICE_ROWS));
        for (const row of rows) applications.push(toApplication(row));
      }
      return {
        applications,
        fields: fields.filter((field) => !isDisplayOnlyField(field.type)),
        weekConfig: activeWeekConfig(event),
      };
    },

    async detail(reviewer: Reviewer, applicationId: number) {
      const row = await repository.findById(reviewer.eventId, applicationId);
      if (!row) throw notFound();
      if (!(await isInScope(reviewer, row))) throw forbidden();
      const entries = await repository.history(reviewer.eventId, applicationId);
      const history: ApplicationHistoryEntry[] = entries.map((entry) => ({
        action: entry.action,
        details: parseJsonObject<Record<string, unknown>>(entry.details, {}),
        actor:
          entry.actor_id !== null
            ? { id: entry.actor_id, firstname: entry.actor_firstname ?? '', lastname: entry.actor_lastname ?? '' }
            : null,
        createdAt: entry.created_at,
      }));
      return {
        application: {
          ...toApplication(row),
          answerLabels: parseJsonObject<Record<string, string>>(row.answer_labels, {}),
        },
        history,
      };
    },

    /**
     * Sets status and/or group of many applications in one transaction, with set-based statements (one per step
     * on PostgreSQL, per chunk of ids on SQLite), the membership effects of acceptance, and an audit entry per
     * change, gathered under one summary entry when more than one application changed. Either all of it or nothing.
     */
    async bulkUpdate(reviewer: Reviewer, input: BulkUpdateInput): Promise<{ updated: number; notified?: number }> {
      const scope = scopeOf(reviewer);
      const isLeader = scope.visibleGroupId !== 'all';
      if (input.groupId !== undefined && isLeader && input.groupId !== scope.visibleGroupId) {
        throw forbidden('error.applicationsMoveGroup');
      }
      const groupNames = new Map((await eventGroups.names(reviewer.eventId)).map((group) => [group.id, group.name]));
      if (input.groupId !== undefined && input.groupId !== null && !groupNames.has(input.groupId)) {
        throw fieldError('groupId', 'error.applicationsGroupUnknown');
      }
      const groupName = (groupId: number | null) => (groupId === null ? null : (groupNames.get(groupId) ?? null));

      return withTransaction(db, async (trx) => {
        const members = membershipsService(trx, dialect);
        const targets = await findTargets(trx, repository, members, reviewer, input);

        const changes = changesOf(input);
        const { finalStatus, finalGroup, statusChanges, groupChanges } = changes;
        const changed = targets.filter((target) => statusChanges(target) || groupChanges(target));
        if (changed.length === 0) return input.notify ? { updated: 0, notified: 0 } : { updated: 0 };
        const notified = input.notify ? changed.filter(statusChanges) : [];
        if (notified.length > MAIL_LIMITS.RECEIVERS_MAXIMUM) throw fieldError('notify', 'mail.tooManyReceivers');

        const now = nowIso();

        // Membership effects first, then the applications: the rows are locked already (PostgreSQL),
        // so the order changes no lock order, and the audit entries, which name the memberships, are built while
        // PostgreSQL runs the longest statement, the update of the applications, instead of after it.
        // Only volunteer memberships that acceptance created are ever changed.
        const effects = await applyMembershipEffects(members, reviewer.eventId, changed, changes, now);

        const auditEntries = () => bulkAuditEntries(changed, effects, changes, groupName);

        // A change of many applications is one entry in the log (docs/decisions/025): the summary says what was
        // asked and how many changed; each application's own entries stay, naming it, for its history.
        const partOf =
          changed.length > 1
            ? await writeAuditSummary(trx, {
                eventId: reviewer.eventId,
                actorId: reviewer.userId,
                action: 'applications.updated',
                subject: `event:${reviewer.eventId}`,
                details: {
                  count: changed.length,
                  ids: changed.slice(0, AUDIT_SUMMARY_IDS).map((target) => target.id),
                  ...(input.status !== undefined ? { status: input.status } : {}),
                  ...(input.groupId !== undefined
                    ? { groupId: input.groupId, groupName: groupName(input.groupId) }
                    : {}),
                },
              })
            : null;

        const updating = repository.setStatusAndGroup(
          trx,
          changed.map((target) => target.id),
          { status: input.status, groupId: input.groupId },
          now,
        );
        // The entries are built in a setImmediate callback: by then the update has been sent, so this CPU work
        // runs while the database works on it (on SQLite the update has simply finished).
        const [, audit] = await Promise.all([
          updating,
          new Promise<BulkAudit>((resolve, reject) =>
            setImmediate(() => {
              try {
                resolve(repository.prepareBulkAudit(reviewer.eventId, reviewer.userId, auditEntries(), partOf));
              } catch (error) {
                reject(error);
              }
            }),
          ),
        ]);
        await audit.write(trx);
        if (!input.notify) return { updated: changed.length };
        const mailed =
          notified.length === 0
            ? 0
            : await notify(trx, reviewer, input.notify, notified, finalStatus, (target) =>
                groupName(finalGroup(target)),
              );
        return { updated: changed.length, notified: mailed };
      });
    },

    /**
     * A member moved to another group (or none) by an admin takes their application along, in the mover's
     * transaction (`db` is it): otherwise the group they left would still review, re-accept, set aside or mail
     * them through the application. Audited like a move in the review.
     */
    async followMember(eventId: number, userId: number, groupId: number | null, actorId: number | null) {
      const application = await repository.findApplicationOf(eventId, userId);
      if (!application || application.group_id === groupId) return;
      const names = new Map((await eventGroups.names(eventId)).map((group) => [group.id, group.name]));
      const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
      await repository.setGroup(application.id, groupId, nowIso());
      await writeAudit(db, {
        eventId,
        actorId,
        action: 'application.group_changed',
        subject: `application:${application.id}`,
        details: {
          from: application.group_id,
          to: groupId,
          fromName: nameOf(application.group_id),
          toName: nameOf(groupId),
          reason: 'member_moved',
        },
      });
    },

    /**
     * Every answer of an application: the current form's fields in form order (null where unanswered), then
     * answers to fields removed since, under the label they were answered with. Admins see any application
     * of the event; group leaders those of their own group (others answer 404, as if they did not exist).
     */
    async answers(membership: EventMembership, applicationId: number): Promise<ApplicationAnswer[]> {
      const application = await repository.findAnswers(membership.eventId, applicationId);
      if (!application) throw notFound();
      if (!(await isInScope({ ...membership, userId: null }, application))) throw notFound();
      const fields = (await forms.fields(membership.eventId)).filter((field) => !isDisplayOnlyField(field.type));
      const given = parseJson<Answers>(application.answers, {});
      const labels = parseJson<Record<string, string>>(application.answer_labels, {});
      const current = new Set(fields.map((field) => field.name));
      return [
        ...fields.map((field) => ({
          name: field.name,
          label: field.label,
          value: Object.hasOwn(given, field.name) ? given[field.name] : null,
          removed: false,
          ...(field.options?.length ? { options: field.options } : {}),
        })),
        ...Object.entries(given)
          .filter(([name]) => !current.has(name))
          .map(([name, value]) => ({ name, label: labels[name] ?? name, value, removed: true })),
      ];
    },
  };
}

export type ApplicationsService = ReturnType<typeof applicationsService>;

export { isTakingApplications, searchTextOf } from './apply.js';
export type { BulkUpdateInput, Reviewer };
