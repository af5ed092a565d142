import { INVITATION_LIMITS, type MessageKey } from '@funkis/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../../db/types.js';
import { HttpError } from '../../lib/http-error.js';
import * as rateLimitRepository from './rate-limit-repository.js';
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
  /** Failures are forgotten this long after the last one. */
  forgetAfterMinutes: number;
}

/**
 * Soft limits: windows of minutes, never a lock-out. Per address (several people can share one: keep it roomy)
 * and per account. Logins count failures only: a person who logs in and out all day is no attack. Failed logins
 * are counted per account AND address together, with a delay that grows (LOGIN_FAILURE_DELAY): a stranger
 * guessing an account's password waits longer and longer, while its owner, from their own address, is not held
 * up at all. The counters live in the database (table rate_limits), so every server on one PostgreSQL counts
 * against the same budget (decision 012).
 */
export const ACCOUNT_RATE_LIMITS = {
  loginFailuresPerAddress: { max: 50, windowMinutes: 5 },
  registerPerAddress: { max: 30, windowMinutes: 15 },
  /** Registrations from one network (IPv4 /24, IPv6 /48): one machine with many addresses is still one. */
  registerPerNetwork: { max: 100, windowMinutes: 60 },
  registerPerAccount: { max: 5, windowMinutes: 15 },
  recoverPerAddress: { max: 20, windowMinutes: 15 },
  recoverPerAccount: { max: 3, windowMinutes: 15 },
  resetPerAddress: { max: 20, windowMinutes: 15 },
  /** Calls that verify the password of a logged-in user: change-email, change-password, remove-user. */
  passwordCheckPerUser: { max: 10, windowMinutes: 15 },
  /** Address-confirmation links opened (no session): a guesser of 256-bit tokens gets nowhere anyway. */
  confirmEmailPerAddress: { max: 30, windowMinutes: 15 },
  /** Confirmation links mailed again on request: each is a mail to an address, so few. */
  resendConfirmationPerUser: { max: 5, windowMinutes: 60 },
  /** Invitations an admin sends (memberships: POST /api/event/{id}/users), over every event. */
  invitationsPerUser: { max: INVITATION_LIMITS.PER_ADMIN_PER_HOUR, windowMinutes: 60 },
  /** Per account and day (docs/decisions/022); the numbers come from the configuration (`dailyLimit`). */
  eventsPerAccountPerDay: { max: 10, windowMinutes: 24 * 60 },
  invitationsPerAccountPerDay: { max: 200, windowMinutes: 24 * 60 },
  /** The secret calendar feed (no session): calendar apps poll it; a guesser gets little out of 300 tries. */
  calendarFeedPerAddress: { max: 300, windowMinutes: 15 },
} satisfies Record<string, LimitRule>;

export const LOGIN_FAILURE_DELAY = {
  free: 5,
  firstDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
  forgetAfterMinutes: 24 * 60,
} satisfies GrowingDelayRule;

/**
 * Failed logins of one account from every address together: a guesser spread over many addresses is slowed to
 * one try a minute after the free ones. The wait stays short (at most a minute) and never applies at an address
 * the account logged in from within LOGIN_KNOWN_ADDRESS_DAYS, so the owner is slowed at worst, never locked out.
 */
export const LOGIN_FAILURE_DELAY_PER_ACCOUNT = {
  free: 20,
  firstDelaySeconds: 5,
  maxDelaySeconds: 60,
  forgetAfterMinutes: 60,
} satisfies GrowingDelayRule;

export const LOGIN_KNOWN_ADDRESS_DAYS = 30;

type KeyOf = (request: FastifyRequest) => string;

export const byAddress: KeyOf = (request) => `ip:${request.ip}`;
export const byBodyEmail: KeyOf = (request) => {
  const body = request.body as { email?: unknown } | undefined;
  return `email:${typeof body?.email === 'string' ? normaliseEmail(body.email).slice(0, 255) : ''}`;
};
export const byUser: KeyOf = (request) => `user:${request.user?.id ?? 0}`;
/** The client's network: the first three parts of an IPv4 address, the first three groups of an IPv6 one. */
export const byNetwork: KeyOf = (request) => `net:${networkOf(request.ip)}`;

export function networkOf(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/i.exec(ip);
  if (v4) return `${v4[1]}.0/24`;
  const groups = expandIpv6(ip);
  return groups ? `${groups.slice(0, 3).join(':')}::/48` : ip;
}

