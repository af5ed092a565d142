import { type ApplicationFilter, type ApplicationStatus, type ApplicationsNotify, reviewedGroup } from '@funkis/shared';
import type { Db } from '../../db/types.js';
import { AUDIT_SUMMARY_IDS, writeAuditSummary } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { badRequest, fieldError, forbidden } from '../../lib/http-error.js';
import type { GroupsService } from '../groups/service.js';
import type { MembershipsService } from '../memberships/service.js';
import type { ApplicationScope, ApplicationTarget, BulkAudit, BulkAuditEntry } from './repository.js';
import * as applicationsRepository from './repository.js';

/**
 * The review's bulk update in its steps (`update-operations.ts`'s `bulkUpdate` runs them in one transaction): the
 * group it asks for, which applications, what changes for each, what that does to memberships, the audit entries
 * that say so and the update itself.
 */

const ACCEPTED: ApplicationStatus = 'accepted';

/**
 * Who reviews: an admin (the whole event) or a group leader (their group); `userId` null: the system itself (demo
 * data, an import), which has no membership.
 */
export type Reviewer = Pick<Caller, 'eventId' | 'roleLevel' | 'groupId'> & { userId: number | null };

/** Admins see the whole event; a group leader only their own group. */
export const scopeOf = (reviewer: Reviewer): ApplicationScope => ({
  eventId: reviewer.eventId,
  visibleGroupId: reviewedGroup(reviewer),
});

export interface BulkUpdateInput {
  ids?: number[];
  filter?: ApplicationFilter;
  status?: ApplicationStatus;
  groupId?: number | null;
  /** E-mail each applicant whose status changes (docs/decisions/025). */
  notify?: ApplicationsNotify;
}

/** What a status or group change did to the applicant's membership, kept in the change's audit entry. */
export type MembershipEffect =
  | { eventUserId: number; change: 'added' | 'removed'; groupId: number | null }
  | { eventUserId: number; change: 'moved'; from: number | null; to: number | null };

/** The name of a group (null for none, or a group of no name) the audit entries of an update write. */
export type GroupName = (groupId: number | null) => string | null;

/**
 * Checks the group the update asks for: a group leader moves applications into their own group only (403), and
 * the group must be one of the event's. Answers the names of the event's groups, read once, before the transaction.
 */
export async function checkGroupChange(
  eventGroups: GroupsService,
  reviewer: Reviewer,
  input: BulkUpdateInput,
): Promise<GroupName> {
  const scope = scopeOf(reviewer);
  const isLeader = scope.visibleGroupId !== 'all';
  if (input.groupId !== undefined && isLeader && input.groupId !== scope.visibleGroupId) {
    throw forbidden('error.applicationsMoveGroup');
  }
  const groupNames = new Map((await eventGroups.names(reviewer.eventId)).map((group) => [group.id, group.name]));
  if (input.groupId !== undefined && input.groupId !== null && !groupNames.has(input.groupId)) {
    throw fieldError('groupId', 'error.applicationsGroupUnknown');
  }
  return (groupId) => (groupId === null ? null : (groupNames.get(groupId) ?? null));
}

/**
 * The applications the update names (by id, all of the reviewer's event and scope, or 400/403), or those its
 * filter matches; locked on PostgreSQL.
 */
export async function findTargets(
  trx: Db,
  members: MembershipsService,
  reviewer: Reviewer,
  input: BulkUpdateInput,
): Promise<ApplicationTarget[]> {
  const scope = scopeOf(reviewer);
  const isLeader = scope.visibleGroupId !== 'all';
  let targets: ApplicationTarget[];
  if (input.ids) {
    const ids = [...new Set(input.ids)];
    const found = await applicationsRepository.targetsByIds(trx, ids);
    targets = found.filter((target) => target.event_id === reviewer.eventId);
    if (targets.length !== ids.length) throw badRequest('error.applicationsUnknown');
    if (isLeader) {
      const leaderGroupId = scope.visibleGroupId;
      const memberElsewhere = (
        await members.membershipsOfUsers(
          reviewer.eventId,
          targets.map((target) => target.user_id),
        )
      ).some((membership) => membership.group_id !== leaderGroupId);
      if (memberElsewhere || targets.some((target) => target.group_id === null || target.group_id !== leaderGroupId)) {
        throw forbidden('error.applicationsOtherGroup');
      }
    }
  } else {
    targets = await applicationsRepository.targetsByFilter(trx, scope, input.filter ?? {});
  }

  return targets;
}

/** Each application's status and group after the update, and whether they change. */
export function changesOf(input: BulkUpdateInput) {
  const finalStatus = (target: ApplicationTarget) => input.status ?? target.status;
  const finalGroup = (target: ApplicationTarget) => (input.groupId !== undefined ? input.groupId : target.group_id);
  const statusChanges = (target: ApplicationTarget) => finalStatus(target) !== target.status;
  const groupChanges = (target: ApplicationTarget) => finalGroup(target) !== target.group_id;
  return { finalStatus, finalGroup, statusChanges, groupChanges };
}
export type Changes = ReturnType<typeof changesOf>;

/**
 * The membership effects of the changed applications, in the caller's transaction: an accepted applicant becomes a
 * volunteer, one who stays accepted follows the application's group, an un-accepted one is removed. Only volunteer
 * memberships that acceptance created are ever changed. Answers what it did, per application.
 */
