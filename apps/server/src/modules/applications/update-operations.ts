import { MAIL_LIMITS } from '@funkis/shared';
import { writeAudit } from '../../lib/audit.js';
import { inTransaction } from '../../lib/context.js';
import { fieldError } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import { membershipsService } from '../memberships/service.js';
import {
  applyMembershipEffects,
  type BulkUpdateInput,
  bulkAuditEntries,
  changesOf,
  checkGroupChange,
  findTargets,
  type Reviewer,
  updateWithAudit,
  writeBulkSummary,
} from './bulk-update.js';
import type { ApplicationsContext } from './operations-context.js';
import * as applicationsRepository from './repository.js';

/** The changes of status and group: the review's bulk update, and an application following its member's move. */
export function updateOperations(shared: ApplicationsContext) {
  const { context, db, eventGroups, notify } = shared;
  return {
    /**
     * Sets status and/or group of many applications in one transaction, with set-based statements (one per step
     * on PostgreSQL, per chunk of ids on SQLite), the membership effects of acceptance, and an audit entry per
     * change, gathered under one summary entry when more than one application changed. Either all of it or nothing.
     */
    async bulkUpdate(reviewer: Reviewer, input: BulkUpdateInput): Promise<{ updated: number; notified?: number }> {
      const groupName = await checkGroupChange(eventGroups, reviewer, input);

      return inTransaction(context, async (tx) => {
        const members = membershipsService(tx);
        const targets = await findTargets(tx.db, members, reviewer, input);

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
        const partOf = await writeBulkSummary(tx.db, reviewer, input, changed, groupName);
        await updateWithAudit(tx.db, { reviewer, changed, input, now, partOf }, () =>
          bulkAuditEntries(changed, effects, changes, groupName),
        );
        if (!input.notify) return { updated: changed.length };
        const mailed =
          notified.length === 0
            ? 0
            : await notify(tx.db, reviewer, input.notify, notified, finalStatus, (target) =>
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
      const application = await applicationsRepository.findApplicationOf(db, eventId, userId);
      if (!application || application.group_id === groupId) return;
      const names = new Map((await eventGroups.names(eventId)).map((group) => [group.id, group.name]));
      const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
      await applicationsRepository.setGroup(db, application.id, groupId, nowIso());
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
  };
}
