import type { CookieSerializeOptions } from '@fastify/cookie';
import type { User } from '@funkis/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, EventRow } from '../db/types.js';
import { forbidden, unauthorized } from '../lib/http-error.js';
import { prepared } from '../lib/prepared.js';
import { isoIn, nowIso } from '../lib/time.js';
import { hashToken, randomToken, safeEqual } from '../lib/tokens.js';

export const SESSION_COOKIE = 'funkis_sid';
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
/** 30 days whatever the activity (ASVS level 2); the idle limit ends a session sooner when unused. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Cookie tokens whose session id (HMAC) is remembered. */
const RECENT_IDS = 1000;

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

type EventSessionRow = Awaited<ReturnType<typeof loadSessionWithEvent>>[number];

/** The event and its form's stored fields, as `findEventWithForm` of the events module answers them. */
export type EventWithForm = EventRow & { form_fields: string | null };

/** Every column of `events` is named here, so a new one fails the type check until it is read too. */
function eventOf(row: EventSessionRow): EventWithForm | null {
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

type SessionRow = Awaited<ReturnType<typeof loadSession>>[number] & {
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

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user. Never carries the password hash: it is read from the database only to verify. */
    user: User | null;
    session: SessionInfo | null;
    /**
     * The caller's membership of the event in the path, read in the session query for routes guarded by
     * requireEventRole (null: not a member; undefined: not read). Only the guard may trust it as a role.
     */
    prefetchedMembership: LoadedMembership | null | undefined;
    /**
     * The event in the path with its form, read in the session query for routes with `eventWithForm` (null: no
     * such event; undefined: not read). Read before the guard ran: use it only in the handler.
     */
    prefetchedEvent: EventWithForm | null | undefined;
  }
  interface FastifyInstance {
    sessions: SessionStore;
  }
  interface FastifyContextConfig {
    /** Unsafe routes that need no CSRF token (spec: login, register, recover-password, reset-password). */
    csrfExempt?: boolean;
    /** Set by the auth plugin on routes guarded by requireEventRole: read the membership with the session. */
    eventMembership?: boolean;
    /** Also read the event in the path and its form with the session (needs `eventMembership`). */
    eventWithForm?: boolean;
  }
}

export function userAvatarUrl(userId: number, avatar: string | null): string | null {
  return avatar ? `/api/user/${userId}/avatar?v=${encodeURIComponent(avatar)}` : null;
}

/** HttpOnly, SameSite=Lax, Secure when the request came over https (directly or through a trusted proxy). */
function cookieOptions(request: FastifyRequest): CookieSerializeOptions {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' };
}

/**
 * Server-side sessions in the database: the cookie holds a random token, the table its keyed hash, the
 * user id and the CSRF token. Idle and absolute expiry; a new id on every login.
 */
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

export class SessionStore {
  private lastPurge = 0;
  private readonly recentIds = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  /** Starts a new session (new id, new CSRF token) and ends the one the request came with. */
  async create(reply: FastifyReply, request: FastifyRequest, userId: number): Promise<SessionInfo> {
    if (request.session) await this.destroy(request.session.id);
    const token = randomToken();
    const session: SessionInfo = { id: hashToken(token, this.secret), userId, csrfToken: randomToken() };
    const now = nowIso();
    await this.db
      .insertInto('sessions')
      .values({
        id: session.id,
        user_id: userId,
        csrf_token: session.csrfToken,
        created_at: now,
        last_seen_at: now,
        expires_at: isoIn(SESSION_ABSOLUTE_MS),
      })
      .execute();
    await this.purgeExpired(userId);
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: SESSION_ABSOLUTE_MS / 1000 });
    request.session = session;
    return session;
  }

  async destroy(sessionId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  }

  /**
   * Ends every session of the user but the one given (null: all of them). Pass the transaction when the
   * change that requires it (new e-mail, new password) is made in one.
   */
  async destroyOthers(userId: number, keepSessionId: string | null, executor: Db = this.db): Promise<void> {
    await endUserSessions(executor, userId, keepSessionId);
  }

  /** Forgets the request's session and tells the browser to drop the cookie. */
  end(request: FastifyRequest, reply: FastifyReply): void {
    request.session = null;
    request.user = null;
    reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
  }

  /**
   * The session of a cookie token with its user, in one query. Given an event id, the user's membership of that
   * event comes in the same query (a left join), saving the guard a second round trip.
   */
  async load(
    token: string,
    eventId?: number,
    withEvent = false,
  ): Promise<{
    session: SessionInfo;
    user: User;
    membership?: LoadedMembership | null;
    event?: EventWithForm | null;
  } | null> {
    const id = this.idOf(token);
    const row: SessionRow | EventSessionRow | undefined =
      eventId === undefined
        ? (await loadSession(this.db, id))[0]
        : withEvent
          ? (await loadSessionWithEvent(this.db, id, eventId))[0]
          : (await loadSessionWithMembership(this.db, id, eventId))[0];
    if (!row) return null;
    const now = Date.now();
    const lastSeen = Date.parse(row.last_seen_at);
    if (!(Date.parse(row.expires_at) > now && lastSeen + SESSION_IDLE_MS > now)) {
      await this.destroy(id);
      return null;
    }
    // At most one write a minute per session, not one per request.
    if (now - lastSeen > TOUCH_EVERY_MS) {
      await this.db.updateTable('sessions').set({ last_seen_at: nowIso() }).where('id', '=', id).execute();
    }
    const loaded = {
      session: { id, userId: row.id, csrfToken: row.csrf_token },
      user: {
        id: row.id,
        email: row.email,
        firstname: row.firstname,
        lastname: row.lastname,
        avatar: userAvatarUrl(row.id, row.avatar),
        emailConfirmed: row.email_confirmed_at !== null,
        ...(row.pending_email ? { pendingEmail: row.pending_email } : {}),
      },
    };
    if (eventId === undefined) return loaded;
    const membership =
      row.member_id == null || row.member_role_level == null
        ? null
        : {
            eventUserId: row.member_id,
            eventId,
            roleLevel: row.member_role_level,
            groupId: row.member_group_id ?? null,
            groupName: row.member_group_name ?? null,
          };
    return withEvent ? { ...loaded, membership, event: eventOf(row as EventSessionRow) } : { ...loaded, membership };
  }

  /**
   * The session id (keyed hash) of a cookie token. The hash of recent tokens is remembered (a pure function of
   * the token: an ended session's id simply finds no row), so a busy session does not pay an HMAC per request.
   */
  private idOf(token: string): string {
    let id = this.recentIds.get(token);
    if (id === undefined) {
      id = hashToken(token, this.secret);
      if (this.recentIds.size >= RECENT_IDS) this.recentIds.delete(this.recentIds.keys().next().value as string);
      this.recentIds.set(token, id);
    }
    return id;
  }

  /**
   * Expired rows are deleted when met; those never met again go here: the user's own on each login, everyone's
   * at most once an hour.
   */
  private async purgeExpired(userId: number): Promise<void> {
    const idleCutoff = new Date(Date.now() - SESSION_IDLE_MS).toISOString();
    const now = nowIso();
    const everyone = Date.now() - this.lastPurge > PURGE_EVERY_MS;
    if (everyone) this.lastPurge = Date.now();
    let query = this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleCutoff)]));
    if (!everyone) query = query.where('user_id', '=', userId);
    await query.execute();
  }
}

