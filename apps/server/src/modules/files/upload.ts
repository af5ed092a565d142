import type { Readable } from 'node:stream';
import { fileNameSchema, fileRolesFieldSchema, type RoleLevel } from '@funkis/shared';
import type { FastifyRequest } from 'fastify';
import { checkFileType, SniffingStream } from '../../lib/file-types.js';
import { fieldError, tooLarge } from '../../lib/http-error.js';
import { readUploadBody } from '../../lib/uploads.js';
import { type FileStorage, FileTooLargeError } from '../../plugins/storage.js';
import { megabytes, type StoredUpload } from './service.js';
import { fullError, type StorageRoom } from './storage-use.js';

/** Missing `roles`: admins only (a forgotten field hides a file rather than shows it to everyone). */
const DEFAULT_ROLES: RoleLevel[] = [0];

/** The name a browser gave the file, without any folder part. */
const baseName = (filename: string) => filename.split(/[/\\]/).pop() ?? '';

/**
 * Streams the multipart field `file` into the store (never whole in memory), checking its first bytes against
 * its declared type (415) and its size against the smaller of the upload limit and the event's free space
 * (413; the partial file is removed), and reads the field `roles` (`0,1,2`) before or after it.
 */
export async function receiveUpload(
  request: FastifyRequest,
  storage: FileStorage,
  limits: { maxBytes: number; room: StorageRoom },
): Promise<StoredUpload> {
  if (!request.isMultipart()) throw fieldError('file', 'files.fileRequired');
  if (limits.room.remainingBytes <= 0) throw fullError(limits.room);
  return readUploadBody(request, (track) => readParts(request, storage, limits, track));
}

async function readParts(
  request: FastifyRequest,
  storage: FileStorage,
  limits: { maxBytes: number; room: StorageRoom },
  track: (file: Readable) => void,
): Promise<StoredUpload> {
  const roomIsTighter = limits.room.remainingBytes < limits.maxBytes;
  const fileSize = Math.min(limits.maxBytes, limits.room.remainingBytes);
  let stored: { key: string; size: number; name: string; mimeType: string } | null = null;
  let rolesText: string | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize, files: 1, fields: 5 },
      // The size is judged here (413 with the limit that applied), not by the plugin.
      throwFileSizeLimit: false,
    } as Parameters<typeof request.parts>[0])) {
      if (part.type === 'field') {
        if (part.fieldname === 'roles' && typeof part.value === 'string') rolesText = part.value;
        continue;
      }
      track(part.file);
      if (part.fieldname !== 'file' || stored) {
        part.file.resume();
        continue;
      }
      const parsedName = fileNameSchema.safeParse(baseName(part.filename));
      if (!parsedName.success) {
        part.file.resume();
        throw fieldError('file', (parsedName.error.issues[0]?.message ?? 'error.invalid') as 'error.invalid');
      }
      const source = part.file as Readable & { truncated?: boolean };
      const sniffer = new SniffingStream((head) => checkFileType(part.mimetype, head));
      try {
        const { key, size } = await storage.save(source, sniffer);
        stored = { key, size, name: parsedName.data, mimeType: sniffer.result ?? 'application/octet-stream' };
      } catch (error) {
        source.resume();
        if (error instanceof FileTooLargeError) {
          throw roomIsTighter
            ? fullError(limits.room)
            : tooLarge('files.tooLarge', { size: megabytes(limits.maxBytes) }, 'file');
        }
        throw error;
      }
    }
  } catch (error) {
    if (stored) await storage.remove(stored.key);
    throw error;
  }
  if (!stored) throw fieldError('file', 'files.fileRequired');
  const roles =
    rolesText === undefined
      ? { success: true as const, data: DEFAULT_ROLES }
      : fileRolesFieldSchema.safeParse(rolesText);
  if (!roles.success) {
    await storage.remove(stored.key);
    throw fieldError('roles', 'files.rolesInvalid');
  }
  return { ...stored, roles: roles.data };
}
