import type { Db, EventRow } from '../../db/types.js';
import { prepared } from '../../lib/prepared.js';
import { createdAndExpires, nowIso } from '../../lib/time.js';

/**
 * Server-side sessions in the database: the cookie holds a random token, the table its keyed hash, the user id and
 * the CSRF token; idle and absolute expiry. This module owns the `sessions` table; the session plugin
 * (plugins/session.ts) handles the cookie and the request, and the account module ends sessions through
 * `endUserSessions`.
 */

export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
/** 30 days whatever the activity (ASVS level 2); the idle limit ends a session sooner when unused. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** At most one write of `last_seen_at` a minute per session. */
export const TOUCH_EVERY_MS = 60 * 1000;

const sessionColumns = [
  'sessions.csrf_token',
  'sessions.expires_at',
  'sessions.last_seen_at',
  'users.id',
  'users.email',
  'users.firstname',
  'users.lastname',
  'users.avatar',
  'users.email_confirmed_at',
  'users.pending_email',
] as const;

const sessionQuery = (db: Db, id: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(sessionColumns)
    .where('sessions.id', '=', id);

/** The session of an id with its user: the one query of every request with a session cookie. */
const loadSession = prepared((db: Db, id: string) => sessionQuery(db, id));

/** The same with the user's membership of one event and its group's name (routes guarded by requireEventRole). */
const loadSessionWithMembership = prepared((db: Db, id: string, eventId: number) =>
  sessionQuery(db, id)
    .leftJoin('event_users', (join) =>
      join.onRef('event_users.user_id', '=', 'users.id').on('event_users.event_id', '=', eventId),
    )
    .leftJoin('event_groups', 'event_groups.id', 'event_users.group_id')
    .select([
      'event_users.id as member_id',
      'event_users.role_level as member_role_level',
      'event_users.group_id as member_group_id',
      'event_groups.name as member_group_name',
    ]),
);

/**
 * The same with the event in the path and its form's stored fields (routes with `config.eventWithForm`: the event
 * screen's call, on every page of an event): one statement instead of two. Used only after the guard let the
 * caller in; the event is read whether or not they are a member, as the second statement would have been.
 */
const loadSessionWithEvent = prepared((db: Db, id: string, eventId: number) =>
  sessionQuery(db, id)
    .leftJoin('event_users', (join) =>
      join.onRef('event_users.user_id', '=', 'users.id').on('event_users.event_id', '=', eventId),
    )
    .leftJoin('event_groups', 'event_groups.id', 'event_users.group_id')
    .leftJoin('events', (join) => join.on('events.id', '=', eventId))
    .leftJoin('event_forms', 'event_forms.event_id', 'events.id')
    .select([
      'event_users.id as member_id',
      'event_users.role_level as member_role_level',
      'event_users.group_id as member_group_id',
      'event_groups.name as member_group_name',
      'events.id as event_id',
      'events.name as event_name',
      'events.description as event_description',
      'events.avatar as event_avatar',
      'events.status as event_status',
      'events.applications_open as event_applications_open',
      'events.use_week_separation as event_use_week_separation',
      'events.week_separation_config as event_week_separation_config',
      'events.starts_at as event_starts_at',
      'events.ends_at as event_ends_at',
      'events.time_zone as event_time_zone',
      'events.created_at as event_created_at',
      'events.updated_at as event_updated_at',
      'event_forms.fields as event_form_fields',
    ]),
);

export type EventSessionRow = Awaited<ReturnType<typeof loadSessionWithEvent>>[number];

/** The event and its form's stored fields, as `findEventWithForm` of the events module answers them. */
export type EventWithForm = EventRow & { form_fields: string | null };

/** Every column of `events` is named here, so a new one fails the type check until it is read too. */
export function eventOf(row: EventSessionRow): EventWithForm | null {
  if (row.event_id === null) return null;
  const event: { [K in keyof EventWithForm]: EventWithForm[K] | null } = {
    id: row.event_id,
    name: row.event_name,
    description: row.event_description,
    avatar: row.event_avatar,
    status: row.event_status,
    applications_open: row.event_applications_open,
    use_week_separation: row.event_use_week_separation,
    week_separation_config: row.event_week_separation_config,
    starts_at: row.event_starts_at,
    ends_at: row.event_ends_at,
    time_zone: row.event_time_zone,
    created_at: row.event_created_at,
    updated_at: row.event_updated_at,
    form_fields: row.event_form_fields,
  };
  return event as EventWithForm;
}

export type SessionRow = Awaited<ReturnType<typeof loadSession>>[number] & {
  member_id?: number | null;
  member_role_level?: number | null;
  member_group_id?: number | null;
  member_group_name?: string | null;
};

/** An event membership read together with the session (see `load`). */
export interface LoadedMembership {
  eventUserId: number;
  eventId: number;
  roleLevel: number;
  groupId: number | null;
  /** The name of the member's group (null without a group). */
  groupName: string | null;
}

export interface SessionInfo {
  id: string;
  userId: number;
  csrfToken: string;
}

/**
 * Ends every session of the user but the one given (null: all of them), in the caller's transaction when given
 * one: the account's e-mail and password changes end the other sessions with the change.
 */
export async function endUserSessions(
  db: Db,
  userId: number,
  keepSessionId: string | null | readonly string[],
): Promise<void> {
  const keep = (typeof keepSessionId === 'string' ? [keepSessionId] : (keepSessionId ?? [])).filter(Boolean);
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keep.length > 0) query = query.where('id', 'not in', keep);
  await query.execute();
}

/** A new session row (the id is the keyed hash of the cookie's token). */
export async function insertSession(db: Db, session: { id: string; userId: number; csrfToken: string }) {
  const stamps = createdAndExpires(SESSION_ABSOLUTE_MS);
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      csrf_token: session.csrfToken,
      ...stamps,
      last_seen_at: stamps.created_at,
    })
    .execute();
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function touchSession(db: Db, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: nowIso() }).where('id', '=', sessionId).execute();
}

/** Deletes expired and idle sessions: one user's (`userId`), or everyone's (null). */
export async function purgeExpiredSessions(db: Db, userId: number | null): Promise<void> {
  const idleCutoff = new Date(Date.now() - SESSION_IDLE_MS).toISOString();
  let query = db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', nowIso()), eb('last_seen_at', '<=', idleCutoff)]));
  if (userId !== null) query = query.where('user_id', '=', userId);
  await query.execute();
}

/**
 * The session row of an id with its user; given an event id, also the user's membership of it (and with
 * `withEvent` the event and its form), in the same statement.
 */
export async function findSessionRow(
  db: Db,
  id: string,
  eventId: number | undefined,
  withEvent: boolean,
): Promise<SessionRow | EventSessionRow | undefined> {
  if (eventId === undefined) return (await loadSession(db, id))[0];
  return withEvent
    ? (await loadSessionWithEvent(db, id, eventId))[0]
    : (await loadSessionWithMembership(db, id, eventId))[0];
}
