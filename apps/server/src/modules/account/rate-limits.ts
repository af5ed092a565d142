import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { normaliseEmail } from './repository.js';

export interface LimitRule {
  max: number;
  windowMinutes: number;
}

export interface GrowingDelayRule {
  /** Failures before any delay. */
  free: number;
  /** The wait after the first failure beyond `free`; it doubles with each further failure. */
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** Failures older than this (counted from the last one) are forgotten. */
  forgetAfterMinutes: number;
}

/**
 * Soft limits: windows of minutes, never a lock-out. Per address (several people can share one: keep it roomy)
 * and per account. Logins count failures only: a person who logs in and out all day is no attack. Failed logins
 * are counted per account AND address together, with a delay that grows: a stranger guessing an account's
 * password waits longer and longer, while its owner, from their own address, is not held up at all.
 */
export const ACCOUNT_RATE_LIMITS = {
  loginFailuresPerAddress: { max: 50, windowMinutes: 5 },
  registerPerAddress: { max: 30, windowMinutes: 15 },
  registerPerAccount: { max: 5, windowMinutes: 15 },
  recoverPerAddress: { max: 20, windowMinutes: 15 },
  recoverPerAccount: { max: 3, windowMinutes: 15 },
  resetPerAddress: { max: 20, windowMinutes: 15 },
  /** Calls that verify the password of a logged-in user: change-email, change-password, remove-user. */
  passwordCheckPerUser: { max: 10, windowMinutes: 15 },
} satisfies Record<string, LimitRule>;

export const LOGIN_FAILURE_DELAY = {
  free: 5,
  firstDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
  forgetAfterMinutes: 24 * 60,
} satisfies GrowingDelayRule;

type KeyOf = (request: FastifyRequest) => string;

export const byAddress: KeyOf = (request) => `ip:${request.ip}`;
export const byBodyEmail: KeyOf = (request) => {
  const body = request.body as { email?: unknown } | undefined;
  return `email:${typeof body?.email === 'string' ? normaliseEmail(body.email).slice(0, 255) : ''}`;
};
export const byUser: KeyOf = (request) => `user:${request.user?.id ?? 0}`;

/** Room for many keys, so a flood of made-up addresses cannot push a real account's count out. */
const KEYS_KEPT = 50_000;

function tooManyRequests(reply: FastifyReply, retryAfterSeconds: number): HttpError {
  reply.header('retry-after', String(Math.max(1, retryAfterSeconds)));
  return new HttpError(429, { code: 'error.tooManyRequests' });
}

/**
 * One preHandler counting every request against several limits. (@fastify/rate-limit's own preHandlers mark the
 * request after the first one, so a second limit on the same route would never be counted.) Answers 429 with
 * Retry-After and the error envelope.
 */
export function limits(app: FastifyInstance, rules: [LimitRule, KeyOf][]): preHandlerAsyncHookHandler {
  const checks = rules.map(([rule, keyOf]) =>
    app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowMinutes * 60 * 1000,
      keyGenerator: keyOf,
      ...({ cache: KEYS_KEPT } as object),
    }),
  );
  return async (request, reply) => {
    let retryAfter = 0;
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) retryAfter = Math.max(retryAfter, result.ttlInSeconds);
    }
    if (retryAfter > 0) throw tooManyRequests(reply, retryAfter);
  };
}

