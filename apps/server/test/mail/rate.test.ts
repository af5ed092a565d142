import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf } from '../events/fixtures.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { loginAs } from '../helpers/factories.js';
import { createMailEvent, type MailEvent } from './fixtures.js';

let t: TestApp;
let fast: MailEvent;
let slow: MailEvent;
let fastAdmin: TestClient;
let slowAdmin: TestClient;
beforeAll(async () => {
  t = await createTestApp({ MAIL_WORKER: 'off', MAIL_RATE_PER_MINUTE: '120' });
  fast = await createMailEvent(t.db);
  slow = await createMailEvent(t.db);
  fastAdmin = await loginAs(t.app, fast.admin);
  slowAdmin = await loginAs(t.app, slow.admin);
});
afterAll(() => t.close());

const settingsOf = async (client: TestClient, eventId: number) =>
  (await client.get(`/api/event/${eventId}/mail-settings`)).json().settings;

describe(`sending rate per event on ${dialect}`, () => {
  it('defaults to MAIL_RATE_PER_MINUTE; admins set it within bounds, leaders cannot', async () => {
    expect(await settingsOf(fastAdmin, fast.event.id)).toEqual({
      ratePerMinute: 120,
      defaultRatePerMinute: 120,
      minimum: 1,
      maximum: 1000,
    });
    const leader = await loginAs(t.app, fast.leader);
    expect((await settingsOf(leader, fast.event.id)).ratePerMinute).toBe(120);
    expect((await leader.post(`/api/event/${fast.event.id}/mail-settings`, { ratePerMinute: 600 })).statusCode).toBe(
      403,
    );
    for (const bad of [0, 1001, 2.5, '60', null, 2 ** 31]) {
      const response = await fastAdmin.post(`/api/event/${fast.event.id}/mail-settings`, { ratePerMinute: bad });
      expect(response.statusCode, String(bad)).toBe(400);
    }
    // An admin of one event cannot set another's.
    expect((await fastAdmin.post(`/api/event/${slow.event.id}/mail-settings`, { ratePerMinute: 5 })).statusCode).toBe(
      403,
    );
    const set = await fastAdmin.post(`/api/event/${fast.event.id}/mail-settings`, { ratePerMinute: 600 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().settings.ratePerMinute).toBe(600);
    expect(await settingsOf(fastAdmin, fast.event.id)).toMatchObject({ ratePerMinute: 600 });
    expect((await auditOf(t.db, fast.event.id)).some((entry) => entry.action === 'mail.settings_changed')).toBe(true);
    expect((await slowAdmin.post(`/api/event/${slow.event.id}/mail-settings`, { ratePerMinute: 200 })).statusCode).toBe(
      200,
    );
  });

  it("the preview's estimate and the worker both keep each event's own rate", async () => {
    const preview = async (client: TestClient, e: MailEvent) =>
      (
        await client.post(`/api/event/${e.event.id}/mail-receivers/preview`, {
          receivers: { groupIds: [e.groupA.id, e.groupB.id] },
        })
      ).json();
    // Leader, Vera (A), Bo (B): three receivers each.
    expect(await preview(fastAdmin, fast)).toMatchObject({ total: 3, ratePerMinute: 600, estimatedSeconds: 1 });
    expect(await preview(slowAdmin, slow)).toMatchObject({ total: 3, ratePerMinute: 200, estimatedSeconds: 1 });

    const sentAt = new Map<string, number[]>();
    const original = t.app.mailer.send;
    t.app.mailer.send = async (mail) => {
      const subject = mail.subject;
      sentAt.set(subject, [...(sentAt.get(subject) ?? []), Date.now()]);
    };
    try {
      for (const [client, e, subject] of [
        [fastAdmin, fast, 'Fast event'],
        [slowAdmin, slow, 'Slow event'],
      ] as const) {
        const sent = await client.post(`/api/event/${e.event.id}/send-mail`, {
          receivers: { groupIds: [e.groupA.id, e.groupB.id] },
          subject,
          message: 'Hello',
        });
        expect(sent.statusCode, sent.body).toBe(201);
      }
      await t.app.mail.worker.drain(10_000);
    } finally {
      t.app.mailer.send = original;
    }
    const gaps = (subject: string) => {
      const times = sentAt.get(subject) ?? [];
      expect(times).toHaveLength(3);
      return times.slice(1).map((time, index) => time - times[index]);
    };
    // 600 a minute: one every 100 ms; 200 a minute: one every 300 ms (a little slack for timer rounding).
    for (const gap of gaps('Fast event')) expect(gap).toBeGreaterThanOrEqual(99);
    for (const gap of gaps('Slow event')) expect(gap).toBeGreaterThanOrEqual(299);
    const fastTimes = sentAt.get('Fast event') ?? [];
    const slowTimes = sentAt.get('Slow event') ?? [];
    // The fast event is done well before the slow one: the rates are the events' own, not one shared.
    expect(fastTimes[2] - fastTimes[0]).toBeLessThan(slowTimes[2] - slowTimes[0]);
  });
});
