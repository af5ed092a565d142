import type { CookieSerializeOptions } from '@fastify/cookie';
import type { User } from '@funkis/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/types.js';
import { forbidden, unauthorized } from '../lib/http-error.js';
import { hashToken, randomToken, safeEqual } from '../lib/tokens.js';
import { toUser } from '../modules/account/service.js';
import {
  deleteSession,
  type EventSessionRow,
  type EventWithForm,
  endUserSessions,
  eventOf,
  findSessionRow,
  insertSession,
  type LoadedMembership,
  purgeExpiredSessions,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  type SessionInfo,
  TOUCH_EVERY_MS,
  touchSession,
} from '../modules/sessions/store.js';

export const SESSION_COOKIE = 'funkis_sid';
export type { EventWithForm, LoadedMembership, SessionInfo } from '../modules/sessions/store.js';
export { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../modules/sessions/store.js';

/** How often the expired sessions of everyone are deleted (a user's own on each of their logins). */
const PURGE_EVERY_MS = 60 * 60 * 1000;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Cookie tokens whose session id (HMAC) is remembered. */
const RECENT_IDS = 1000;

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

/** HttpOnly, SameSite=Lax, Secure when the request came over https (directly or through a trusted proxy). */
function cookieOptions(request: FastifyRequest): CookieSerializeOptions {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' };
}

/**
 * The request's side of a session: the cookie (a random token; the row's id is its keyed hash), a new id on every
 * login, the CSRF token. The rows themselves are the sessions module's (modules/sessions/store.ts).
 */
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
    await insertSession(this.db, session);
    await this.purgeExpired(userId);
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: SESSION_ABSOLUTE_MS / 1000 });
    request.session = session;
    return session;
  }

  async destroy(sessionId: string): Promise<void> {
    await deleteSession(this.db, sessionId);
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
    const row = await findSessionRow(this.db, id, eventId, withEvent);
    if (!row) return null;
    const now = Date.now();
    const lastSeen = Date.parse(row.last_seen_at);
    if (!(Date.parse(row.expires_at) > now && lastSeen + SESSION_IDLE_MS > now)) {
      await this.destroy(id);
      return null;
    }
    // At most one write a minute per session, not one per request.
    if (now - lastSeen > TOUCH_EVERY_MS) {
      await touchSession(this.db, id);
    }
    const loaded = {
      session: { id, userId: row.id, csrfToken: row.csrf_token },
      user: toUser(row),
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
    const everyone = Date.now() - this.lastPurge > PURGE_EVERY_MS;
    if (everyone) this.lastPurge = Date.now();
    await purgeExpiredSessions(this.db, everyone ? null : userId);
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