/** Largest value of PostgreSQL's integer columns: a larger id names nothing. */
const MAX_ID = 2_147_483_647;

/** The event id of the path (`:id` or `:eventId`) when it is a valid id; otherwise undefined. */
export function eventIdInPath(request: FastifyRequest): number | undefined {
  const params = request.params as Record<string, string | number | undefined> | undefined;
  const id = Number(params?.id ?? params?.eventId);
  return Number.isInteger(id) && id > 0 && id <= MAX_ID ? id : undefined;
}

async function sessionPlugin(app: FastifyInstance, options: { db: Db; secret: string }) {
  const store = new SessionStore(options.db, options.secret);
  app.decorate('sessions', store);
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.decorateRequest('prefetchedMembership', undefined);
  app.decorateRequest('prefetchedEvent', undefined);

  /** Every unsafe request, whatever its path, so no route can be added without the check. */
  const checkCsrf = (request: FastifyRequest) => {
    if (!UNSAFE_METHODS.has(request.method) || request.routeOptions.config?.csrfExempt) return;
    // No route: the answer is a 404 or 405 that changes nothing, and it names the methods the path does take.
    if (request.is404) return;
    // A synchronizer token: only the header counts, never a cookie, query or body field.
    if (!request.session) throw unauthorized();
    const header = request.headers['x-csrf-token'];
    if (typeof header !== 'string' || !safeEqual(header, request.session.csrfToken)) {
      throw forbidden('error.csrf');
    }
  };

  // Callback style: a request without a session cookie (health checks, static files) makes no promise.
  app.addHook('onRequest', (request, reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) {
      try {
        checkCsrf(request);
      } catch (error) {
        done(error as Error);
        return;
      }
      done();
      return;
    }
    const config = request.routeOptions.config;
    const eventId = config?.eventMembership ? eventIdInPath(request) : undefined;
    store
      .load(token, eventId, config?.eventWithForm === true)
      .then((loaded) => {
        if (loaded) {
          request.session = loaded.session;
          request.user = loaded.user;
          if (loaded.membership !== undefined) request.prefetchedMembership = loaded.membership;
          if (loaded.event !== undefined) request.prefetchedEvent = loaded.event;
        } else {
          reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
        }
        checkCsrf(request);
      })
      .then(() => done(), done);
  });

  // Every successful POST or DELETE answers with success and the CSRF token to use next.
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (
      !UNSAFE_METHODS.has(request.method) ||
      reply.statusCode >= 400 ||
      !payload ||
      typeof payload !== 'object' ||
      Array.isArray(payload) ||
      Buffer.isBuffer(payload)
    ) {
      done(null, payload);
      return;
    }
    done(null, { ...payload, success: true, _csrf: request.session?.csrfToken ?? '' });
  });
}

export default fp(sessionPlugin, { name: 'session', dependencies: ['@fastify/cookie'] });
