import { MAX_ID, type RoleLevel } from '@funkis/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/types.js';
import type { Caller, EventMembership } from '../lib/caller.js';
import { forbidden, notFound, unauthorized } from '../lib/http-error.js';
import { findMembership } from '../modules/memberships/lookup.js';

export type { EventMembership } from '../lib/caller.js';

declare module 'fastify' {
  interface FastifyRequest {
    membership: EventMembership | null;
  }
  interface FastifyInstance {
    requireUser: Guard;
    /** Lets through members of the event in `params.id` whose role level is one of `levels`. */
    requireEventRole(...levels: RoleLevel[]): Guard;
  }
}

/**
 * A guard, used as an onRequest hook. Callback style: when the session query already brought what it checks, it
 * decides without a promise (every event screen's call passes one).
 */
export type Guard = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

export function currentUser(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function currentMembership(request: FastifyRequest): EventMembership {
  if (!request.membership) throw forbidden();
  return request.membership;
}

/** The member calling, as the event-role guard admitted them, with their account's id. */
export function currentCaller(request: FastifyRequest): Caller {
  return { ...currentMembership(request), userId: currentUser(request).id };
}

export { MAX_ID } from '@funkis/shared';

function eventIdOf(request: FastifyRequest): number {
  const params = request.params as Record<string, string | number | undefined>;
  const id = Number(params.id ?? params.eventId);
  // Above 2^31-1 PostgreSQL's integer columns would fail the query: such an id names nothing.
  if (!Number.isInteger(id) || id <= 0 || id > MAX_ID) throw notFound();
  return id;
}

/** Marks the guards made by requireEventRole, so routes using one read the membership with the session. */
const EVENT_ROLE_GUARD = Symbol('eventRoleGuard');

async function authPlugin(app: FastifyInstance, options: { db: Db }) {
  app.decorateRequest('membership', null);

  app.addHook('onRoute', (route) => {
    const hooks = [route.onRequest].flat();
    if (hooks.some((hook) => hook && EVENT_ROLE_GUARD in hook)) {
      route.config = { ...route.config, eventMembership: true };
    }
  });

  const requireUser: Guard = (request, _reply, done) => {
    if (!request.user) done(unauthorized());
    else done();
  };
  app.decorate('requireUser', requireUser);

  app.decorate('requireEventRole', (...levels: RoleLevel[]) => {
    const allowed = new Set<number>(levels);
    const admit = (request: FastifyRequest, membership: EventMembership | null) => {
      // Non-members get the same answer whether or not the event exists: ids reveal nothing.
      if (!membership || !allowed.has(membership.roleLevel)) throw forbidden();
      request.membership = membership;
    };
    const guard: Guard = (request, _reply, done) => {
      try {
        const user = currentUser(request);
        const eventId = eventIdOf(request);
        // Read with the session in one query when the route is marked (onRoute above); otherwise asked here.
        const prefetched = request.prefetchedMembership;
        if (prefetched !== undefined && (prefetched === null || prefetched.eventId === eventId)) {
          admit(request, prefetched as EventMembership | null);
        } else {
          findMembership(options.db, eventId, user.id)
            .then((membership) => admit(request, membership))
            .then(() => done(), done);
          return;
        }
      } catch (error) {
        done(error as Error);
        return;
      }
      done();
    };
    return Object.assign(guard, { [EVENT_ROLE_GUARD]: true });
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['session'] });
