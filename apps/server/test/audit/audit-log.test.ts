import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApplicant,
  createManyApplications,
  createReviewWorld,
  type ReviewWorld,
} from '../applications/fixtures.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { createEvent, createGroup, loginAs } from '../helpers/factories.js';

let t: TestApp;
let world: ReviewWorld;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  world = await createReviewWorld(t);
  admin = await loginAs(t.app, world.admin);
});
afterAll(() => t.close());

const auditUrl = (eventId = world.eventId, query = '') => `/api/event/${eventId}/audit${query}`;

describe(`audit log in words on ${dialect}`, () => {
  it('lists a bulk accept of 50 applications as one entry with its count, the group and the actor', async () => {
    const ids = await createManyApplications(t.db, world.eventId, 50);
    const before = (await admin.get(auditUrl())).json().total as number;
    const update = await admin.post(`/api/event/${world.eventId}/applications/update`, {
      ids,
      status: 'accepted',
      groupId: world.bar.id,
    });
    expect(update.json().updated).toBe(50);

    const body = (await admin.get(auditUrl(world.eventId, '?page=1&pageSize=5'))).json();
    // One entry for the whole change, not 100 (a status and a group entry per application).
    expect(body.total).toBe(before + 1);
    expect(body.entries[0]).toMatchObject({
      action: 'applications.updated',
      subject: `event:${world.eventId}`,
      actor: { id: world.admin.id, firstname: 'Ada', lastname: 'Admin' },
      count: 50,
      details: { count: 50, status: 'accepted', groupId: world.bar.id, groupName: 'Bar' },
      target: { kind: 'event', id: world.eventId, exists: true },
      person: null,
    });
    expect([...body.entries[0].details.ids].sort((a: number, b: number) => a - b)).toEqual(
      [...ids].sort((a, b) => a - b),
    );

    // Each application keeps its own entries for its history.
    const detail = (await admin.get(`/api/event/${world.eventId}/applications/${ids[0]}`)).json();
    expect(detail.history.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['application.status_changed', 'application.group_changed']),
    );
    const rows = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event_id', '=', world.eventId)
      .where('part_of', '=', body.entries[0].id)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(100);
  });

  it('names the subject of an entry about one thing, and says when it has been removed', async () => {
    const one = await createApplicant(t.db, world.eventId, { firstname: 'Bo', lastname: 'Berg' });
    await admin.post(`/api/event/${world.eventId}/applications/update`, { ids: [one.id], status: 'staged' });
    const created = (await admin.post(`/api/event/${world.eventId}/groups`, { name: 'Kiosk' })).json();
    const groupId = created.group.id;
    expect(typeof groupId).toBe('number');
    expect((await admin.delete(`/api/event/${world.eventId}/groups/${groupId}`)).statusCode).toBe(200);

    const entries = (await admin.get(auditUrl(world.eventId, '?pageSize=3'))).json().entries;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual([
      'group.deleted',
      'group.created',
      'application.status_changed',
    ]);
    expect(entries[0].target).toEqual({ kind: 'group', id: groupId, name: null, exists: false, startsAt: null });
    expect(entries[0].details).toMatchObject({ name: 'Kiosk' });
    expect(entries[2]).toMatchObject({
      subject: `application:${one.id}`,
      count: null,
      target: { kind: 'application', id: one.id, name: 'Bo Berg', exists: true, startsAt: null },
    });
  });

  it('never names a thing of another event, even if an entry pointed at it', async () => {
    const other = await createEvent(t.db, { adminId: world.admin.id });
    const theirs = await createGroup(t.db, other.id, 'Their secret group');
    await t.db
      .insertInto('audit_log')
      .values({
        event_id: world.eventId,
        actor_id: world.admin.id,
        action: 'group.updated',
        subject: `group:${theirs.id}`,
        details: '{}',
        created_at: new Date(Date.now() + 60_000).toISOString(),
      })
      .execute();
    const entry = (await admin.get(auditUrl(world.eventId, '?pageSize=1'))).json().entries[0];
    expect(entry.target).toEqual({ kind: 'group', id: theirs.id, name: null, exists: false, startsAt: null });
  });

  it('refuses group leaders and volunteers of the event (403)', async () => {
    for (const user of [world.leader, world.volunteer]) {
      const client = await loginAs(t.app, user);
      const response = await client.get(auditUrl());
      expect(response.statusCode).toBe(403);
    }
  });
});