/** Failures in a fixed window per key, kept in memory (one process; see docs/decisions). */
export class FailureWindow {
  private readonly entries = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly rule: LimitRule) {}

  /** Seconds until the key may try again; 0 when it may now. */
  retryAfter(key: string, now = Date.now()): number {
    const entry = this.entries.get(key);
    if (!entry || entry.endsAt <= now || entry.count < this.rule.max) return 0;
    return Math.ceil((entry.endsAt - now) / 1000);
  }

  fail(key: string, now = Date.now()): void {
    const entry = this.entries.get(key);
    if (entry && entry.endsAt > now) {
      entry.count += 1;
      return;
    }
    if (this.entries.size >= KEYS_KEPT) this.evict(now);
    this.entries.set(key, { count: 1, endsAt: now + this.rule.windowMinutes * 60 * 1000 });
  }

  /** Takes back one failure (the attempt counted up front succeeded). */
  forgive(key: string): void {
    const entry = this.entries.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  clear(key: string): void {
    this.entries.delete(key);
  }

  private evict(now: number) {
    for (const [key, entry] of this.entries) if (entry.endsAt <= now) this.entries.delete(key);
    // Still full: the oldest keys go first (a Map keeps insertion order).
    for (const key of this.entries.keys()) {
      if (this.entries.size < KEYS_KEPT) break;
      this.entries.delete(key);
    }
  }
}

/**
 * Failures per key with a delay that grows: after `free` failures the key waits `firstDelaySeconds` from its last
 * failure, twice as long after the next one, and so on up to `maxDelaySeconds`. In memory (one process).
 */
export class GrowingDelay {
  private readonly entries = new Map<string, { failures: number; lastAt: number }>();

  constructor(private readonly rule: GrowingDelayRule) {}

  /** The wait after `failures` failures, in seconds (0 while they are free). */
  delayAfter(failures: number): number {
    if (failures < this.rule.free) return 0;
    const doublings = Math.min(failures - this.rule.free, 30);
    return Math.min(this.rule.firstDelaySeconds * 2 ** doublings, this.rule.maxDelaySeconds);
  }

  /** Seconds until the key may try again; 0 when it may now. */
  retryAfter(key: string, now = Date.now()): number {
    const entry = this.current(key, now);
    if (!entry) return 0;
    const readyAt = entry.lastAt + this.delayAfter(entry.failures) * 1000;
    return readyAt > now ? Math.ceil((readyAt - now) / 1000) : 0;
  }

  fail(key: string, now = Date.now()): void {
    const entry = this.current(key, now);
    if (entry) {
      entry.failures += 1;
      entry.lastAt = now;
      return;
    }
    if (this.entries.size >= KEYS_KEPT) this.evict(now);
    this.entries.set(key, { failures: 1, lastAt: now });
  }

  clear(key: string): void {
    this.entries.delete(key);
  }

  private current(key: string, now: number) {
    const entry = this.entries.get(key);
    if (entry && now - entry.lastAt >= this.rule.forgetAfterMinutes * 60 * 1000) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private evict(now: number) {
    for (const key of [...this.entries.keys()]) this.current(key, now);
    for (const key of this.entries.keys()) {
      if (this.entries.size < KEYS_KEPT) break;
      this.entries.delete(key);
    }
  }
}

/**
 * Failed logins per address (a window) and per account and address together (a growing delay). Every attempt is
 * counted as a failure before the password is checked (so a burst of parallel guesses cannot all slip through)
 * and forgiven when it succeeds: `attempt` refuses (429 with Retry-After) while either limit holds, `succeeded`
 * takes the attempt back and clears the account's count from that address. Failures from other addresses never
 * delay the owner's own address.
 */
export function loginFailureLimits() {
  const perAddress = new FailureWindow(ACCOUNT_RATE_LIMITS.loginFailuresPerAddress);
  const perAccountAndAddress = new GrowingDelay(LOGIN_FAILURE_DELAY);
  const accountAndAddress = (request: FastifyRequest) => `${byBodyEmail(request)}|${byAddress(request)}`;
  return {
    attempt: (async (request, reply) => {
      const address = byAddress(request);
      const pair = accountAndAddress(request);
      const wait = Math.max(perAddress.retryAfter(address), perAccountAndAddress.retryAfter(pair));
      if (wait > 0) throw tooManyRequests(reply, wait);
      perAddress.fail(address);
      perAccountAndAddress.fail(pair);
    }) satisfies preHandlerAsyncHookHandler,
    succeeded(request: FastifyRequest) {
      perAddress.forgive(byAddress(request));
      perAccountAndAddress.clear(accountAndAddress(request));
    },
  };
}
