import {
  canManageFiles,
  canSeeFile,
  type EventFile,
  type FilesListQuery,
  type FilesUsage,
  type RoleLevel,
  type UpdateFileInput,
} from '@funkis/shared';
import { writeAudit } from '../../lib/audit.js';
import type { EventMembership } from '../../lib/caller.js';
import { inTransaction, requireService, type ServerContext } from '../../lib/context.js';
import { notFound, tooLarge } from '../../lib/http-error.js';
import { parseJson } from '../../lib/json.js';
import type { StoredBytes } from '../../lib/stored-answer.js';
import { nowIso } from '../../lib/time.js';
import { lockEvent } from '../../lib/transaction.js';
import * as filesRepository from './repository.js';
import { type FileRow, rolesJson } from './repository.js';
import { claimRoom, storageLimitsOf } from './storage-use.js';

/** Bytes as whole megabytes, for the messages ("at most 25 MB"). */
export const megabytes = (bytes: number): number => Math.max(1, Math.floor(bytes / (1024 * 1024)));

export interface StoredUpload {
  key: string;
  size: number;
  name: string;
  mimeType: string;
  roles: RoleLevel[];
}

const canSee = (row: FileRow, caller: EventMembership) =>
  canSeeFile(caller, parseJson<number[]>(row.allowed_roles, []));

/**
 * Event files: the one owner of `files` and of their bytes in the store. A file the caller's role may not see
 * answers 404 like a file that does not exist, and a file of another event is never found under this one.
 */
export function filesService(context: ServerContext) {
  const { db, config } = context;
  const storage = requireService(context, 'storage');
  const quotaBytes = config.EVENT_FILES_QUOTA_BYTES;
  const limits = storageLimitsOf(config);
  const findVisible = async (caller: EventMembership, fileId: number): Promise<FileRow> => {
    const row = await filesRepository.find(db, caller.eventId, fileId);
    if (!row || !canSee(row, caller)) throw notFound('files.notFound');
    return row;
  };

  return {
    async list(
      caller: EventMembership,
      query: FilesListQuery,
    ): Promise<{ files: EventFile[]; total: number; usage: FilesUsage | null }> {
      const { eventId } = caller;
      const { files, total } = await filesRepository.list(db, eventId, caller.roleLevel, {
        search: query.search,
        sort: query.sort,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      const usage = canManageFiles(caller)
        ? { usedBytes: await filesRepository.usedBytes(db, eventId), quotaBytes }
        : null;
      return { files, total, usage };
    },

    /** What an upload may still take before the event's quota is full. */
    remainingBytes: async (eventId: number): Promise<number> =>
      quotaBytes - (await filesRepository.usedBytes(db, eventId)),

    /**
     * Records bytes already in the store as a file of the event, within the event's quota and the uploader's
     * account and the server's limits, decided again in the transaction that records it under the event's and the
     * storage locks (docs/decisions/022): two uploads at once cannot both take the last space. On any failure the
     * bytes go.
     */
    async create(eventId: number, actorId: number, upload: StoredUpload): Promise<EventFile> {
      try {
        const id = await inTransaction(context, async (tx) => {
          await lockEvent(tx.db, eventId);
          const used = await filesRepository.usedBytes(tx.db, eventId);
          if (used + upload.size > quotaBytes) {
            throw tooLarge('files.quotaExceeded', { size: megabytes(quotaBytes) }, 'file');
          }
          await claimRoom(tx.db, storage, limits, actorId, upload.size, {
            remainingBytes: quotaBytes - used,
            code: 'files.quotaExceeded',
            sizeBytes: quotaBytes,
          });
          const { id } = await filesRepository.insert(tx.db, {
            event_id: eventId,
            name: upload.name,
            mime_type: upload.mimeType,
            size: upload.size,
            storage_key: upload.key,
            uploaded_by: actorId,
            allowed_roles: rolesJson(upload.roles),
            created_at: nowIso(),
          });
          await writeAudit(tx.db, {
            eventId,
            actorId,
            action: 'file.uploaded',
            subject: `file:${id}`,
            details: { name: upload.name, size: upload.size, mimeType: upload.mimeType, roles: upload.roles },
          });
          return id;
        });
        const file = await filesRepository.findListed(db, eventId, id);
        if (!file) throw notFound('files.notFound');
        return file;
      } catch (error) {
        await storage.remove(upload.key);
        throw error;
      }
    },

    /** A file the role may see, with its bytes to send whole or in part. */
    async open(caller: EventMembership, fileId: number): Promise<{ row: FileRow; stored: StoredBytes }> {
      const row = await findVisible(caller, fileId);
      const key = row.storage_key;
      return {
        row,
        stored: {
          key,
          size: row.size,
          storedAt: new Date(row.created_at),
          open: (range) => storage.open(key, range),
        },
      };
    },

    async update(eventId: number, fileId: number, actorId: number, input: UpdateFileInput): Promise<EventFile> {
      await inTransaction(context, async (tx) => {
        const current = await filesRepository.find(tx.db, eventId, fileId);
        if (!current) throw notFound('files.notFound');
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        if (input.name !== undefined && input.name !== current.name) {
          changes.name = { from: current.name, to: input.name };
        }
        const roles = input.roles ? rolesJson(input.roles) : undefined;
        if (roles !== undefined && roles !== current.allowed_roles) {
          changes.roles = { from: parseJson(current.allowed_roles, []), to: parseJson(roles, []) };
        }
        if (Object.keys(changes).length === 0) return;
        await filesRepository.update(tx.db, eventId, fileId, {
          ...(changes.name ? { name: input.name } : {}),
          ...(changes.roles ? { allowed_roles: roles } : {}),
          updated_at: nowIso(),
        });
        await writeAudit(tx.db, {
          eventId,
          actorId,
          action: 'file.updated',
          subject: `file:${fileId}`,
          details: { changes },
        });
      });
      const file = await filesRepository.findListed(db, eventId, fileId);
      if (!file) throw notFound('files.notFound');
      return file;
    },

    /** Removes the record, then the bytes: a failure in between leaves an unreferenced blob, never a dead link. */
    async delete(eventId: number, fileId: number, actorId: number): Promise<void> {
      const row = await inTransaction(context, async (tx) => {
        const current = await filesRepository.find(tx.db, eventId, fileId);
        if (!current) throw notFound('files.notFound');
        await filesRepository.deleteFile(tx.db, eventId, fileId);
        await writeAudit(tx.db, {
          eventId,
          actorId,
          action: 'file.deleted',
          subject: `file:${fileId}`,
          details: { name: current.name, size: Number(current.size) },
        });
        return current;
      });
      await storage.remove(row.storage_key);
    },

    /**
     * The event's files among `fileIds` with the roles that may see each, for linking them from an e-mail (the
     * mail module): files of other events and unknown ids are left out. The download checks the role again.
     */
    byIds: (eventId: number, fileIds: number[]): Promise<EventFile[]> =>
      filesRepository.findManyListed(db, eventId, fileIds),

    /** The newest files the role may see (the feed's card). */
    newest: (eventId: number, roleLevel: RoleLevel, limit: number) =>
      filesRepository.list(db, eventId, roleLevel, { sort: '-createdAt', limit, offset: 0 }),
  };
}

export type FilesService = ReturnType<typeof filesService>;
