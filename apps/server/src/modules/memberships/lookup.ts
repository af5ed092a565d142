import type { RoleLevel } from '@funkis/shared';
import type { Db } from '../../db/types.js';
import type { EventMembership } from '../../lib/caller.js';

/** The account's membership of the event, or null (the auth guard's question when the session did not bring it). */
export async function findMembership(db: Db, eventId: number, userId: number): Promise<EventMembership | null> {
  const row = await db
    .selectFrom('event_users')
    .select(['id', 'event_id', 'role_level', 'group_id'])
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row
    ? { eventUserId: row.id, eventId: row.event_id, roleLevel: row.role_level as RoleLevel, groupId: row.group_id }
    : null;
}
