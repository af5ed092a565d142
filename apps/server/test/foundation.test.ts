import { cleanText } from '@funkis/shared';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../src/config.js';
import errorsPlugin from '../src/plugins/errors.js';
import { createTestApp, dialect, type TestApp } from './helpers/app.js';
import { createUser, loginAs } from './helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`foundation on ${dialect}`, () => {
  it('reports health with the database it checked', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: dialect });
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('answers unknown API paths with the JSON error envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      errorMessages: ['Not found.'],
      errors: [{ code: 'error.notFound' }],
    });
  });

  it('gives every error its catalogue code: with the parameters and the field of a validation failure', async () => {
    const client = await loginAs(t.app, await createUser(t.db));
    const long = await client.post('/api/events', { name: 'x'.repeat(256) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      success: false,
      errorMessages: ['Event name must be less than 255 characters long.'],
      errors: [{ code: 'error.eventNameTooLong', params: { length: 255 }, field: 'name' }],
      fieldErrors: { name: 'Event name must be less than 255 characters long.' },
    });
    const unknown = await client.post('/api/no-such-call', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      success: false,
      errorMessages: ['Not found.'],
      errors: [{ code: 'error.notFound' }],
    });
  });

  it('fills the limit a schema reports into a message that has no fixed one', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin, { webDist: t.dataDir });
    app.post('/api/probe', { schema: { body: z.object({ note: cleanText({ max: 5 }) }) } }, async () => ({}));
    const response = await app.inject({ method: 'POST', url: '/api/probe', payload: { note: 'too long' } });
    await app.close();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      errorMessages: ['This text cannot be longer than 5 characters.'],
      errors: [{ code: 'error.textTooLong', params: { max: 5 }, field: 'note' }],
      fieldErrors: { note: 'This text cannot be longer than 5 characters.' },
    });
  });

  it('answers malformed JSON with 400 and no internals', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      errorMessages: ['The request is invalid.'],
      errors: [{ code: 'error.badRequest' }],
    });
  });

  it('masks server errors: no stack, no SQL', async () => {
    const broken = await createTestApp();
    await broken.db.schema.alterTable('users').renameTo('users_gone').execute();
    const response = await broken.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'someone@example.test', password: 'whatever1' },
    });
    await broken.close();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      errorMessages: ['Something went wrong'],
      errors: [{ code: 'error.internal' }],
    });
    expect(response.body).not.toMatch(/users|select|at .*\.ts/i);
  });

  it('sends security headers with a content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().paths['/api/login']).toBeDefined();
    const viewer = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(viewer.statusCode);
  });

  it('serves the web app for client routes once it is built', async () => {
    const fs = await import('node:fs/promises');
    const path = await import('node:path');
    const webDist = path.join(t.dataDir, 'web');
    await fs.mkdir(webDist, { recursive: true });
    await fs.writeFile(path.join(webDist, 'index.html'), '<html><head></head><body>funkis-app</body></html>');
    const withWeb = await createTestApp({ WEB_DIST: webDist, GTM_ID: 'GTM-TEST1' });
    const page = await withWeb.app.inject({ method: 'GET', url: '/event/13/applications' });
    const api = await withWeb.app.inject({ method: 'GET', url: '/api/unknown' });
    const staleAsset = await withWeb.app.inject({ method: 'GET', url: '/assets/index-old.js' });
    await withWeb.close();
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('funkis-app');
    expect(page.body).toContain('googletagmanager.com/gtm.js?id=GTM-TEST1');
    expect(api.statusCode).toBe(404);
    expect(staleAsset.statusCode).toBe(404);
  });
});

describe('configuration', () => {
  it('refuses a bad value with one line naming it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('uses the documented defaults', () => {
    const config = loadConfig({ SESSION_SECRET: 'x'.repeat(40) });
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.UPLOAD_MAX_BYTES).toBe(25 * 1024 * 1024);
  });
});
