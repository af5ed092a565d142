/** All SQL of event files (`files`): the only place that writes the table. */

import type { EventFile, FileSort, RoleLevel } from '@funkis/shared';
import { isPreviewable } from '@funkis/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/types.js';
import { parseJson } from '../../lib/json.js';
import { containsText } from '../../lib/search.js';

export interface FileRow {
  id: number;
  event_id: number;
  name: string;
  mime_type: string;
  size: number;
  storage_key: string;
  uploaded_by: number | null;
  allowed_roles: string;
  created_at: string;
  updated_at: string | null;
}

type ListedRow = FileRow & { firstname: string | null; lastname: string | null };

/** The roles column holds the canonical JSON of a sorted set of single digits (`[0,2]`): a LIKE finds a level. */
export const rolesJson = (roles: readonly RoleLevel[]): string =>
  JSON.stringify([...new Set(roles)].sort((a, b) => a - b));

export function toEventFile(row: ListedRow): EventFile {
  return {
    id: row.id,
    name: row.name,
    mimeType: row.mime_type,
    size: Number(row.size),
    uploadedBy:
      row.uploaded_by !== null && row.firstname !== null && row.lastname !== null
        ? { id: row.uploaded_by, firstname: row.firstname, lastname: row.lastname }
        : null,
    roles: parseJson<RoleLevel[]>(row.allowed_roles, []),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    previewable: isPreviewable(row.mime_type),
  };
}

const SORT_COLUMNS = { name: 'f.name', createdAt: 'f.id', size: 'f.size' } as const;

function visible(db: Db, eventId: number, roleLevel: RoleLevel, search?: string) {
  let query = db
    .selectFrom('files as f')
    .where('f.event_id', '=', eventId)
    .where('f.allowed_roles', 'like', `%${roleLevel}%`);
  if (search) query = query.where(containsText(db, sql.ref('f.name'), search));
  return query;
}

function withUploader(db: Db) {
  return db
    .selectFrom('files as f')
    .leftJoin('users as u', 'u.id', 'f.uploaded_by')
    .selectAll('f')
    .select(['u.firstname', 'u.lastname']);
}

export async function list(
  db: Db,
  eventId: number,
  roleLevel: RoleLevel,
  options: { search?: string; sort: FileSort; limit: number; offset: number },
): Promise<{ files: EventFile[]; total: number }> {
  const descending = options.sort.startsWith('-');
  const column = SORT_COLUMNS[options.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  let rows = visible(db, eventId, roleLevel, options.search)
    .leftJoin('users as u', 'u.id', 'f.uploaded_by')
    .selectAll('f')
    .select(['u.firstname', 'u.lastname']);
  rows =
    column === 'f.name'
      ? rows.orderBy((eb) => eb.fn('lower', ['f.name']), descending ? 'desc' : 'asc')
      : rows.orderBy(column, descending ? 'desc' : 'asc');
  const [list, count] = await Promise.all([
    rows.orderBy('f.id', 'desc').limit(options.limit).offset(options.offset).execute(),
    visible(db, eventId, roleLevel, options.search)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { files: list.map(toEventFile), total: Number(count.n) };
}

/** The file when it belongs to the event; the caller decides whether the role may see it. */
export function find(db: Db, eventId: number, fileId: number): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('event_id', '=', eventId).where('id', '=', fileId).executeTakeFirst();
}

export async function findListed(db: Db, eventId: number, fileId: number): Promise<EventFile | undefined> {
  const row = await withUploader(db).where('f.event_id', '=', eventId).where('f.id', '=', fileId).executeTakeFirst();
  return row ? toEventFile(row) : undefined;
}

/** The event's files among `fileIds` (others are left out), in no particular order. */
export async function findManyListed(db: Db, eventId: number, fileIds: number[]): Promise<EventFile[]> {
  if (fileIds.length === 0) return [];
  const rows = await withUploader(db).where('f.event_id', '=', eventId).where('f.id', 'in', fileIds).execute();
  return rows.map(toEventFile);
}

export async function usedBytes(db: Db, eventId: number): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.sum<number>('size').as('used'))
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

export function insert(db: Db, values: Omit<FileRow, 'id' | 'updated_at'>) {
  return db
    .insertInto('files')
    .values({ ...values, updated_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function update(
  db: Db,
  eventId: number,
  fileId: number,
  changes: { name?: string; allowed_roles?: string; updated_at: string },
) {
  return db.updateTable('files').set(changes).where('event_id', '=', eventId).where('id', '=', fileId).execute();
}

export function deleteFile(db: Db, eventId: number, fileId: number) {
  return db.deleteFrom('files').where('event_id', '=', eventId).where('id', '=', fileId).execute();
}
