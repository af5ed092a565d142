import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { createEvent, createUser, loginAs } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`security headers on ${dialect}`, () => {
  it('keeps every API answer with personal data out of caches, errors included', async () => {
    const user = await createUser(t.db);
    const event = await createEvent(t.db, { adminId: user.id, name: 'Headers' });
    const admin = await loginAs(t.app, user);
    const urls = [
      '/api/me',
      '/api/events',
      `/api/event/${event.id}`,
      `/api/event/${event.id}/users`,
      `/api/event/${event.id}/applications`,
      `/api/event/${event.id}/get-mails?systemLabel=sent`,
      `/api/event/${event.id}/statistics`,
      `/api/event/${event.id}/contacts`,
    ];
    for (const url of urls) {
      const response = await admin.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const posted = await admin.post('/api/user/update-info', { firstname: 'Vera', lastname: 'Berg' });
    expect(posted.statusCode).toBe(200);
    expect(posted.headers['cache-control']).toBe('no-store');
    for (const response of [
      await new TestClient(t.app).get('/api/me'),
      await admin.get('/api/event/999999'),
      await admin.get('/api/nothing-here'),
    ]) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('sends a Permissions-Policy on API answers, pages and errors', async () => {
    for (const url of ['/api/health', '/api/nothing-here', '/event/1', '/assets/missing.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      const policy = String(response.headers['permissions-policy'] ?? '');
      expect(policy, url).toContain('camera=(self)');
      expect(policy, url).toContain('geolocation=()');
      expect(policy, url).toContain('microphone=()');
      expect(policy, url).toContain('payment=()');
    }
  });
});
