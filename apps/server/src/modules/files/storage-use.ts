import type { MessageKey } from '@funkis/shared';
import { sql } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Db } from '../../db/types.js';
import { tooLarge } from '../../lib/http-error.js';
import type { FileStorage } from '../../plugins/storage.js';

const STAT_BATCH = 64;
const megabytes = (bytes: number) => Math.max(1, Math.floor(bytes / (1024 * 1024)));

/** The limits of what is stored (docs/decisions/022); 0 turns one off. */
export interface StorageLimits {
  accountBytes: number;
  serverBytes: number;
}

/** A limit that still has room: how much, and the 413 to answer when an upload needs more. */
export interface StorageRoom {
  remainingBytes: number;
  code: MessageKey;
  sizeBytes: number;
}

/**
 * What is stored, per account and on the whole server: event files by their recorded size (the account's: the
 * files it uploaded), avatars by the size of their bytes in the store (an account's: its own and those of the
 * events it administers). Read-only; the tables stay their owners'.
 */
export function storageUse(db: Db, storage: FileStorage, limits: StorageLimits) {
  const sizeOfAvatars = async (avatars: readonly (string | null)[]) => {
    const keys = avatars.filter((avatar): avatar is string => Boolean(avatar)).map((avatar) => avatar.split('.')[0]);
    let total = 0;
    for (let start = 0; start < keys.length; start += STAT_BATCH) {
      const sizes = await Promise.all(keys.slice(start, start + STAT_BATCH).map((key) => storage.size(key as string)));
      total += sizes.reduce((sum, size) => sum + size, 0);
    }
    return total;
  };
  const sumOf = (row: { bytes: string | number | null } | undefined) => Number(row?.bytes ?? 0);

  async function ofAccount(userId: number): Promise<number> {
    const [files, own, events] = await Promise.all([
      db
        .selectFrom('files')
        .select((eb) => eb.fn.sum<string | number | null>('size').as('bytes'))
        .where('uploaded_by', '=', userId)
        .executeTakeFirst(),
      db.selectFrom('users').select('avatar').where('id', '=', userId).executeTakeFirst(),
      db
        .selectFrom('events as e')
        .innerJoin('event_users as eu', 'eu.event_id', 'e.id')
        .select('e.avatar')
        .where('eu.user_id', '=', userId)
        .where('eu.role_level', '=', 0)
        .where('e.avatar', 'is not', null)
        .execute(),
    ]);
    return sumOf(files) + (await sizeOfAvatars([own?.avatar ?? null, ...events.map((event) => event.avatar)]));
  }

  async function ofServer(): Promise<number> {
    const [files, users, events] = await Promise.all([
      db
        .selectFrom('files')
        .select((eb) => eb.fn.sum<string | number | null>('size').as('bytes'))
        .executeTakeFirst(),
      db.selectFrom('users').select('avatar').where('avatar', 'is not', null).execute(),
      db.selectFrom('events').select('avatar').where('avatar', 'is not', null).execute(),
    ]);
    return sumOf(files) + (await sizeOfAvatars([...users, ...events].map((row) => row.avatar)));
  }

  return {
    ofAccount,
    ofServer,

    /** The tightest of the account's and the server's room (null: neither is limited). */
    async room(userId: number): Promise<StorageRoom | null> {
      const rooms: StorageRoom[] = [];
      if (limits.accountBytes > 0) {
        rooms.push({
          remainingBytes: limits.accountBytes - (await ofAccount(userId)),
          code: 'error.accountStorageFull',
          sizeBytes: limits.accountBytes,
        });
      }
      if (limits.serverBytes > 0) {
        rooms.push({
          remainingBytes: limits.serverBytes - (await ofServer()),
          code: 'error.serverStorageFull',
          sizeBytes: limits.serverBytes,
        });
      }
      return rooms.reduce<StorageRoom | null>(
        (tightest, room) => (!tightest || room.remainingBytes < tightest.remainingBytes ? room : tightest),
        null,
      );
    },

    /** 413 when `bytes` more do not fit the account's or the server's room. */
    async requireRoom(userId: number, bytes: number): Promise<void> {
      const room = await this.room(userId);
      if (room && bytes > room.remainingBytes) throw fullError(room);
    },
  };
}

/** First key of the storage advisory locks: `(STORAGE_LOCK, userId)` an account's, `(STORAGE_LOCK, 0)` the server's. */
const STORAGE_LOCK = 0x73746f72;

/**
 * The exact decision on an upload's bytes, taken inside the transaction that records them (docs/decisions/022):
 * waits for the account's and the server's storage locks, then answers 413 when `bytes` more do not fit the
 * tightest of the account's, the server's and `alsoWithin` (the event's quota, already under the event's lock).
 * Two uploads at once are decided one after the other, the second seeing the first's bytes. PostgreSQL: advisory
 * locks held until the transaction ends (taken in one order, account before server, after the event's row, so no
 * two uploads wait for each other in a circle); SQLite runs one write transaction at a time anyway.
 */
export async function claimRoom(
  trx: Db,
  storage: FileStorage,
  limits: StorageLimits,
  userId: number,
  bytes: number,
  alsoWithin: StorageRoom | null = null,
): Promise<void> {
  if (dialectOf(trx) === 'postgres') {
    if (limits.accountBytes > 0) await sql`select pg_advisory_xact_lock(${STORAGE_LOCK}, ${userId})`.execute(trx);
    if (limits.serverBytes > 0) await sql`select pg_advisory_xact_lock(${STORAGE_LOCK}, 0)`.execute(trx);
  }
  const stored = await storageUse(trx, storage, limits).room(userId);
  const tightest = stored && (!alsoWithin || stored.remainingBytes < alsoWithin.remainingBytes) ? stored : alsoWithin;
  if (tightest && bytes > tightest.remainingBytes) throw fullError(tightest);
}

export const fullError = (room: StorageRoom) => tooLarge(room.code, { size: megabytes(room.sizeBytes) }, 'file');

export const storageLimitsOf = (config: { ACCOUNT_STORAGE_BYTES: number; SERVER_STORAGE_BYTES: number }) => ({
  accountBytes: config.ACCOUNT_STORAGE_BYTES,
  serverBytes: config.SERVER_STORAGE_BYTES,
});
