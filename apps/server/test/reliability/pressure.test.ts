import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { delayedSince } from '../../src/plugins/overload.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { waitForFreeLoop } from '../helpers/overload.js';

/**
 * Overload (plugins/overload.ts, decision 024): API calls answer 503 at once only when the event-loop delay stayed
 * over the limit for a whole window (or memory is over its limit); the app's shell, its assets and /api/health are
 * always served, and a browser navigation gets HTML, never the JSON envelope.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks until the server serves again (a loaded test machine may itself delay the loop now and then). */
async function servesWithin(t: TestApp, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if ((await t.app.inject({ method: 'GET', url: '/api/events' })).statusCode !== 503) return true;
    await sleep(100);
  }
  return false;
}

function blockEventLoop(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy: nothing else runs
  }
}

/** A built web app of one page, so the shell can be asked for. */
async function fakeWebDist(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'funkis-web-'));
  await fs.mkdir(path.join(dir, 'assets'), { recursive: true });
  await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Funkis</title><div id="root"></div>');
  await fs.writeFile(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1);');
  return dir;
}

describe('delayedSince: how long the event loop has been over the limit', () => {
  const limit = 200;
  const free = { count: 25, minMs: 1, maxMs: 3 };

  it('counts a long block for all of its length, and keeps counting while no tick is on time', () => {
    expect(delayedSince(null, 1000, 600, free, limit)).toBe(400);
    const stillBlocked = { count: 3, minMs: 280, maxMs: 300 };
    expect(delayedSince(400, 1300, 50, stillBlocked, limit)).toBe(400);
    expect(delayedSince(400, 1300, 10, free, limit)).toBeNull();
  });

  it('does not count a block twice when its tick lands after the sample that already counted it', () => {
    // 0-600 ms blocked; the sample at 600 ran before the histogram's tick, so the tick (600 ms late) landed in the
    // next interval, followed by free ticks. The loop then turned freely until a second 600 ms block, 905-1505.
    let since = delayedSince(null, 600, 600, { count: 0, minMs: Number.MAX_SAFE_INTEGER, maxMs: 0 }, limit);
    expect(since).toBe(0);
    since = delayedSince(since, 850, 0, { count: 20, minMs: 1, maxMs: 600 }, limit);
    expect(since).toBe(250);
    since = delayedSince(since, 1505, 405, { count: 6, minMs: 1, maxMs: 600 }, limit);
    // Two blocks with a free turn between them are not a second of load.
    expect(since).toBe(905);
    expect(1505 - (since ?? 0)).toBeLessThan(1000);
  });
});

describe(`overload on ${dialect}`, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('does not shed on one delayed sample: a single 600 ms block under a 1 s window leaves API calls answered', async () => {
    t = await createTestApp({ MAX_EVENT_LOOP_DELAY_MS: '200', OVERLOAD_WINDOW_MS: '1000' });
    expect(await servesWithin(t, 10_000)).toBe(true);
    for (let round = 0; round < 3; round += 1) {
      await waitForFreeLoop(t);
      blockEventLoop(600);
      await sleep(5);
      const response = await t.app.inject({ method: 'GET', url: '/api/events' });
      expect(response.statusCode).not.toBe(503);
      expect(t.app.overload.shedding).toBe(false);
      await sleep(300);
    }
  });

  it('sheds API calls with Retry-After once the delay lasted the window; never the shell, assets or /api/health', async () => {
    const web = await fakeWebDist();
    t = await createTestApp({ MAX_EVENT_LOOP_DELAY_MS: '200', OVERLOAD_WINDOW_MS: '1000', WEB_DIST: web });
    expect(await servesWithin(t, 10_000)).toBe(true);
    let refused: Awaited<ReturnType<TestApp['app']['inject']>> | undefined;
    // The refusal's own cost, in CPU time of this process (the answer is the onRequest hook's, no database): a
    // loaded machine's descheduling does not count, which the wall clock would.
    let refusalCpuMs = Number.POSITIVE_INFINITY;
    const others: Awaited<ReturnType<TestApp['app']['inject']>>[] = [];
    for (let round = 0; round < 10 && !refused; round += 1) {
      blockEventLoop(1500);
      await sleep(5);
      if (!t.app.overload.shedding) continue;
      const cpu = process.cpuUsage();
      const response = await t.app.inject({ method: 'GET', url: '/api/events' });
      const used = process.cpuUsage(cpu);
      if (response.statusCode !== 503) continue;
      refusalCpuMs = (used.user + used.system) / 1000;
      refused = response;
      others.push(
        await t.app.inject({ method: 'GET', url: '/api/health' }),
        await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' } }),
        await t.app.inject({ method: 'GET', url: '/event/1/scheduling', headers: { accept: 'text/html' } }),
        await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' }),
        await t.app.inject({
          method: 'GET',
          url: '/api/event/1/users/export?format=xlsx',
          headers: { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' },
        }),
      );
    }
    expect(refused?.statusCode).toBe(503);
    expect(refused?.headers['retry-after']).toBe('10');
    expect(refused?.json()).toMatchObject({ success: false, errors: [{ code: 'error.unavailable' }] });
    expect(refusalCpuMs).toBeLessThan(100);
    const [health, shell, deepLink, asset, navigation] = others;
    expect(health.statusCode).toBe(200);
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['content-type']).toContain('text/html');
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.body).toContain('<div id="root">');
    expect(asset.statusCode).toBe(200);
    // An API address opened in a tab while shedding: HTML that says so and reloads, not JSON.
    expect(navigation.statusCode).toBe(503);
    expect(navigation.headers['content-type']).toContain('text/html');
    expect(navigation.headers['retry-after']).toBe('10');
    expect(navigation.body).toContain('The server is busy');

    expect(await servesWithin(t, 10_000)).toBe(true);
    expect(t.app.overload.shedding).toBe(false);
  });

  it('answers 503 above the heap limit', async () => {
    t = await createTestApp({ MAX_HEAP_USED_BYTES: '1' });
    await sleep(300);
    const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('10');
    expect(response.json()).toMatchObject({ success: false, errors: [{ code: 'error.unavailable' }] });
    // Liveness still answers.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
