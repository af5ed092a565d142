import type { User } from '@funkis/shared';
import type { Db, UserRow } from '../../db/types.js';
import { isoIn, nowIso } from '../../lib/time.js';
import { userAvatarUrl } from '../../plugins/session.js';

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export function toUser(row: Pick<UserRow, 'id' | 'email' | 'firstname' | 'lastname' | 'avatar'>): User {
  return {
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    avatar: userAvatarUrl(row.id, row.avatar),
  };
}

export function accountRepository(db: Db) {
  return {
    findByEmail: (email: string) =>
      db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst(),

    findById: (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    async create(input: { email: string; firstname: string; lastname: string; passwordHash: string }) {
      const now = nowIso();
      return db
        .insertInto('users')
        .values({
          email: normaliseEmail(input.email),
          firstname: input.firstname,
          lastname: input.lastname,
          password_hash: input.passwordHash,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    update(
      id: number,
      values: Partial<Pick<UserRow, 'email' | 'firstname' | 'lastname' | 'avatar' | 'password_hash'>>,
    ) {
      return db
        .updateTable('users')
        .set({ ...values, updated_at: nowIso() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** A newer request voids every older link of the same account. */
    async createResetToken(userId: number, tokenHash: string, validForMs: number) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('password_reset_tokens')
          .set({ used_at: nowIso() })
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('password_reset_tokens')
          .values({ user_id: userId, token_hash: tokenHash, created_at: nowIso(), expires_at: isoIn(validForMs) })
          .execute();
      });
    },

    findUsableResetToken: (tokenHash: string) =>
      db
        .selectFrom('password_reset_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowIso())
        .executeTakeFirst(),

    voidResetTokens: (userId: number) =>
      db
        .updateTable('password_reset_tokens')
        .set({ used_at: nowIso() })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute(),

    /**
     * Events the user alone administers while other people are members: removing the account would leave
     * them without anyone in charge.
     */
    async eventsWhereSoleAdminWithOthers(userId: number): Promise<number[]> {
      const adminOf = await db
        .selectFrom('event_users')
        .select('event_id')
        .where('user_id', '=', userId)
        .where('role_level', '=', 0)
        .execute();
      const blocked: number[] = [];
      for (const { event_id } of adminOf) {
        const counts = await db
          .selectFrom('event_users')
          .select((eb) => [
            eb.fn.countAll<number>().as('members'),
            eb.fn.sum<number>(eb.case().when('role_level', '=', 0).then(1).else(0).end()).as('admins'),
          ])
          .where('event_id', '=', event_id)
          .executeTakeFirstOrThrow();
        if (Number(counts.admins) === 1 && Number(counts.members) > 1) blocked.push(event_id);
      }
      return blocked;
    },

    /** Removes the user and the events they were the only member of, in one transaction. */
    async remove(userId: number) {
      await db.transaction().execute(async (trx) => {
        const solo = await trx
          .selectFrom('event_users as mine')
          .select('mine.event_id')
          .where('mine.user_id', '=', userId)
          .where('mine.role_level', '=', 0)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('event_users as other')
                  .select('other.id')
                  .whereRef('other.event_id', '=', 'mine.event_id')
                  .where('other.user_id', '!=', userId),
              ),
            ),
          )
          .execute();
        const soloIds = solo.map((row) => row.event_id);
        if (soloIds.length > 0) await trx.deleteFrom('events').where('id', 'in', soloIds).execute();
        await trx.deleteFrom('users').where('id', '=', userId).execute();
      });
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
