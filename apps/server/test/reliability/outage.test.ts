import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { createUser, loginAs } from '../helpers/factories.js';
import { CuttableProxy, hostAndPort, viaPort } from '../helpers/tcp-proxy.js';

/**
 * PostgreSQL going away under load, simulated by a proxy on loopback that the test cuts (the shared server is
 * never stopped): requests answer 503 with the envelope and Retry-After within a bounded time, readiness says
 * not ready, and the server recovers by itself when the database is back.
 */
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CONNECT_TIMEOUT_MS = 1_000;

describe.skipIf(dialect !== 'postgres')('database outage on postgres', () => {
  let proxy: CuttableProxy;
  let t: TestApp;
  let client: TestClient;

  beforeAll(async () => {
    const upstream = hostAndPort(postgresUrl);
    proxy = new CuttableProxy(upstream.host, upstream.port);
    const port = await proxy.start();
    t = await createTestApp({
      DATABASE_URL: viaPort(postgresUrl, port),
      DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      DB_QUERY_TIMEOUT_MS: '2000',
    });
    client = await loginAs(t.app, await createUser(t.db));
  });
  afterAll(async () => {
    proxy.restore();
    await t?.close();
    await proxy?.close();
  });

  it('answers 503 with the envelope and Retry-After while the database is gone, and recovers without a restart', async () => {
    expect((await client.get('/api/me')).statusCode).toBe(200);
    expect((await client.get('/api/health/ready')).json()).toEqual({ status: 'ready', database: 'postgres' });

    proxy.cut();
    const outageStarted = Date.now();
    const timed = async (url: string) => {
      const started = Date.now();
      const response = await client.get(url);
      return { response, ms: Date.now() - started };
    };
    // More requests at once than the pool has connections: the ones waiting for a connection must time out too.
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, index) => timed(index % 2 ? '/api/me' : '/api/events')),
    );
    const slowest = Math.max(...results.map((result) => result.ms));
    for (const { response } of results) {
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({
        success: false,
        errors: [{ code: 'error.unavailable' }],
        errorMessages: [expect.any(String)],
      });
    }
    // Bounded: the connect timeout (1 s) plus the query read timeout (2 s + 2 s) at the very worst.
    expect(slowest).toBeLessThan(6_000);

    // As a load balancer asks: without a session cookie.
    const readyStarted = Date.now();
    const readyResponse = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    const ready = { response: readyResponse, ms: Date.now() - readyStarted };
    expect(ready.response.statusCode).toBe(503);
    expect(ready.response.headers['retry-after']).toBe('5');
    expect(ready.response.json()).toMatchObject({ status: 'not-ready', reason: 'database-unreachable' });
    expect(ready.ms).toBeLessThan(3_000);
    // With a session cookie the session lookup runs first: still 503 with the envelope, never 500.
    const readyWithSession = await client.get('/api/health/ready');
    expect(readyWithSession.statusCode).toBe(503);
    expect(readyWithSession.json()).toMatchObject({ success: false, errors: [{ code: 'error.unavailable' }] });
    const outageMs = Date.now() - outageStarted;

    proxy.restore();
    const restoredAt = Date.now();
    let recoveredMs = -1;
    while (Date.now() - restoredAt < 15_000) {
      const response = await client.get('/api/health/ready');
      if (response.statusCode === 200) {
        recoveredMs = Date.now() - restoredAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(recoveredMs).toBeGreaterThanOrEqual(0);
    // The session made before the outage still works: nothing was lost, nothing needs a restart.
    expect((await client.get('/api/me')).statusCode).toBe(200);
    console.info(
      `[outage] ${results.length}/${results.length} requests answered 503 during a ${outageMs} ms outage, ` +
        `slowest ${slowest} ms, readiness said not-ready in ${ready.ms} ms, recovered ${recoveredMs} ms after the database came back`,
    );
  });
});
