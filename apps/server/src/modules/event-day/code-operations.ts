import { canRevokeCode, canSeeBoard, isAdmin } from '@funkis/shared';
import { writeAudit } from '../../lib/audit.js';
import type { Caller, EventMembership } from '../../lib/caller.js';
import { inTransaction } from '../../lib/context.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import { type MemberScope, membershipsService } from '../memberships/service.js';
import { memberCode } from './codes.js';
import type { EventDayContext } from './operations-context.js';
import * as eventDayRepository from './repository.js';

/** Personal codes: one's own, revoking one, and every code of the badges the caller may print. */
export function codeOperations(shared: EventDayContext) {
  const { context, db, secret, members, memberOfCode, requireGroup } = shared;
  return {
    memberOfCode,

    /** The caller's own code (any member). */
    async myCode(membership: EventMembership): Promise<string> {
      const version = await eventDayRepository.codeVersion(db, membership.eventUserId);
      return memberCode(secret, {
        eventId: membership.eventId,
        eventUserId: membership.eventUserId,
        version,
      });
    },

    /** Makes a member's code invalid (a lost or copied badge); their next code is a new one. Admins; audited. */
    async revokeCode(caller: Caller, eventUserId: number): Promise<void> {
      if (!canRevokeCode(caller)) throw forbidden();
      await inTransaction(context, async (tx) => {
        const member = await membershipsService(tx).lockMember(caller.eventId, eventUserId);
        if (!member) throw notFound('error.memberNotFound');
        const version = await eventDayRepository.bumpCodeVersion(tx.db, eventUserId);
        await writeAudit(tx.db, {
          eventId: caller.eventId,
          actorId: caller.userId,
          action: 'member.code_revoked',
          subject: `event_user:${eventUserId}`,
          details: { name: `${member.firstname} ${member.lastname}`, version },
        });
      });
    },

    /** The members whose badges the caller may print, with their codes: a leader their own group only. */
    async badgeHolders(caller: EventMembership, groupId: number | undefined) {
      if (!canSeeBoard(caller)) throw forbidden();
      let scope: MemberScope;
      if (isAdmin(caller)) {
        await requireGroup(caller.eventId, groupId);
        scope = groupId === undefined ? { kind: 'all' } : { kind: 'group', groupId };
      } else {
        if (caller.groupId === null || (groupId !== undefined && groupId !== caller.groupId)) {
          throw forbidden('error.ownGroupOnly');
        }
        scope = { kind: 'group', groupId: caller.groupId };
      }
      const list = await members.allMembers(caller.eventId, { scope });
      const versions = await eventDayRepository.codeVersions(
        db,
        list.map((member) => member.id),
      );
      return list.map((member) => ({
        firstname: member.firstname,
        lastname: member.lastname,
        group: member.group?.name ?? '',
        code: memberCode(secret, {
          eventId: caller.eventId,
          eventUserId: member.id,
          version: versions.get(member.id) ?? 1,
        }),
      }));
    },
  };
}
