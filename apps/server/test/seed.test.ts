import { APPLICATION_STATUSES } from '@funkis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty } from '../src/demo/seed.js';
import { contextOf, createTestApp, dialect, type TestApp } from './helpers/app.js';
import { TestClient } from './helpers/client.js';

let t: TestApp;
let admin: TestClient;
const quiet = { info: () => {} };

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedIfEmpty(contextOf(t.db), quiet)).toBe(true);
  admin = new TestClient(t.app);
  await admin.login(DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
});
afterAll(() => t.close());

/** The demo data is made through the services: what it shows is what the app computes. */
describe(`demo data on ${dialect}`, () => {
  it('dates every demo application in the past (within the last two days)', async () => {
    const now = Date.now();
    for (const eventId of [1, 13]) {
      const list = (await admin.get(`/api/event/${eventId}/applications?pageSize=500`)).json();
      expect(list.applications.length).toBeGreaterThan(0);
      for (const application of list.applications as { createdAt: string }[]) {
        const at = Date.parse(application.createdAt);
        expect(at).toBeLessThan(now);
        expect(at).toBeGreaterThan(now - 2 * 86_400_000);
      }
    }
  });

  it('seeds only an empty database', async () => {
    expect(await seedIfEmpty(contextOf(t.db), quiet)).toBe(false);
  });

  it('has the events of the specification, 1 and 13 with week separation', async () => {
    const festival = (await admin.get('/api/event/1')).json();
    expect(festival.event).toMatchObject({
      id: 1,
      name: 'Demo Festival',
      useWeekSeparation: true,
      applicationsOpen: true,
    });
    expect(festival.event.weekSeparationConfig.formFieldName).toBe('checkbox-test');
    const camp = (await admin.get('/api/event/13')).json();
    expect(camp.event.weekSeparationConfig).toMatchObject({ formFieldName: 'form-field-custom-15' });
    expect(camp.event.weekSeparationConfig.options).toHaveLength(2);
    const cup = (await admin.get('/api/event/3')).json();
    expect(cup.event).toMatchObject({ status: 'completed', applicationsOpen: false, useWeekSeparation: false });
    // A new event after the demo ones gets a fresh id on both databases.
    const created = await admin.post('/api/events', { name: 'After the demo' });
    expect(created.statusCode).toBe(201);
    expect(created.json().event.id).toBeGreaterThan(13);
  });

  it('has applications in every status, and accepted applicants are members', async () => {
    const list = (await admin.get('/api/event/13/applications?pageSize=100')).json();
    expect(list.total).toBe(36);
    for (const status of APPLICATION_STATUSES) expect(list.summary.byStatus[status]).toBeGreaterThan(0);
    const accepted = list.applications.filter((application: { status: string }) => application.status === 'accepted');
    const members = (await admin.get('/api/event/13/users?pageSize=100')).json();
    const memberUserIds = new Set(members.users.map((member: { userId: number }) => member.userId));
    for (const application of accepted) expect(memberUserIds.has(application.user.id)).toBe(true);
    // admin, leader, volunteer and the accepted applicants
    expect(members.total).toBe(3 + accepted.length);
  });

  it('computes week and search text as the app does', async () => {
    const womens = (await admin.get('/api/event/13/applications?week=womens-week&pageSize=100')).json();
    const mens = (await admin.get('/api/event/13/applications?week=mens-week&pageSize=100')).json();
    expect(womens.total + mens.total).toBe(36);
    expect(womens.total).toBeGreaterThan(0);
    const byName = (await admin.get('/api/event/13/applications?search=%C3%B6berg')).json();
    expect(byName.total).toBeGreaterThan(0);
    for (const application of byName.applications) {
      expect(`${application.user.firstname} ${application.user.lastname}`.toLowerCase()).toContain('öberg');
    }
  });

  it('lets the leader and the volunteer in with their roles', async () => {
    const leader = new TestClient(t.app);
    await leader.login(DEMO_ACCOUNTS.leader, DEMO_PASSWORD);
    expect((await leader.get('/api/event/1')).json().eventUser.role.eventRole.roleLevel).toBe(1);
    const volunteer = new TestClient(t.app);
    await volunteer.login(DEMO_ACCOUNTS.volunteer, DEMO_PASSWORD);
    expect((await volunteer.get('/api/event/1')).json().eventUser.role.eventRole.roleLevel).toBe(2);
  });
});

describe(`demo data policy on ${dialect}`, () => {
  it('seeds by default only on the embedded SQLite, never on PostgreSQL unless asked', async () => {
    const { loadConfig } = await import('../src/config.js');
    const base = { DATA_DIR: '/tmp/funkis-policy', SESSION_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base).seedDemoData).toBe(true);
    expect(loadConfig({ ...base, DEMO_DATA: '0' }).seedDemoData).toBe(false);
    const postgres = { ...base, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' };
    expect(loadConfig(postgres).seedDemoData).toBe(false);
    expect(loadConfig({ ...postgres, DEMO_DATA: '1' }).seedDemoData).toBe(true);
    expect(() => loadConfig({ ...base, DEMO_DATA: 'yes' })).toThrow(/DEMO_DATA/);
  });

  it.runIf(dialect === 'postgres')('seeds once when two servers start at the same moment', async () => {
    const fresh = await createTestApp();
    try {
      const results = await Promise.all([
        seedIfEmpty(contextOf(fresh.db), quiet),
        seedIfEmpty(contextOf(fresh.db), quiet),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const users = await fresh.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(users.n)).toBe(3 + 36);
    } finally {
      await fresh.close();
    }
  });
});
