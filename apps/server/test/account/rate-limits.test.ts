import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FailureWindow,
  GrowingDelay,
  ACCOUNT_RATE_LIMITS as LIMIT,
  LOGIN_FAILURE_DELAY,
  LOGIN_FAILURE_DELAY_PER_ACCOUNT,
  networkOf,
} from '../../src/modules/account/rate-limits.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { createUser, loginAs } from '../helpers/factories.js';
import { registration } from './helpers.js';

// A fresh app per test: the counters live in its database.
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const TOO_MANY = {
  success: false,
  errorMessages: ['Too many requests. Try again later.'],
  errors: [{ code: 'error.tooManyRequests' }],
};

function post(app: FastifyInstance, url: string, payload: object, remoteAddress = '198.51.100.1', headers = {}) {
  return app.inject({ method: 'POST', url, payload, remoteAddress, headers });
}

/** 429 with the envelope and a Retry-After of at most the window: soft, minutes at most. */
function expectLimited(response: Awaited<ReturnType<typeof post>>, windowMinutes: number) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual(TOO_MANY);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMinutes * 60);
}

describe(`rate limits on ${dialect}`, () => {
  it("login: a stranger's failures delay the stranger, growing, never the owner at their own address", async () => {
    const user = await createUser(t.db);
    const rule = LOGIN_FAILURE_DELAY;
    const stranger = '192.0.2.66';
    for (let i = 0; i < rule.free; i++) {
      const wrong = await post(t.app, '/api/login', { email: user.email, password: `wrong-${i}` }, stranger);
      expect(wrong.statusCode).toBe(401);
    }
    // The stranger waits now, in any spelling of the address, even with the right password.
    const blocked = await post(t.app, '/api/login', { email: user.email.toUpperCase(), password: 'guess' }, stranger);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    expect(Number(blocked.headers['retry-after'])).toBe(rule.firstDelaySeconds);
    // The owner, from their own address, logs in at once.
    const owner = await post(t.app, '/api/login', { email: user.email, password: user.password }, '192.0.2.10');
    expect(owner.statusCode).toBe(200);
    // Other strangers from other addresses get their own free attempts.
    for (let i = 0; i < 3; i++) {
      const other = await post(t.app, '/api/login', { email: user.email, password: 'nope-nope' }, `192.0.2.${100 + i}`);
      expect(other.statusCode).toBe(401);
    }
    // Another account from the stranger's address is not affected.
    const another = await createUser(t.db);
    const fine = await post(t.app, '/api/login', { email: another.email, password: another.password }, stranger);
    expect(fine.statusCode).toBe(200);
  });

  it('login: a successful login forgives the failures before it, and logging in often is no offence', async () => {
    const user = await createUser(t.db);
    const rule = LOGIN_FAILURE_DELAY;
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < rule.free - 1; i++) {
        expect((await post(t.app, '/api/login', { email: user.email, password: 'wrong-pass' })).statusCode).toBe(401);
      }
      expect((await post(t.app, '/api/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    }
    for (let i = 0; i < rule.free + 5; i++) {
      expect((await post(t.app, '/api/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    }
  });

  it('login: per address, across accounts', async () => {
    const rule = LIMIT.loginFailuresPerAddress;
    const attempts = Array.from({ length: rule.max }, (_, i) =>
      post(t.app, '/api/login', { email: `guess${i}@example.test`, password: 'guess-pass' }, '203.0.113.7'),
    );
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(401);
    const user = await createUser(t.db);
    expectLimited(
      await post(t.app, '/api/login', { email: user.email, password: user.password }, '203.0.113.7'),
      rule.windowMinutes,
    );
    expect(
      (await post(t.app, '/api/login', { email: user.email, password: user.password }, '203.0.113.8')).statusCode,
    ).toBe(200);
  });

  it('login: a burst of parallel guesses from one address cannot slip past the free attempts', async () => {
    const user = await createUser(t.db);
    const rule = LOGIN_FAILURE_DELAY;
    const burst = await Promise.all(
      Array.from({ length: rule.free * 3 }, (_, i) =>
        post(t.app, '/api/login', { email: user.email, password: `burst-${i}` }, '198.18.0.1'),
      ),
    );
    const codes = burst.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 401)).toHaveLength(rule.free);
    expect(codes.filter((code) => code === 429)).toHaveLength(rule.free * 2);
  });

  it('login: failures of one account from many addresses slow the account, but not its owner at a known address', async () => {
    const user = await createUser(t.db);
    const rule = LOGIN_FAILURE_DELAY_PER_ACCOUNT;
    // The owner has logged in from home before the attack.
    expect(
      (await post(t.app, '/api/login', { email: user.email, password: user.password }, '192.0.2.10')).statusCode,
    ).toBe(200);
    // 40 addresses, one guess each: the first `free` are checked, then the account waits whoever asks.
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) {
      const guess = await post(t.app, '/api/login', { email: user.email, password: `guess-${i}` }, `198.18.${i}.7`);
      codes.push(guess.statusCode);
      if (guess.statusCode === 429) {
        expect(guess.json()).toEqual(TOO_MANY);
        expect(Number(guess.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(guess.headers['retry-after'])).toBeLessThanOrEqual(rule.maxDelaySeconds);
      }
    }
    expect(codes.slice(0, rule.free)).toEqual(Array(rule.free).fill(401));
    expect(codes.slice(rule.free)).toEqual(Array(40 - rule.free).fill(429));
    // A refused guess tried nothing, so it never counted against its own address either.
    expect((await post(t.app, '/api/login', { email: user.email, password: 'x' }, '198.18.30.7')).statusCode).toBe(429);
    // The owner, at the address they logged in from before, is not held up at all.
    expect(
      (await post(t.app, '/api/login', { email: user.email, password: user.password }, '192.0.2.10')).statusCode,
    ).toBe(200);
    // Another account is not affected.
    const other = await createUser(t.db);
    expect(
      (await post(t.app, '/api/login', { email: other.email, password: other.password }, '198.18.31.7')).statusCode,
    ).toBe(200);
  });

  it('login: the wait for a whole account grows but stays short (slowed, never locked out)', () => {
    const delay = new GrowingDelay(t.db, 'loginFailuresPerAccount', LOGIN_FAILURE_DELAY_PER_ACCOUNT);
    const rule = LOGIN_FAILURE_DELAY_PER_ACCOUNT;
    expect(delay.delayAfter(rule.free - 1)).toBe(0);
    expect(delay.delayAfter(rule.free)).toBe(rule.firstDelaySeconds);
    expect(delay.delayAfter(rule.free + 1)).toBe(rule.firstDelaySeconds * 2);
    expect(delay.delayAfter(10_000)).toBe(rule.maxDelaySeconds);
    expect(rule.maxDelaySeconds).toBeLessThanOrEqual(60);
  });

  it('register: per network, whatever the address in it', async () => {
    const rule = LIMIT.registerPerNetwork;
    for (let i = 0; i < rule.max; i++) {
      // Each address of the network stays well within its own limit.
      const response = await post(t.app, '/api/register', registration(), `203.0.113.${(i % 200) + 1}`);
      expect(response.statusCode).toBe(201);
    }
    expectLimited(await post(t.app, '/api/register', registration(), '203.0.113.250'), rule.windowMinutes);
    expect((await post(t.app, '/api/register', registration(), '203.0.114.1')).statusCode).toBe(201);
    expect(networkOf('203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
  });

  it('register: per address and per account', async () => {
    const perAccount = LIMIT.registerPerAccount;
    const payload = registration();
    for (let i = 0; i < perAccount.max; i++) {
      const response = await post(t.app, '/api/register', payload, `192.0.2.${i + 1}`);
      expect(response.statusCode).toBe(i === 0 ? 201 : 409);
    }
    expectLimited(await post(t.app, '/api/register', payload, '192.0.2.99'), perAccount.windowMinutes);

    const perAddress = LIMIT.registerPerAddress;
    const many = await Promise.all(
      Array.from({ length: perAddress.max }, () => post(t.app, '/api/register', registration(), '203.0.113.50')),
    );
    for (const response of many) expect(response.statusCode).toBe(201);
    expectLimited(await post(t.app, '/api/register', registration(), '203.0.113.50'), perAddress.windowMinutes);
    expect((await post(t.app, '/api/register', registration(), '203.0.113.51')).statusCode).toBe(201);
  });

  it('recover-password: per account and per address, with the same answer for every address until then', async () => {
    const user = await createUser(t.db);
    const perAccount = LIMIT.recoverPerAccount;
    for (let i = 0; i < perAccount.max; i++) {
      const response = await post(t.app, '/api/recover-password', { email: user.email }, `192.0.2.${i + 1}`);
      expect(response.statusCode).toBe(200);
    }
    expectLimited(
      await post(t.app, '/api/recover-password', { email: user.email }, '192.0.2.99'),
      perAccount.windowMinutes,
    );
    // The limit reveals nothing either: an unknown address is limited the same way.
    for (let i = 0; i < perAccount.max; i++) {
      await post(t.app, '/api/recover-password', { email: 'nobody@example.test' }, `192.0.2.${i + 1}`);
    }
    expectLimited(
      await post(t.app, '/api/recover-password', { email: 'nobody@example.test' }, '192.0.2.99'),
      perAccount.windowMinutes,
    );

    const perAddress = LIMIT.recoverPerAddress;
    for (let i = 0; i < perAddress.max; i++) {
      const response = await post(t.app, '/api/recover-password', { email: `r${i}@example.test` }, '203.0.113.60');
      expect(response.statusCode).toBe(200);
    }
    expectLimited(
      await post(t.app, '/api/recover-password', { email: 'last@example.test' }, '203.0.113.60'),
      perAddress.windowMinutes,
    );
  });

  it('does not believe X-Forwarded-For from an address that is not a trusted proxy', async () => {
    const perAddress = LIMIT.recoverPerAddress;
    for (let i = 0; i < perAddress.max; i++) {
      await post(t.app, '/api/recover-password', { email: `f${i}@example.test` }, '203.0.113.70', {
        'x-forwarded-for': `10.0.0.${i + 1}`,
      });
    }
    expectLimited(
      await post(t.app, '/api/recover-password', { email: 'g@example.test' }, '203.0.113.70', {
        'x-forwarded-for': '10.9.9.9',
      }),
      perAddress.windowMinutes,
    );
  });

  it('counts per client address behind a trusted proxy', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const perAddress = LIMIT.recoverPerAddress;
      const from = (client: string, email: string) =>
        post(proxied.app, '/api/recover-password', { email }, '127.0.0.1', { 'x-forwarded-for': client });
      for (let i = 0; i < perAddress.max; i++) await from('198.51.100.20', `p${i}@example.test`);
      expectLimited(await from('198.51.100.20', 'q@example.test'), perAddress.windowMinutes);
      expect((await from('198.51.100.21', 'q@example.test')).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('reset-password: per address', async () => {
    const rule = LIMIT.resetPerAddress;
    for (let i = 0; i < rule.max; i++) {
      const response = await post(t.app, '/api/reset-password', { token: `bad-${i}`, newPassword: 'whatever-1' });
      expect(response.statusCode).toBe(400);
    }
    expectLimited(
      await post(t.app, '/api/reset-password', { token: 'bad', newPassword: 'whatever-1' }),
      rule.windowMinutes,
    );
  });

  it('password checks of a logged-in user (change-password, change-email, remove-user): per user', async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const rule = LIMIT.passwordCheckPerUser;
    for (let i = 0; i < rule.max; i++) {
      const url = ['/api/change-password', '/api/change-email', '/api/remove-user'][i % 3];
      const response = await client.post(url, {
        currentPassword: 'wrong-one',
        newPassword: 'whatever-1',
        newEmail: 'x@example.test',
        password: 'wrong-one',
      });
      expect(response.statusCode).toBe(400);
    }
    const limited = await client.post('/api/remove-user', { password: user.password });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.db.selectFrom('users').select('id').where('id', '=', user.id).execute()).length).toBe(1);
  });
});

describe('the failure window', () => {
  it('lets the key try again once the window has passed', async () => {
    const window = new FailureWindow(t.db, LIMIT.loginFailuresPerAddress);
    const start = Date.now();
    for (let i = 0; i < LIMIT.loginFailuresPerAddress.max; i++) expect(await window.hit('k', start)).toBe(0);
    expect(await window.hit('k', start + 1000)).toBe(299);
    expect(await window.hit('k', start + 5 * 60 * 1000)).toBe(0);
    expect(await window.hit('k', start + 5 * 60 * 1000 + 1)).toBe(0);
  });

  it('counts several windows in one statement, each on its own key, and answers the longest wait', async () => {
    const perAccount = new FailureWindow(t.db, LIMIT.registerPerAccount);
    const perAddress = new FailureWindow(t.db, LIMIT.registerPerAddress);
    const perNetwork = new FailureWindow(t.db, LIMIT.registerPerNetwork);
    const statements: string[] = [];
    const counting = t.db.withPlugin({
      transformQuery: (args) => {
        statements.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const onAddress = { window: perAddress, key: 'addr' };
    const hits = [{ window: perNetwork, key: 'net' }, { window: perAccount, key: 'a@example.test' }, onAddress];
    const start = Date.now();
    for (let i = 0; i < LIMIT.registerPerAccount.max; i++) {
      expect(await FailureWindow.hitEach(counting, hits, start + i)).toBe(0);
    }
    expect(statements.filter((kind) => kind === 'InsertQueryNode')).toHaveLength(LIMIT.registerPerAccount.max);
    // The account's limit is spent: its window's end is the wait; the others' counts went on.
    expect(await FailureWindow.hitEach(t.db, hits, start + 60_000)).toBe(15 * 60 - 60);
    const counts = await t.db.selectFrom('rate_limits').select(['key', 'count']).orderBy('key').execute();
    expect(counts.map((row) => [row.key, Number(row.count)])).toEqual([
      ['registerPerAccount:a@example.test', 6],
      ['registerPerAddress:addr', 6],
      ['registerPerNetwork:net', 6],
    ]);
    // Another account on the same address is not held back by the first one's limit.
    expect(await FailureWindow.hitEach(t.db, [{ window: perAccount, key: 'b@example.test' }, onAddress], start)).toBe(
      0,
    );
  });

  it(`counts every one of many parallel requests meeting the same limits (${dialect})`, async () => {
    const windows = [LIMIT.registerPerNetwork, LIMIT.registerPerAddress, LIMIT.registerPerAccount].map(
      (rule) => new FailureWindow(t.db, rule),
    );
    // Each request names the limits in another order: the rows are still written in one order (no deadlock).
    const requests = Array.from({ length: 40 }, (_, index) => {
      const hits = windows.map((window) => ({ window, key: 'same' }));
      return FailureWindow.hitEach(t.db, index % 2 === 0 ? hits : hits.reverse());
    });
    const waits = await Promise.all(requests);
    // 5 per account, 30 per address, 100 per network: the first 5 go on, the rest are held back.
    expect(waits.filter((wait) => wait === 0)).toHaveLength(LIMIT.registerPerAccount.max);
    const counts = await t.db.selectFrom('rate_limits').select(['key', 'count']).orderBy('key').execute();
    expect(counts.map((row) => Number(row.count))).toEqual([40, 40, 40]);
  });
});

describe('the growing delay', () => {
  const rule = { free: 3, firstDelaySeconds: 2, maxDelaySeconds: 60, forgetAfterMinutes: 60 };

  it('doubles the wait with each failure beyond the free ones, up to the maximum', () => {
    const delay = new GrowingDelay(t.db, 'test', rule);
    expect(Array.from({ length: 10 }, (_, failures) => delay.delayAfter(failures))).toEqual([
      0, 0, 0, 2, 4, 8, 16, 32, 60, 60,
    ]);
  });

  it('holds a key back from its last failure, takes refused attempts back, forgets after a quiet time', async () => {
    const delay = new GrowingDelay(t.db, 'test', rule);
    const start = Date.now();
    for (let i = 0; i < rule.free; i++) expect(await delay.hit('k', start)).toBe(0);
    expect(await delay.hit('k', start + 1000)).toBe(1);
    expect(await delay.hit('k', start + 1500)).toBe(1);
    // The refused attempts did not count: 2 s after the last failure the key may try once more…
    expect(await delay.hit('k', start + 2000)).toBe(0);
    // …and then waits 4 s from that failure.
    expect(await delay.hit('k', start + 5999)).toBe(1);
    expect(await delay.hit('k', start + 6000)).toBe(0);
    expect(await delay.hit('k', start + 7000)).toBe(7);
    // Other keys are untouched.
    expect(await delay.hit('other', start + 7000)).toBe(0);
    // An hour after the last failure all is forgotten.
    expect(await delay.hit('k', start + 6000 + 60 * 60 * 1000)).toBe(0);
    expect(await delay.hit('k', start + 6000 + 60 * 60 * 1000)).toBe(0);
    await delay.clear('other');
    for (let i = 0; i < rule.free; i++) expect(await delay.hit('other', start)).toBe(0);
  });
});
