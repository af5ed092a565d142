import {
  type Answers,
  APPLICATION_MESSAGES,
  APPLICATION_STATUSES,
  type Application,
  type ApplicationFilter,
  type ApplicationHistoryEntry,
  type ApplicationSort,
  type ApplicationStatus,
  type ApplicationStatusCounts,
  type ApplicationSummary,
} from '@funkis/shared';
import type { Db, DialectName } from '../../db/types.js';
import { type AuditEntry, writeAudit } from '../../lib/audit.js';
import { badRequest, fieldError, forbidden, notFound } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import {
  type ApplicationPageRow,
  type ApplicationScope,
  type ApplicationTarget,
  applicationsRepository,
  parseJsonObject,
} from './repository.js';

const ACCEPTED: ApplicationStatus = 'accepted';

const emptyCounts = (): ApplicationStatusCounts =>
  Object.fromEntries(APPLICATION_STATUSES.map((status) => [status, 0])) as ApplicationStatusCounts;

const isStatus = (value: string): value is ApplicationStatus =>
  (APPLICATION_STATUSES as readonly string[]).includes(value);

function toApplication(row: ApplicationPageRow): Application {
  return {
    id: row.id,
    user: { id: row.user_id, firstname: row.firstname, lastname: row.lastname, email: row.email },
    status: isStatus(row.status) ? row.status : 'none',
    group: row.group_id !== null && row.group_name !== null ? { id: row.group_id, name: row.group_name } : null,
    week: row.week,
    answers: parseJsonObject<Answers>(row.answers, {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface Reviewer {
  userId: number;
  eventId: number;
  roleLevel: number;
  groupId: number | null;
}

/** Admins see the whole event; a group leader only their own group. */
export const scopeOf = (reviewer: Reviewer): ApplicationScope => ({
  eventId: reviewer.eventId,
  visibleGroupId: reviewer.roleLevel === 0 ? 'all' : reviewer.groupId,
});

export interface BulkUpdateInput {
  ids?: number[];
  filter?: ApplicationFilter;
  status?: ApplicationStatus;
  groupId?: number | null;
}

export function applicationsService(db: Db, dialect: DialectName) {
  const repository = applicationsRepository(db, dialect);

  /** The group x status summary of the matching applications; `total` is its sum. */
  async function summarise(
    scope: ApplicationScope,
    filter: ApplicationFilter,
  ): Promise<{ total: number; summary: ApplicationSummary }> {
    const [counts, groups] = await Promise.all([
      repository.countByGroupAndStatus(scope, filter),
      repository.listGroups(scope.eventId),
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
      const status = isStatus(count.status) ? count.status : 'none';
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

    async detail(reviewer: Reviewer, applicationId: number) {
      const row = await repository.findById(reviewer.eventId, applicationId);
      if (!row) throw notFound();
      const scope = scopeOf(reviewer);
      if (scope.visibleGroupId !== 'all' && (scope.visibleGroupId === null || row.group_id !== scope.visibleGroupId)) {
        throw forbidden();
      }
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
     * Sets status and/or group of many applications in one transaction, with set-based statements per chunk
     * of ids, the membership effects of DESIGN 4.3, and an audit entry per change. Either all of it or nothing.
     */
    async bulkUpdate(reviewer: Reviewer, input: BulkUpdateInput): Promise<{ updated: number }> {
      const scope = scopeOf(reviewer);
      const isLeader = scope.visibleGroupId !== 'all';
      if (input.groupId !== undefined && isLeader && input.groupId !== scope.visibleGroupId) {
        throw forbidden(APPLICATION_MESSAGES['error.applicationsMoveGroup']);
      }
      const groups = await repository.listGroups(reviewer.eventId);
      const groupNames = new Map(groups.map((group) => [group.id, group.name]));
      if (input.groupId !== undefined && input.groupId !== null && !groupNames.has(input.groupId)) {
        throw fieldError('groupId', APPLICATION_MESSAGES['error.applicationsGroupUnknown']);
      }
      const groupName = (groupId: number | null) => (groupId === null ? null : (groupNames.get(groupId) ?? null));

      return db.transaction().execute(async (trx) => {
        let targets: ApplicationTarget[];
        if (input.ids) {
          const ids = [...new Set(input.ids)];
          targets = await repository.targetsByIds(trx, reviewer.eventId, ids);
          if (targets.length !== ids.length) throw badRequest(APPLICATION_MESSAGES['error.applicationsUnknown']);
          if (
            isLeader &&
            targets.some((target) => target.group_id === null || target.group_id !== scope.visibleGroupId)
          ) {
            throw forbidden(APPLICATION_MESSAGES['error.applicationsOtherGroup']);
          }
        } else {
          targets = await repository.targetsByFilter(trx, scope, input.filter ?? {});
        }

        const finalStatus = (target: ApplicationTarget) => input.status ?? target.status;
        const finalGroup = (target: ApplicationTarget) =>
          input.groupId !== undefined ? input.groupId : target.group_id;
        const changed = targets.filter(
          (target) => finalStatus(target) !== target.status || finalGroup(target) !== target.group_id,
        );
        if (changed.length === 0) return { updated: 0 };

        const now = nowIso();
        await repository.setStatusAndGroup(
          trx,
          reviewer.eventId,
          changed.map((target) => target.id),
          { status: input.status, groupId: input.groupId },
          now,
        );

        const audit: AuditEntry[] = [];
        const entry = (action: string, subject: string, details: Record<string, unknown>) =>
          audit.push({ eventId: reviewer.eventId, actorId: reviewer.userId, action, subject, details });
        for (const target of changed) {
          if (finalStatus(target) !== target.status) {
            entry('application.status_changed', `application:${target.id}`, {
              from: target.status,
              to: finalStatus(target),
            });
          }
          if (finalGroup(target) !== target.group_id) {
            entry('application.group_changed', `application:${target.id}`, {
              from: target.group_id,
              to: finalGroup(target),
              fromName: groupName(target.group_id),
              toName: groupName(finalGroup(target)),
            });
          }
        }

        // Membership effects (DESIGN 4.3). Only memberships that acceptance created are ever changed.
        const accepting = changed.filter((target) => target.status !== ACCEPTED && finalStatus(target) === ACCEPTED);
        const unaccepting = changed.filter((target) => target.status === ACCEPTED && finalStatus(target) !== ACCEPTED);
        const movingAccepted = changed.filter(
          (target) => target.status === ACCEPTED && finalStatus(target) === ACCEPTED,
        );
        const concerned = [...accepting, ...unaccepting, ...movingAccepted];
        if (concerned.length > 0) {
          const memberships = new Map(
            (
              await repository.membershipsOfUsers(
                trx,
                reviewer.eventId,
                concerned.map((target) => target.user_id),
              )
            ).map((membership) => [membership.user_id, membership]),
          );
          const applicationOfUser = new Map(concerned.map((target) => [target.user_id, target.id]));
          const isCreatedByAcceptance = (userId: number) => {
            const membership = memberships.get(userId);
            return membership !== undefined && membership.via_application === 1 && membership.role_level === 2;
          };

          const toInsert = accepting.filter((target) => !memberships.has(target.user_id));
          const inserted = await repository.insertMembershipsFromApplications(
            trx,
            reviewer.eventId,
            toInsert.map((target) => target.id),
            now,
          );
          for (const membership of inserted) {
            entry('member.added', `event_user:${membership.id}`, {
              userId: membership.user_id,
              roleLevel: 2,
              groupId: membership.group_id,
              viaApplication: true,
              applicationId: applicationOfUser.get(membership.user_id),
            });
          }

          // Already a volunteer through acceptance: follow the application's group. Grouped by target group,
          // so each group is one statement per chunk.
          const moves = new Map<number | null, number[]>();
          for (const target of [...accepting, ...movingAccepted]) {
            const membership = memberships.get(target.user_id);
            if (!membership || !isCreatedByAcceptance(target.user_id)) continue;
            const to = finalGroup(target);
            if (membership.group_id === to) continue;
            const ids = moves.get(to) ?? [];
            ids.push(membership.id);
            moves.set(to, ids);
            entry('member.group_changed', `event_user:${membership.id}`, {
              userId: target.user_id,
              from: membership.group_id,
              to,
              viaApplication: true,
              applicationId: target.id,
            });
          }
          for (const [to, membershipIds] of moves) {
            await repository.setMembershipGroup(trx, reviewer.eventId, membershipIds, to, now);
          }

          const toRemove = unaccepting
            .filter((target) => isCreatedByAcceptance(target.user_id))
            .map((target) => memberships.get(target.user_id)!.id);
          const removed = await repository.deleteApplicationMemberships(trx, reviewer.eventId, toRemove);
          for (const membership of removed) {
            entry('member.removed', `event_user:${membership.id}`, {
              userId: membership.user_id,
              roleLevel: 2,
              groupId: membership.group_id,
              viaApplication: true,
              applicationId: applicationOfUser.get(membership.user_id),
            });
          }
        }

        await writeAudit(trx, audit);
        return { updated: changed.length };
      });
    },
  };
}

export type ApplicationsService = ReturnType<typeof applicationsService>;
