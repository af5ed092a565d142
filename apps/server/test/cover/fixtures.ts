import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { addMember, createEvent, createGroup, createUser, loginAs, type TestUser } from '../helpers/factories.js';

const MINUTE = 60_000;

/**
 * An event asking for cover: an admin, the Kitchen with its leader Kim, the Bar with its leader Bea. Volunteers and
 * shifts are made per test, through the API as organisers do.
 */
export interface CoverEvent {
  t: TestApp;
  eventId: number;
  kitchen: { id: number; name: string };
  bar: { id: number; name: string };
  admin: TestClient;
  kim: TestClient;
  bea: TestClient;
  /** A shift of the group starting `startsInMinutes` from now, `minutes` long. */
  shift(
    groupId: number | null,
    startsInMinutes: number,
    options?: { minutes?: number; capacity?: number; title?: string },
  ): Promise<number>;
  place(shiftId: number, eventUserId: number): Promise<void>;
  /** A new volunteer of the group: their account, membership id and logged-in client. */
  volunteer(groupId: number, firstname?: string): Promise<{ user: TestUser; eventUserId: number; client: TestClient }>;
  askForCover(client: TestClient, shiftId: number): ReturnType<TestClient['post']>;
  /** An organiser withdrawing a cover request of the event. */
  withdraw(client: TestClient, coverRequestId: number | string): ReturnType<TestClient['delete']>;
}

export async function coverEvent(env: Record<string, string> = {}): Promise<CoverEvent> {
  const t = await createTestApp({ MAIL_WORKER: 'off', ...env });
  const adminUser = await createUser(t.db, { firstname: 'Ada', lastname: 'Admin' });
  const eventId = (await createEvent(t.db, { adminId: adminUser.id, name: 'Lake festival' })).id;
  const kitchen = await createGroup(t.db, eventId, 'Kitchen');
  const bar = await createGroup(t.db, eventId, 'Bar');
  const admin = await loginAs(t.app, adminUser);
  const member = async (firstname: string, role: 1 | 2, groupId: number) => {
    const user = await createUser(t.db, { firstname, lastname: `Person ${++sequence}` });
    const eventUserId = await addMember(t.db, eventId, user.id, role, groupId);
    return { user, eventUserId, client: await loginAs(t.app, user) };
  };
  let sequence = 0;
  const kim = await member('Kim', 1, kitchen.id);
  const bea = await member('Bea', 1, bar.id);
  return {
    t,
    eventId,
    kitchen,
    bar,
    admin,
    kim: kim.client,
    bea: bea.client,
    async shift(groupId, startsInMinutes, options = {}) {
      sequence += 1;
      const start = Math.floor(Date.now() / MINUTE) * MINUTE + startsInMinutes * MINUTE;
      const response = await admin.post(`/api/event/${eventId}/shifts`, {
        title: options.title ?? `Shift ${sequence}`,
        location: 'Main tent',
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + (options.minutes ?? 120) * MINUTE).toISOString(),
        capacity: options.capacity ?? 2,
        groupId,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().shift.id;
    },
    async place(shiftId, eventUserId) {
      const response = await admin.post(`/api/event/${eventId}/shifts/${shiftId}/assignments`, { eventUserId });
      expect(response.statusCode, response.body).toBe(201);
    },
    volunteer: (groupId, firstname = 'Vera') => member(firstname, 2, groupId),
    askForCover: (client, shiftId) => client.post(`/api/event/${eventId}/shifts/${shiftId}/cover-requests`),
    withdraw: (client, coverRequestId) => client.delete(`/api/event/${eventId}/cover-requests/${coverRequestId}`),
  };
}

/** The ids of the cover requests a volunteer's list shows, with their state. */
export async function offeredTo(client: TestClient): Promise<{ id: number; state: string; takenByMe: boolean }[]> {
  const response = await client.get('/api/cover-requests');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().coverRequests;
}
