import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { redactUrl } from '../src/lib/redact.js';

/** The token of a password-reset link must never be written to the log. */
describe('request log', () => {
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'funkis-log-'));
    const webDist = path.join(dataDir, 'web');
    await fs.mkdir(webDist);
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Funkis</title>');
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-123',
      LOG_LEVEL: 'info',
      WEB_DIST: webDist,
    });
    app = await buildApp({ config, logStream: stream });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the path of a reset link but not its token', async () => {
    const secret = 'f'.repeat(43);
    const response = await app.inject({ method: 'GET', url: `/authentication/password-reset?token=${secret}` });
    expect(response.statusCode).toBe(200);
    await app.inject({ method: 'GET', url: `/api/health?token=${secret}&page=2` });
    const log = lines.join('');
    expect(log).toContain('/authentication/password-reset?[redacted]');
    expect(log).toContain('/api/health?token=%5Bredacted%5D&page=2');
    expect(log).not.toContain(secret);
    // One line per request, with everything an operator needs to find it.
    const line = lines.map((text) => JSON.parse(text)).find((entry) => entry.req?.url?.startsWith('/api/health'));
    expect(line).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', reqId: expect.any(String) },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(lines.filter((text) => text.includes('/api/health'))).toHaveLength(1);
  });

  it('redacts secret parameters anywhere and leaves other URLs alone', () => {
    expect(redactUrl('/api/event/1/applications?search=anna&page=2')).toBe(
      '/api/event/1/applications?search=anna&page=2',
    );
    expect(redactUrl('/api/calendar.ics?KEY=abc')).toBe('/api/calendar.ics?KEY=%5Bredacted%5D');
    expect(redactUrl('/authentication/login?returnTo=%2Fevent%2F1')).toBe('/authentication/login?[redacted]');
    expect(redactUrl('/event/1')).toBe('/event/1');
  });
});