/** The eight groups of an IPv6 address (`::` expanded), or null when it is not one. */
function expandIpv6(ip: string): string[] | null {
  if (!ip.includes(':')) return null;
  const [head = '', tail, extra] = ip.toLowerCase().split('::');
  if (extra !== undefined) return null;
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array.from({ length: tail === undefined ? 0 : missing }, () => '0'), ...right];
  return groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))
    ? groups.map((group) => group.replace(/^0+(?=.)/, ''))
    : null;
}

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
  private readonly db: Db;
  private readonly name: RuleName;

  /** `name`: a rule of ACCOUNT_RATE_LIMITS whose numbers the configuration sets (`rule` is then a copy). */
  constructor(
    db: Db,
    private readonly rule: LimitRule,
    name?: RuleName,
  ) {
    this.db = db;
    this.name = name ?? ruleName(rule);
  }

  private key(key: string) {
    return `${this.name}:${key}`.slice(0, 400);
  }

  /** Counts one attempt; returns the seconds to wait when it is over the budget, 0 when it may go on. */
  hit(key: string, now = Date.now()): Promise<number> {
    return FailureWindow.hitEach(this.db, [{ window: this, key }], now);
  }

  /**
   * Counts one attempt against each window (each with its own key), in one statement; returns the longest wait
   * of those over their budget, 0 when all may go on.
   */
  static async hitEach(db: Db, hits: readonly { window: FailureWindow; key: string }[], now = Date.now()) {
    if (now - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = now;
      rateLimitRepository.sweep(db, now).catch(() => {});
    }
    const counted = await rateLimitRepository.hitEach(
      db,
      hits.map(({ window, key }) => ({ key: window.key(key), windowMs: window.rule.windowMinutes * 60_000 })),
      now,
    );
    let wait = 0;
    hits.forEach(({ window }, index) => {
      const { count, windowEndsAt } = counted[index] as { count: number; windowEndsAt: number };
      if (count > window.rule.max) wait = Math.max(wait, 1, Math.ceil((windowEndsAt - now) / 1000));
    });
    return wait;
  }

  /** Takes back one attempt (counted up front, it turned out fine or was refused by another limit). */
  forgive(key: string): Promise<void> {
    return rateLimitRepository.forgive(this.db, this.key(key));
  }

  clear(key: string): Promise<void> {
    return rateLimitRepository.clear(this.db, this.key(key));
  }
}

/**
 * A per-account daily limit whose number the configuration sets: a preHandler counting each call of the logged-in
 * account, answering 429 with Retry-After and `code` (its `{count}` the limit) once the day's budget is spent.
 */
export function dailyLimit(
  app: FastifyInstance,
  name: 'eventsPerAccountPerDay' | 'invitationsPerAccountPerDay',
  max: number,
  code: MessageKey,
): preHandlerAsyncHookHandler {
  const window = new FailureWindow(app.db, { ...ACCOUNT_RATE_LIMITS[name], max }, name);
  return async (request, reply) => {
    const wait = await window.hit(byUser(request));
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new HttpError(429, { code, params: { count: max } });
    }
  };
}

/**
 * One preHandler counting every request against several limits, in one statement; answers 429 with Retry-After and the error
 * envelope when any of them is spent.
 */
export function limits(app: FastifyInstance, rules: [LimitRule, KeyOf][]): preHandlerAsyncHookHandler {
  const checks = rules.map(([rule, keyOf]) => ({ window: new FailureWindow(app.db, rule), keyOf }));
  return async (request, reply) => {
    const retryAfter = await FailureWindow.hitEach(
      app.db,
      checks.map(({ window, keyOf }) => ({ window, key: keyOf(request) })),
    );
    if (retryAfter > 0) throw tooManyRequests(reply, retryAfter);
  };
}

/**
 * Failures per key with a delay that grows: after `free` failures the key waits `firstDelaySeconds` from its last
 * failure, twice as long after the next one, and so on up to `maxDelaySeconds`; forgotten `forgetAfterMinutes`
 * after the last failure. Counted in the database (the row's window ends `forgetAfterMinutes` after the last
 * failure, so the last failure's time is known from it).
 */
export class GrowingDelay {
  private readonly db: Db;
  private readonly forgetMs: number;

  constructor(
    db: Db,
    private readonly name: string,
    private readonly rule: GrowingDelayRule,
  ) {
    this.db = db;
    this.forgetMs = rule.forgetAfterMinutes * 60_000;
  }

  private key(key: string) {
    return `${this.name}:${key}`.slice(0, 400);
  }

  /** The wait after `failures` failures, in seconds (0 while they are free). */
  delayAfter(failures: number): number {
    if (failures < this.rule.free) return 0;
    const doublings = Math.min(failures - this.rule.free, 30);
    return Math.min(this.rule.firstDelaySeconds * 2 ** doublings, this.rule.maxDelaySeconds);
  }

