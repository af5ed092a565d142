import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';

/** Overload (@fastify/under-pressure): past the limits the server answers 503 at once, with the envelope. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks until the server serves again (a loaded test machine may itself delay the loop now and then). */
async function servesWithin(t: TestApp, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if ((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200) return true;
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

describe(`overload on ${dialect}`, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers 503 with Retry-After and the envelope while the event loop is delayed, and serves again after', async () => {
    t = await createTestApp({ MAX_EVENT_LOOP_DELAY_MS: '200' });
    expect(await servesWithin(t, 10_000)).toBe(true);
    let refused: Awaited<ReturnType<TestApp['app']['inject']>> | undefined;
    let started = 0;
    // The delay is sampled every 250 ms: block, let the sample run, ask; a few rounds at most.
    for (let round = 0; round < 10 && !refused; round += 1) {
      blockEventLoop(600);
      await sleep(5);
      started = Date.now();
      const response = await t.app.inject({ method: 'GET', url: '/api/events' });
      if (response.statusCode === 503) refused = response;
    }
    const answeredMs = Date.now() - started;
    expect(refused?.statusCode).toBe(503);
    expect(refused?.headers['retry-after']).toBe('10');
    expect(refused?.json()).toMatchObject({ success: false, errors: [{ code: 'error.unavailable' }] });
    expect(answeredMs).toBeLessThan(100);

    expect(await servesWithin(t, 10_000)).toBe(true);
  });

  it('answers 503 above the heap limit', async () => {
    t = await createTestApp({ MAX_HEAP_USED_BYTES: '1' });
    await sleep(300);
    const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('10');
    expect(response.json()).toMatchObject({ success: false, errors: [{ code: 'error.unavailable' }] });
  });
});
