import type { Group } from '@funkis/shared';
import { writeAudit } from '../../lib/audit.js';
import type { ServerContext } from '../../lib/context.js';
import { inTransaction } from '../../lib/context.js';
import { fieldError, notFound } from '../../lib/http-error.js';
import { lockEvent } from '../../lib/transaction.js';
import * as groupsRepository from './repository.js';

/** An event's groups: the one owner of `event_groups`. Every change with its audit entry, under the event's lock. */
export function groupsService(context: ServerContext) {
  const { db } = context;
  return {
    list: (eventId: number, page: number, pageSize: number) => groupsRepository.listGroups(db, eventId, page, pageSize),
    names: (eventId: number) => groupsRepository.names(db, eventId),
    find: (eventId: number, groupId: number) => groupsRepository.find(db, eventId, groupId),

    async create(
      eventId: number,
      actorId: number | null,
      input: { name: string; description?: string; wanted?: number | null },
    ): Promise<Group> {
      return inTransaction(context, async (tx) => {
        await lockEvent(tx.db, eventId);
        if (await groupsRepository.isNameTaken(tx.db, eventId, input.name)) {
          throw fieldError('name', 'error.groupNameTaken', undefined, 409);
        }
        const row = await groupsRepository.insert(tx.db, eventId, {
          name: input.name,
          description: input.description ?? '',
          wanted: input.wanted ?? null,
        });
        await writeAudit(tx.db, {
          eventId,
          actorId,
          action: 'group.created',
          subject: `group:${row.id}`,
          details: { name: row.name, ...(row.wanted !== null ? { wanted: row.wanted } : {}) },
        });
        return { id: row.id, name: row.name, description: row.description, memberCount: 0, wanted: row.wanted };
      });
    },

    async update(
      eventId: number,
      groupId: number,
      actorId: number | null,
      input: { name?: string; description?: string; wanted?: number | null },
    ): Promise<Group> {
      return inTransaction(context, async (tx) => {
        await lockEvent(tx.db, eventId);
        const current = await groupsRepository.find(tx.db, eventId, groupId);
        if (!current) throw notFound('error.groupNotFound');
        if (input.name !== undefined && (await groupsRepository.isNameTaken(tx.db, eventId, input.name, groupId))) {
          throw fieldError('name', 'error.groupNameTaken', undefined, 409);
        }
        const changes: Record<string, { from: string | number | null; to: string | number | null }> = {};
        if (input.name !== undefined && input.name !== current.name) {
          changes.name = { from: current.name, to: input.name };
        }
        if (input.description !== undefined && input.description !== current.description) {
          changes.description = { from: current.description, to: input.description };
        }
        if (input.wanted !== undefined && input.wanted !== current.wanted) {
          changes.wanted = { from: current.wanted, to: input.wanted };
        }
        const row =
          Object.keys(changes).length === 0
            ? current
            : await groupsRepository.update(tx.db, eventId, groupId, {
                name: input.name,
                description: input.description,
                wanted: input.wanted,
              });
        if (Object.keys(changes).length > 0) {
          await writeAudit(tx.db, {
            eventId,
            actorId,
            action: 'group.updated',
            subject: `group:${groupId}`,
            details: { changes },
          });
        }
        const memberCount = await groupsRepository.countMembers(tx.db, eventId, groupId);
        return { id: row.id, name: row.name, description: row.description, memberCount, wanted: row.wanted };
      });
    },

    async delete(eventId: number, groupId: number, actorId: number | null): Promise<void> {
      await inTransaction(context, async (tx) => {
        await lockEvent(tx.db, eventId);
        const current = await groupsRepository.find(tx.db, eventId, groupId);
        if (!current) throw notFound('error.groupNotFound');
        const memberCount = await groupsRepository.countMembers(tx.db, eventId, groupId);
        await groupsRepository.deleteGroup(tx.db, eventId, groupId);
        await writeAudit(tx.db, {
          eventId,
          actorId,
          action: 'group.deleted',
          subject: `group:${groupId}`,
          details: { name: current.name, membersLeftWithoutGroup: memberCount },
        });
      });
    },
  };
}

export type GroupsService = ReturnType<typeof groupsService>;
