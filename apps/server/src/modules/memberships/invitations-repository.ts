/** All SQL of `invitations` (owned by memberships). Pass a transaction as `db` to take part in it. */

import type { EventInvitation, MyInvitation, RoleLevel } from '@funkis/shared';
import type { Db } from '../../db/types.js';

interface InvitationRow {
  id: number;
  event_id: number;
  event_name: string;
  email: string;
  invited_user_id: number | null;
  role_level: number;
  group_id: number | null;
  group_name: string | null;
  invited_by: number | null;
  inviter_firstname: string | null;
  inviter_lastname: string | null;
  created_at: string;
  expires_at: string;
  declined_at: string | null;
}

const groupOf = (row: InvitationRow) =>
  row.group_id !== null && row.group_name !== null ? { id: row.group_id, name: row.group_name } : null;

/** The admins' view: no account, name or answer of the invited person (the same for every address). */
export const toEventInvitation = (row: InvitationRow): EventInvitation => ({
  id: row.id,
  email: row.email,
  roleLevel: row.role_level as RoleLevel,
  group: groupOf(row),
  invitedBy:
    row.invited_by !== null && row.inviter_firstname !== null
      ? { id: row.invited_by, firstname: row.inviter_firstname, lastname: row.inviter_lastname ?? '' }
      : null,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

/** The invited person's view. */
export const toMyInvitation = (row: InvitationRow): MyInvitation => ({
  id: row.id,
  event: { id: row.event_id, name: row.event_name },
  roleLevel: row.role_level as RoleLevel,
  group: groupOf(row),
  invitedBy:
    row.inviter_firstname !== null ? { firstname: row.inviter_firstname, lastname: row.inviter_lastname ?? '' } : null,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

function withDetails(db: Db) {
  return db
    .selectFrom('invitations')
    .innerJoin('events', 'events.id', 'invitations.event_id')
    .leftJoin('event_groups as g', 'g.id', 'invitations.group_id')
    .leftJoin('users as inviter', 'inviter.id', 'invitations.invited_by')
    .select([
      'invitations.id',
      'invitations.event_id',
      'events.name as event_name',
      'invitations.email',
      'invitations.invited_user_id',
      'invitations.role_level',
      'invitations.group_id',
      'g.name as group_name',
      'invitations.invited_by',
      'inviter.firstname as inviter_firstname',
      'inviter.lastname as inviter_lastname',
      'invitations.created_at',
      'invitations.expires_at',
      'invitations.declined_at',
    ]);
}

/** One invitation of the event, in any state (cancelling takes a declined one too). */
export function findInEvent(db: Db, eventId: number, invitationId: number): Promise<InvitationRow | undefined> {
  return withDetails(db)
    .where('invitations.event_id', '=', eventId)
    .where('invitations.id', '=', invitationId)
    .executeTakeFirst();
}

/** The event's invitations that have not lapsed (declined ones included: the admins cannot tell). */
export function listForEvent(db: Db, eventId: number, now: string): Promise<InvitationRow[]> {
  return withDetails(db)
    .where('invitations.event_id', '=', eventId)
    .where('invitations.expires_at', '>', now)
    .orderBy('invitations.created_at', 'desc')
    .orderBy('invitations.id', 'desc')
    .execute();
}

export function findByEventAndEmail(db: Db, eventId: number, email: string) {
  return db
    .selectFrom('invitations')
    .select(['id', 'expires_at'])
    .where('event_id', '=', eventId)
    .where('email', '=', email)
    .executeTakeFirst();
}

/** A person's open invitations (not declined, not lapsed). */
export function listOpenForUser(db: Db, userId: number, now: string): Promise<InvitationRow[]> {
  return withDetails(db)
    .where('invitations.invited_user_id', '=', userId)
    .where('invitations.declined_at', 'is', null)
    .where('invitations.expires_at', '>', now)
    .orderBy('invitations.created_at', 'desc')
    .orderBy('invitations.id', 'desc')
    .execute();
}

/** One open invitation of the person, or nothing (someone else's, answered, lapsed or cancelled). */
export function findOpenForUser(
  db: Db,
  userId: number,
  invitationId: number,
  now: string,
): Promise<InvitationRow | undefined> {
  return withDetails(db)
    .where('invitations.id', '=', invitationId)
    .where('invitations.invited_user_id', '=', userId)
    .where('invitations.declined_at', 'is', null)
    .where('invitations.expires_at', '>', now)
    .executeTakeFirst();
}

/** Invitations sent to the address before it had an account (or while another account had it) now are this one's. */
export function linkByEmail(db: Db, userId: number, email: string) {
  return db
    .updateTable('invitations')
    .set({ invited_user_id: userId })
    .where('email', '=', email)
    .where('invited_user_id', 'is', null)
    .execute();
}

export async function insert(
  db: Db,
  values: {
    eventId: number;
    email: string;
    invitedUserId: number | null;
    roleLevel: RoleLevel;
    groupId: number | null;
    invitedBy: number;
    createdAt: string;
    expiresAt: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('invitations')
    .values({
      event_id: values.eventId,
      email: values.email,
      invited_user_id: values.invitedUserId,
      role_level: values.roleLevel,
      group_id: values.groupId,
      invited_by: values.invitedBy,
      created_at: values.createdAt,
      expires_at: values.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function decline(db: Db, invitationId: number, now: string) {
  return db.updateTable('invitations').set({ declined_at: now }).where('id', '=', invitationId).execute();
}

export function deleteInvitation(db: Db, invitationId: number) {
  return db.deleteFrom('invitations').where('id', '=', invitationId).execute();
}

/** A lapsed invitation of the address to the event, so a new one can take its place. */
export function deleteLapsed(db: Db, eventId: number, email: string, now: string) {
  return db
    .deleteFrom('invitations')
    .where('event_id', '=', eventId)
    .where('email', '=', email)
    .where('expires_at', '<=', now)
    .execute();
}

export type { InvitationRow };
