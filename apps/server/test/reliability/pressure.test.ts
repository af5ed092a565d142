import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';

/** Overload (@fastify/under-pressure): past the limits the server answers 503 at once, with the envelope. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    t = await createTestApp({ MAX_EVENT_LOOP_DELAY_MS: '100' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    let refused: Awaited<ReturnType<TestApp['app']['inject']>> | undefined;
    let started = 0;
    // The delay is sampled every 250 ms: block, let the sample run, ask; a few rounds at most.
    for (let round = 0; round < 10 && !refused; round += 1) {
      blockEventLoop(400);
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

    await sleep(800); // two quiet samples
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
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
