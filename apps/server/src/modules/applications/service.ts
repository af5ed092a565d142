import {
  type Answers,
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
import type { AuditEntry } from '../../lib/audit.js';
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

/** What a status or group change did to the applicant's membership, kept in the change's audit entry. */
type MembershipEffect =
  | { eventUserId: number; change: 'added' | 'removed'; groupId: number | null }
  | { eventUserId: number; change: 'moved'; from: number | null; to: number | null };

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
     * Sets status and/or group of many applications in one transaction, with set-based statements (one per step
     * on PostgreSQL, per chunk of ids on SQLite), the membership effects of DESIGN 4.3, and an audit entry per
     * change. Either all of it or nothing.
     */
    async bulkUpdate(reviewer: Reviewer, input: BulkUpdateInput): Promise<{ updated: number }> {
      const scope = scopeOf(reviewer);
      const isLeader = scope.visibleGroupId !== 'all';
      if (input.groupId !== undefined && isLeader && input.groupId !== scope.visibleGroupId) {
        throw forbidden('error.applicationsMoveGroup');
      }
      const groups = await repository.listGroups(reviewer.eventId);
      const groupNames = new Map(groups.map((group) => [group.id, group.name]));
      if (input.groupId !== undefined && input.groupId !== null && !groupNames.has(input.groupId)) {
        throw fieldError('groupId', 'error.applicationsGroupUnknown');
      }
      const groupName = (groupId: number | null) => (groupId === null ? null : (groupNames.get(groupId) ?? null));

      return db.transaction().execute(async (trx) => {
        let targets: ApplicationTarget[];
        if (input.ids) {
          const ids = [...new Set(input.ids)];
          const found = await repository.targetsByIds(trx, ids);
          targets = found.filter((target) => target.event_id === reviewer.eventId);
          if (targets.length !== ids.length) throw badRequest('error.applicationsUnknown');
          if (
            isLeader &&
            targets.some((target) => target.group_id === null || target.group_id !== scope.visibleGroupId)
          ) {
            throw forbidden('error.applicationsOtherGroup');
          }
        } else {
          targets = await repository.targetsByFilter(trx, scope, input.filter ?? {});
        }

        const finalStatus = (target: ApplicationTarget) => input.status ?? target.status;
        const finalGroup = (target: ApplicationTarget) =>
          input.groupId !== undefined ? input.groupId : target.group_id;
        const statusChanges = (target: ApplicationTarget) => finalStatus(target) !== target.status;
        const groupChanges = (target: ApplicationTarget) => finalGroup(target) !== target.group_id;
        const changed = targets.filter((target) => statusChanges(target) || groupChanges(target));
        if (changed.length === 0) return { updated: 0 };

        const now = nowIso();
        await repository.setStatusAndGroup(
          trx,
          changed.map((target) => target.id),
          { status: input.status, groupId: input.groupId },
          now,
        );

        // Membership effects (DESIGN 4.3). Only volunteer memberships that acceptance created are ever changed.
        const effects = new Map<number, MembershipEffect>();
        const accepting = changed.filter((target) => target.status !== ACCEPTED && finalStatus(target) === ACCEPTED);
        const unaccepting = changed.filter((target) => target.status === ACCEPTED && finalStatus(target) !== ACCEPTED);
        const stayingAccepted = changed.filter(
          (target) => target.status === ACCEPTED && finalStatus(target) === ACCEPTED,
        );
        const concerned = [...accepting, ...unaccepting, ...stayingAccepted];
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
          const createdByAcceptance = (userId: number) => {
            const membership = memberships.get(userId);
            return membership?.via_application === 1 && membership.role_level === 2 ? membership : undefined;
          };

          const applicationOfUser = new Map(accepting.map((target) => [target.user_id, target.id]));
          const inserted = await repository.insertMembershipsFromApplications(
            trx,
            accepting.filter((target) => !memberships.has(target.user_id)).map((target) => target.id),
            now,
          );
          for (const membership of inserted) {
            const applicationId = applicationOfUser.get(membership.user_id);
            if (applicationId !== undefined) {
              effects.set(applicationId, { eventUserId: membership.id, change: 'added', groupId: membership.group_id });
            }
          }

          // Already a volunteer through acceptance: follow the application's group. One statement per target
          // group and chunk.
          const moves = new Map<number | null, number[]>();
          for (const target of [...accepting, ...stayingAccepted]) {
            const membership = createdByAcceptance(target.user_id);
            const to = finalGroup(target);
            if (!membership || membership.group_id === to) continue;
            const ids = moves.get(to) ?? [];
            ids.push(membership.id);
            moves.set(to, ids);
            effects.set(target.id, { eventUserId: membership.id, change: 'moved', from: membership.group_id, to });
          }
          for (const [to, membershipIds] of moves) {
            await repository.setMembershipGroup(trx, membershipIds, to, now);
          }

          const removable = unaccepting.flatMap((target) => {
            const membership = createdByAcceptance(target.user_id);
            return membership ? [{ target, membership }] : [];
          });
          const removed = new Set(
            await repository.deleteApplicationMemberships(
              trx,
              removable.map(({ membership }) => membership.id),
            ),
          );
          for (const { target, membership } of removable) {
            if (removed.has(membership.id)) {
              effects.set(target.id, { eventUserId: membership.id, change: 'removed', groupId: membership.group_id });
            }
          }
        }

        // One entry per change; a membership effect is recorded in the entry of the change that caused it.
        const audit: AuditEntry[] = [];
        for (const target of changed) {
          const effect = effects.get(target.id);
          const base = { eventId: reviewer.eventId, actorId: reviewer.userId, subject: `application:${target.id}` };
          if (statusChanges(target)) {
            audit.push({
              ...base,
              action: 'application.status_changed',
              details: { from: target.status, to: finalStatus(target), ...(effect ? { membership: effect } : {}) },
            });
          }
          if (groupChanges(target)) {
            const to = finalGroup(target);
            audit.push({
              ...base,
              action: 'application.group_changed',
              details: {
                from: target.group_id,
                to,
                fromName: groupName(target.group_id),
                toName: groupName(to),
                ...(effect && !statusChanges(target) ? { membership: effect } : {}),
              },
            });
          }
        }
        await repository.writeBulkAudit(trx, audit);
        return { updated: changed.length };
      });
    },
  };
}

export type ApplicationsService = ReturnType<typeof applicationsService>;
