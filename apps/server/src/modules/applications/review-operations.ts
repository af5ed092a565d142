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
  isApplicationStatus,
  isDisplayOnlyField,
} from '@funkis/shared';
import type { EventMembership } from '../../lib/caller.js';
import { SLICE_ROWS, turnOfTheLoop } from '../../lib/event-loop.js';
import { badRequest, forbidden, notFound } from '../../lib/http-error.js';
import { parseJson, parseJsonObject } from '../../lib/json.js';
import { activeWeekConfig } from '../forms/service.js';
import { type Reviewer, scopeOf } from './bulk-update.js';
import type { ApplicationsContext } from './operations-context.js';
import type { ApplicationPageRow, ApplicationScope } from './repository.js';
import * as applicationsRepository from './repository.js';

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

/**
 * The review's reads: the list with its group x status summary, the rows of the export, an application's detail
 * with its history, and its answers. A group leader reads only the applications in their scope.
 */
export function reviewOperations(shared: ApplicationsContext) {
  const { eventGroups, forms, isInScope } = shared;

  /** The group x status summary of the matching applications; `total` is its sum. */
  async function summarise(
    scope: ApplicationScope,
    filter: ApplicationFilter,
  ): Promise<{ total: number; summary: ApplicationSummary }> {
    const [counts, groups] = await Promise.all([
      applicationsRepository.countByGroupAndStatus(shared.db, scope, filter),
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

  return {
    /** One page of the applications the review's filter shows the reviewer, with the summary of all of them. */
    async list(
      reviewer: Reviewer,
      filter: ApplicationFilter,
      options: { sort: ApplicationSort; page: number; pageSize: number },
    ) {
      const scope = scopeOf(reviewer);
      const [rows, { total, summary }] = await Promise.all([
        applicationsRepository.listPage(shared.db, scope, filter, options),
        summarise(scope, filter),
      ]);
      return { applications: rows.map(toApplication), total, page: options.page, pageSize: options.pageSize, summary };
    },

    /**
     * Every application the review's filter shows the reviewer, in its sort order; at most
     * APPLICATIONS_EXPORT_MAXIMUM, a larger set is refused before any is read. With the form's questions and the
     * week configuration the export (`export.ts`) writes them with.
     */
    async exportRows(reviewer: Reviewer, filter: ApplicationFilter, sort: ApplicationSort) {
      const scope = scopeOf(reviewer);
      const event = await applicationsRepository.findEventForApply(shared.db, reviewer.eventId);
      if (!event) throw notFound();
      const [{ total }, fields] = await Promise.all([summarise(scope, filter), forms.fields(reviewer.eventId)]);
      if (total > APPLICATIONS_EXPORT_MAXIMUM) {
        throw badRequest('error.applicationsExportTooLarge', { max: APPLICATIONS_EXPORT_MAXIMUM });
      }
      // The order once (ids only), then the rows a slice at a time, the loop turning between the slices: each
      // statement is synchronous on SQLite (lib/event-loop.ts).
      const ids = await applicationsRepository.matchingIds(shared.db, scope, filter, sort, APPLICATIONS_EXPORT_MAXIMUM);
      const applications: Application[] = [];
      for (let start = 0; start < ids.length; start += SLICE_ROWS) {
        if (start > 0) await turnOfTheLoop();
        const rows = await applicationsRepository.rowsInOrder(shared.db, ids.slice(start, start + SLICE_ROWS));
        for (const row of rows) applications.push(toApplication(row));
      }
      return {
        applications,
        fields: fields.filter((field) => !isDisplayOnlyField(field.type)),
        weekConfig: activeWeekConfig(event),
      };
    },

    /** An application the reviewer may see (404 unknown, 403 out of scope), with its answer labels and history. */
    async detail(reviewer: Reviewer, applicationId: number) {
      const row = await applicationsRepository.findById(shared.db, reviewer.eventId, applicationId);
      if (!row) throw notFound();
      if (!(await isInScope(reviewer, row))) throw forbidden();
      const entries = await applicationsRepository.history(shared.db, reviewer.eventId, applicationId);
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
     * Every answer of an application: the current form's fields in form order (null where unanswered), then
     * answers to fields removed since, under the label they were answered with. Admins see any application
     * of the event; group leaders those of their own group (others answer 404, as if they did not exist).
     */
    async answers(membership: EventMembership, applicationId: number): Promise<ApplicationAnswer[]> {
      const application = await applicationsRepository.findAnswers(shared.db, membership.eventId, applicationId);
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