export async function applyMembershipEffects(
  members: MembershipsService,
  eventId: number,
  changed: readonly ApplicationTarget[],
  { finalStatus, finalGroup }: Changes,
  now: string,
): Promise<Map<number, MembershipEffect>> {
  const effects = new Map<number, MembershipEffect>();
  const accepting = changed.filter((target) => target.status !== ACCEPTED && finalStatus(target) === ACCEPTED);
  const unaccepting = changed.filter((target) => target.status === ACCEPTED && finalStatus(target) !== ACCEPTED);
  const stayingAccepted = changed.filter((target) => target.status === ACCEPTED && finalStatus(target) === ACCEPTED);
  const concerned = [...accepting, ...unaccepting, ...stayingAccepted];
  if (concerned.length > 0) {
    const memberships = new Map(
      (
        await members.membershipsOfUsers(
          eventId,
          concerned.map((target) => target.user_id),
        )
      ).map((membership) => [membership.user_id, membership]),
    );
    const createdByAcceptance = (userId: number) => {
      const membership = memberships.get(userId);
      return membership?.via_application === 1 && membership.role_level === 2 ? membership : undefined;
    };

    const applicationOfUser = new Map(accepting.map((target) => [target.user_id, target.id]));
    const inserted = await members.addAcceptedVolunteers(
      eventId,
      accepting
        .filter((target) => !memberships.has(target.user_id))
        .map((target) => ({ userId: target.user_id, groupId: finalGroup(target) })),
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
      await members.moveAcceptedVolunteers(membershipIds, to, now);
    }

    const removable = unaccepting.flatMap((target) => {
      const membership = createdByAcceptance(target.user_id);
      return membership ? [{ target, membership }] : [];
    });
    const removed = new Set(await members.removeAcceptedVolunteers(removable.map(({ membership }) => membership.id)));
    for (const { target, membership } of removable) {
      if (removed.has(membership.id)) {
        effects.set(target.id, { eventUserId: membership.id, change: 'removed', groupId: membership.group_id });
      }
    }
  }

  return effects;
}

/**
 * One entry per change; a membership effect is recorded in the entry of the change that caused it. Plain object
 * literals (no spreads, which took 20-35 ms for 10,000 entries); a `membership` left undefined is not written
 * (JSON.stringify drops it).
 */
export function bulkAuditEntries(
  changed: readonly ApplicationTarget[],
  effects: ReadonlyMap<number, MembershipEffect>,
  { finalStatus, finalGroup, statusChanges, groupChanges }: Changes,
  groupName: GroupName,
): BulkAuditEntry[] {
  const audit: BulkAuditEntry[] = [];
  for (const target of changed) {
    const effect = effects.get(target.id);
    const statusChanged = statusChanges(target);
    if (statusChanged) {
      audit.push({
        applicationId: target.id,
        action: 'application.status_changed',
        details: { from: target.status, to: finalStatus(target), membership: effect },
      });
    }
    if (groupChanges(target)) {
      const to = finalGroup(target);
      audit.push({
        applicationId: target.id,
        action: 'application.group_changed',
        details: {
          from: target.group_id,
          to,
          fromName: groupName(target.group_id),
          toName: groupName(to),
          membership: statusChanged ? undefined : effect,
        },
      });
    }
  }
  return audit;
}

/**
 * A change of many applications is one entry in the log (docs/decisions/025): the summary says what was asked and
 * how many changed; each application's own entries stay, naming it, for its history. Answers the summary's id, the
 * entries' `partOf`; null (no summary) when one application changed.
 */
export async function writeBulkSummary(
  trx: Db,
  reviewer: Reviewer,
  input: BulkUpdateInput,
  changed: readonly ApplicationTarget[],
  groupName: GroupName,
): Promise<number | null> {
  return changed.length > 1
    ? await writeAuditSummary(trx, {
        eventId: reviewer.eventId,
        actorId: reviewer.userId,
        action: 'applications.updated',
        subject: `event:${reviewer.eventId}`,
        details: {
          count: changed.length,
          ids: changed.slice(0, AUDIT_SUMMARY_IDS).map((target) => target.id),
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...(input.groupId !== undefined ? { groupId: input.groupId, groupName: groupName(input.groupId) } : {}),
        },
      })
    : null;
}

/**
 * Updates the changed applications and writes their audit entries, in the caller's transaction. The entries are
 * built in a setImmediate callback: by then the update has been sent, so this CPU work runs while the database
 * works on it (on SQLite the update has simply finished).
 */
export async function updateWithAudit(
  trx: Db,
  update: {
    reviewer: Reviewer;
    changed: readonly ApplicationTarget[];
    input: BulkUpdateInput;
    now: string;
    /** The summary entry the audit entries are part of (`writeBulkSummary`). */
    partOf: number | null;
  },
  auditEntries: () => BulkAuditEntry[],
): Promise<void> {
  const { reviewer, changed, input, now, partOf } = update;
  const updating = applicationsRepository.setStatusAndGroup(
    trx,
    changed.map((target) => target.id),
    { status: input.status, groupId: input.groupId },
    now,
  );
  const [, audit] = await Promise.all([
    updating,
    new Promise<BulkAudit>((resolve, reject) =>
      setImmediate(() => {
        try {
          resolve(
            applicationsRepository.prepareBulkAudit(trx, reviewer.eventId, reviewer.userId, auditEntries(), partOf),
          );
        } catch (error) {
          reject(error);
        }
      }),
    ),
  ]);
  await audit.write(trx);
}