  /**
   * Counts one attempt as a failure up front; returns the seconds to wait when the failures before it still
   * hold the key back (then the attempt is taken back: it tried nothing), 0 when it may go on.
   */
  async hit(key: string, now = Date.now()): Promise<number> {
    const stored = this.key(key);
    const { count, windowEndsAt } = await rateLimitRepository.hit(this.db, stored, this.forgetMs, now);
    const before = count - 1;
    const lastFailureAt = windowEndsAt - this.forgetMs;
    const delay = this.delayAfter(before);
    const readyAt = lastFailureAt + delay * 1000;
    // A free attempt goes on whatever the clock says: in a burst another request may have stamped the last failure
    // a few milliseconds after this one's `now`, which must not turn a free attempt into a 429.
    if (delay > 0 && readyAt > now) {
      await rateLimitRepository.forgive(this.db, stored);
      return Math.max(1, Math.ceil((readyAt - now) / 1000));
    }
    await rateLimitRepository.extend(this.db, stored, now + this.forgetMs);
    return 0;
  }

  /** Takes one attempt back (it was counted, then refused by another limit before any password was tried). */
  forgive(key: string): Promise<void> {
    return rateLimitRepository.forgive(this.db, this.key(key));
  }

  clear(key: string): Promise<void> {
    return rateLimitRepository.clear(this.db, this.key(key));
  }
}

/**
 * Failed logins per address (a window) and per account and address together (a growing delay). Every attempt is
 * counted as a failure before the password is checked (so a burst of parallel guesses cannot all slip through,
 * on one server or on several) and forgiven when it succeeds: `attempt` refuses (429 with Retry-After) while
 * either limit holds, `succeeded` takes the attempt back and clears the account's failures from that address.
 * Failures from other addresses never delay the owner at their own address. Failures of one account from all
 * addresses together have a short growing delay of their own (LOGIN_FAILURE_DELAY_PER_ACCOUNT), which skips the
 * addresses the account logged in from recently: a guesser with many addresses is slowed, the owner is not.
 */
export function loginFailureLimits(app: FastifyInstance) {
  const perAddress = new FailureWindow(app.db, ACCOUNT_RATE_LIMITS.loginFailuresPerAddress);
  const perAccountAndAddress = new GrowingDelay(app.db, 'loginFailuresPerAccountAndAddress', LOGIN_FAILURE_DELAY);
  const perAccount = new GrowingDelay(app.db, 'loginFailuresPerAccount', LOGIN_FAILURE_DELAY_PER_ACCOUNT);
  const knownForMs = LOGIN_KNOWN_ADDRESS_DAYS * 24 * 60 * 60_000;
  const pairOf = (request: FastifyRequest) => `${byBodyEmail(request)}|${byAddress(request)}`;
  const knownKey = (request: FastifyRequest) => `loginKnownAddress:${pairOf(request)}`.slice(0, 400);
  // Attempts counted against the whole account, to be taken back when they succeed.
  const countedPerAccount = new WeakSet<FastifyRequest>();
  return {
    attempt: (async (request, reply) => {
      const address = byAddress(request);
      const pair = pairOf(request);
      const addressWait = await perAddress.hit(address);
      if (addressWait > 0) {
        // A refused attempt tried no password: it is not a failure.
        await perAddress.forgive(address);
        throw tooManyRequests(reply, addressWait);
      }
      const pairWait = await perAccountAndAddress.hit(pair);
      if (pairWait > 0) {
        await perAddress.forgive(address);
        throw tooManyRequests(reply, pairWait);
      }
      if (await rateLimitRepository.isActive(app.db, knownKey(request), Date.now())) return;
      const accountWait = await perAccount.hit(byBodyEmail(request));
      if (accountWait > 0) {
        await Promise.all([perAddress.forgive(address), perAccountAndAddress.forgive(pair)]);
        throw tooManyRequests(reply, accountWait);
      }
      countedPerAccount.add(request);
    }) satisfies preHandlerAsyncHookHandler,
    async succeeded(request: FastifyRequest) {
      const now = Date.now();
      const key = knownKey(request);
      await Promise.all([
        perAddress.forgive(byAddress(request)),
        perAccountAndAddress.clear(pairOf(request)),
        countedPerAccount.has(request) ? perAccount.forgive(byBodyEmail(request)) : Promise.resolve(),
        rateLimitRepository
          .hit(app.db, key, knownForMs, now)
          .then(() => rateLimitRepository.extend(app.db, key, now + knownForMs)),
      ]);
    },
  };
}
