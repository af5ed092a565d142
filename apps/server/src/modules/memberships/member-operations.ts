import type { Member, RoleLevel, UpdateMemberInput } from '@funkis/shared';
import { type AuditEntry, writeAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { inTransaction, type ServerContext } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { lockEvent } from '../../lib/transaction.js';
import { type MembershipsContext, requireGroup } from './operations-context.js';
import * as membershipsRepository from './repository.js';

/**
 * Who is a member with which role and group: joining by id (the system's: event creation, demo data, tests) and the
 * admin's users table (a caller changes or removes a member). Each change holds the event's lock on PostgreSQL, so
 * "the last admin" is decided once at a time.
 */
export function memberOperations(shared: MembershipsContext) {
  const { context } = shared;
  return {
    /** The event's creator becomes its first admin (part of the creating transaction). */
    async addCreator(eventId: number, userId: number): Promise<number> {
      return inTransaction(context, async (tx) => {
        const eventUserId = await membershipsRepository.insertMember(tx.db, eventId, userId, 0, null);
        await writeAudit(tx.db, {
          eventId,
          actorId: userId,
          action: 'member.added',
          subject: `event_user:${eventUserId}`,
          details: { userId, roleLevel: 0, groupId: null, reason: 'creator' },
        });
        return eventUserId;
      });
    },

    /**
     * An account joins the event by id, on the system's behalf (demo data, benches and tests; `actorId` is whom the
     * audit entry names). People join through invitations (`invitation-operations.ts`) and accepted applications.
     */
    async addUser(
      eventId: number,
      actorId: number | null,
      input: { userId: number; roleLevel: RoleLevel; groupId: number | null },
    ): Promise<Member> {
      return inTransaction(context, async (tx) => {
        await lockEvent(tx.db, eventId);
        if (input.groupId !== null) await requireGroup(tx, eventId, input.groupId);
        if (await membershipsRepository.findMemberByUserId(tx.db, eventId, input.userId))
          throw conflict('error.alreadyMember');
        const eventUserId = await membershipsRepository.insertMember(
          tx.db,
          eventId,
          input.userId,
          input.roleLevel,
          input.groupId,
        );
        await writeAudit(tx.db, {
          eventId,
          actorId,
          action: 'member.added',
          subject: `event_user:${eventUserId}`,
          details: { userId: input.userId, roleLevel: input.roleLevel, groupId: input.groupId },
        });
        const member = await membershipsRepository.findMember(tx.db, eventId, eventUserId);
        if (!member) throw notFound('error.memberNotFound');
        return member;
      });
    },

    /**
     * Role and group of a member of the caller's event. The event's last admin cannot be demoted. The users table
     * goes through `update-member.ts`, which moves the member's application along.
     */
    async updateMember(caller: Caller, eventUserId: number, input: UpdateMemberInput): Promise<Member> {
      const { eventId } = caller;
      return inTransaction(context, async (tx) => {
        await lockEvent(tx.db, eventId);
        const member = await membershipsRepository.findMember(tx.db, eventId, eventUserId);
        if (!member) throw notFound('error.memberNotFound');
        const groupId = input.groupId === undefined ? (member.group?.id ?? null) : input.groupId;
        const group = groupId === null ? null : await requireGroup(tx, eventId, groupId);
        const roleLevel: RoleLevel = input.roleLevel ?? member.roleLevel;
        if (
          member.roleLevel === 0 &&
          roleLevel !== 0 &&
          (await membershipsRepository.countAdmins(tx.db, eventId)) <= 1
        ) {
          throw conflict('error.lastAdmin');
        }
        const audit: AuditEntry[] = [];
        const who = { userId: member.userId, name: `${member.firstname} ${member.lastname}`, email: member.email };
        const subject = `event_user:${eventUserId}`;
        if (roleLevel !== member.roleLevel) {
          audit.push({
            eventId,
            actorId: caller.userId,
            action: 'member.role_changed',
            subject,
            details: { ...who, from: member.roleLevel, to: roleLevel },
          });
        }
        if (groupId !== (member.group?.id ?? null)) {
          audit.push({
            eventId,
            actorId: caller.userId,
            action: 'member.group_changed',
            subject,
            details: { ...who, from: member.group, to: group ? { id: group.id, name: group.name } : null },
          });
        }
        if (audit.length === 0) return member;
        await membershipsRepository.updateMember(tx.db, eventId, eventUserId, {
          role_level: roleLevel,
          group_id: groupId,
        });
        await writeAudit(tx.db, audit);
        const updated = await membershipsRepository.findMember(tx.db, eventId, eventUserId);
        if (!updated) throw notFound('error.memberNotFound');
        return updated;
      });
    },

    /**
     * Ends a membership of the caller's event. The event's last admin cannot be removed. `beforeDelete` runs in the
     * same transaction once the removal is allowed (the scheduling module frees the person's places for the
     * shifts' waitlists).
     */
    async removeMember(
      caller: Caller,
      eventUserId: number,
      beforeDelete?: (tx: ServerContext) => Promise<unknown>,
    ): Promise<void> {
      const { eventId } = caller;
      await inTransaction(context, async (tx) => {
        await lockEvent(tx.db, eventId);
        const member = await membershipsRepository.findMember(tx.db, eventId, eventUserId);
        if (!member) throw notFound('error.memberNotFound');
        if (member.roleLevel === 0 && (await membershipsRepository.countAdmins(tx.db, eventId)) <= 1) {
          throw conflict('error.lastAdmin');
        }
        await beforeDelete?.(tx);
        await membershipsRepository.deleteMember(tx.db, eventId, eventUserId);
        await writeAudit(tx.db, {
          eventId,
          actorId: caller.userId,
          action: 'member.removed',
          subject: `event_user:${eventUserId}`,
          details: {
            userId: member.userId,
            name: `${member.firstname} ${member.lastname}`,
            email: member.email,
            roleLevel: member.roleLevel,
            group: member.group,
          },
        });
      });
    },
  };
}
