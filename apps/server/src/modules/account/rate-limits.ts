import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../../db/types.js';
import { HttpError } from '../../lib/http-error.js';
import { normaliseEmail, rateLimitRepository } from './repository.js';

export interface LimitRule {
  max: number;
  windowMinutes: number;
}

/**
 * Soft limits: windows of minutes, never a lock-out, so an attacker who spends an account's budget delays its
 * owner by minutes at most. Per address (several people can share one: keep it roomy) and per account.
 * Logins count failures only: a person who logs in and out all day is no attack.
 * The counters live in the database (table rate_limits), so every server on one PostgreSQL counts
 * against the same budget (decision 013).
 */
export const ACCOUNT_RATE_LIMITS = {
  loginFailuresPerAddress: { max: 50, windowMinutes: 5 },
  loginFailuresPerAccount: { max: 10, windowMinutes: 5 },
  registerPerAddress: { max: 30, windowMinutes: 15 },
  registerPerAccount: { max: 5, windowMinutes: 15 },
  recoverPerAddress: { max: 20, windowMinutes: 15 },
  recoverPerAccount: { max: 3, windowMinutes: 15 },
  resetPerAddress: { max: 20, windowMinutes: 15 },
  /** Calls that verify the password of a logged-in user: change-email, change-password, remove-user. */
  passwordCheckPerUser: { max: 10, windowMinutes: 15 },
} satisfies Record<string, LimitRule>;

type KeyOf = (request: FastifyRequest) => string;

export const byAddress: KeyOf = (request) => `ip:${request.ip}`;
export const byBodyEmail: KeyOf = (request) => {
  const body = request.body as { email?: unknown } | undefined;
  return `email:${typeof body?.email === 'string' ? normaliseEmail(body.email).slice(0, 255) : ''}`;
};
export const byUser: KeyOf = (request) => `user:${request.user?.id ?? 0}`;

type RuleName = keyof typeof ACCOUNT_RATE_LIMITS;

function ruleName(rule: LimitRule): RuleName {
  const entry = Object.entries(ACCOUNT_RATE_LIMITS).find(([, known]) => known === rule);
  if (!entry) throw new Error('rate limits: use a rule of ACCOUNT_RATE_LIMITS');
  return entry[0] as RuleName;
}

/** Ended windows are deleted at most this often per process. */
const SWEEP_EVERY_MS = 60_000;
let lastSweep = 0;

function tooManyRequests(reply: FastifyReply, retryAfterSeconds: number): HttpError {
  reply.header('retry-after', String(Math.max(1, retryAfterSeconds)));
  return new HttpError(429, { code: 'error.tooManyRequests' });
}

/** Hits of one rule per key, in fixed windows, counted in the database. */
export class FailureWindow {
  private readonly counters: ReturnType<typeof rateLimitRepository>;
  private readonly name: RuleName;

  constructor(
    db: Db,
    private readonly rule: LimitRule,
  ) {
    this.counters = rateLimitRepository(db);
    this.name = ruleName(rule);
  }

  private key(key: string) {
    return `${this.name}:${key}`.slice(0, 400);
  }

  /** Counts one attempt; returns the seconds to wait when it is over the budget, 0 when it may go on. */
  async hit(key: string, now = Date.now()): Promise<number> {
    if (now - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = now;
      this.counters.sweep(now).catch(() => {});
    }
    const { count, windowEndsAt } = await this.counters.hit(this.key(key), this.rule.windowMinutes * 60_000, now);
    return count > this.rule.max ? Math.max(1, Math.ceil((windowEndsAt - now) / 1000)) : 0;
  }

  /** Takes back one attempt (counted up front, it turned out fine or was refused by another limit). */
  forgive(key: string): Promise<void> {
    return this.counters.forgive(this.key(key));
  }

  clear(key: string): Promise<void> {
    return this.counters.clear(this.key(key));
  }
}

/**
 * One preHandler counting every request against several limits; answers 429 with Retry-After and the error
 * envelope when any of them is spent.
 */
export function limits(app: FastifyInstance, rules: [LimitRule, KeyOf][]): preHandlerAsyncHookHandler {
  const checks = rules.map(([rule, keyOf]) => ({ window: new FailureWindow(app.db, rule), keyOf }));
  return async (request, reply) => {
    const waits = await Promise.all(checks.map(({ window, keyOf }) => window.hit(keyOf(request))));
    const retryAfter = Math.max(0, ...waits);
    if (retryAfter > 0) throw tooManyRequests(reply, retryAfter);
  };
}

/**
 * Failed logins per address and per account. Every attempt is counted as a failure before the password is
 * checked (so a burst of parallel guesses cannot all slip through, on one server or on several) and forgiven
 * when it succeeds: `attempt` refuses (429) once either budget is spent, `succeeded` takes the attempt back and
 * clears the account's count.
 */
export function loginFailureLimits(app: FastifyInstance) {
  const perAddress = new FailureWindow(app.db, ACCOUNT_RATE_LIMITS.loginFailuresPerAddress);
  const perAccount = new FailureWindow(app.db, ACCOUNT_RATE_LIMITS.loginFailuresPerAccount);
  return {
    attempt: (async (request, reply) => {
      const address = byAddress(request);
      const account = byBodyEmail(request);
      const [addressWait, accountWait] = await Promise.all([perAddress.hit(address), perAccount.hit(account)]);
      const wait = Math.max(addressWait, accountWait);
      if (wait > 0) {
        // A refused attempt tried no password: it is not a failure.
        await Promise.all([perAddress.forgive(address), perAccount.forgive(account)]);
        throw tooManyRequests(reply, wait);
      }
    }) satisfies preHandlerAsyncHookHandler,
    async succeeded(request: FastifyRequest) {
      await Promise.all([perAddress.forgive(byAddress(request)), perAccount.clear(byBodyEmail(request))]);
    },
  };
}
