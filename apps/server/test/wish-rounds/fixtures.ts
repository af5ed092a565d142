import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { addMember, createEvent, createGroup, createUser, loginAs, type TestUser } from '../helpers/factories.js';

const HOUR = 3_600_000;

/**
 * An event with wish rounds: an admin, the Kitchen with its leader Kim, the Bar with its leader Bea. Volunteers,
 * shifts and rounds are made per test through the API, as organisers and volunteers do.
 */
export interface WishEvent {
  t: TestApp;
  eventId: number;
  kitchen: { id: number; name: string };
  bar: { id: number; name: string };
  admin: TestClient;
  kim: TestClient;
  bea: TestClient;
  /** `/api/event/{eventId}{path}` */
  e(path: string): string;
  /** A shift starting `startsInHours` from now (a whole hour), `hours` long. */
  shift(
    groupId: number | null,
    startsInHours: number,
    options?: { hours?: number; capacity?: number; title?: string },
  ): Promise<number>;
  place(shiftId: number, eventUserId: number): Promise<void>;
  volunteer(
    groupId: number | null,
    firstname?: string,
  ): Promise<{ user: TestUser; eventUserId: number; client: TestClient }>;
  /** A round made by `client` (the admin by default); answers the round. */
  round(body: Record<string, unknown>, client?: TestClient): Promise<{ id: number; [key: string]: unknown }>;
}

export const inHours = (hours: number) => new Date(Math.floor(Date.now() / HOUR) * HOUR + hours * HOUR).toISOString();

export async function wishEvent(env: Record<string, string> = {}): Promise<WishEvent> {
  const t = await createTestApp({ MAIL_WORKER: 'off', ...env });
  const adminUser = await createUser(t.db, { firstname: 'Ada', lastname: 'Admin' });
  const eventId = (await createEvent(t.db, { adminId: adminUser.id, name: 'Lake festival' })).id;
  const kitchen = await createGroup(t.db, eventId, 'Kitchen');
  const bar = await createGroup(t.db, eventId, 'Bar');
  const admin = await loginAs(t.app, adminUser);
  let sequence = 0;
  const member = async (firstname: string, role: 1 | 2, groupId: number | null) => {
    sequence += 1;
    const user = await createUser(t.db, { firstname, lastname: `Person ${sequence}` });
    const eventUserId = await addMember(t.db, eventId, user.id, role, groupId);
    return { user, eventUserId, client: await loginAs(t.app, user) };
  };
  const kim = await member('Kim', 1, kitchen.id);
  const bea = await member('Bea', 1, bar.id);
  const e = (path: string) => `/api/event/${eventId}${path}`;
  return {
    t,
    eventId,
    kitchen,
    bar,
    admin,
    kim: kim.client,
    bea: bea.client,
    e,
    async shift(groupId, startsInHours, options = {}) {
      sequence += 1;
      const response = await admin.post(e('/shifts'), {
        title: options.title ?? `Shift ${sequence}`,
        location: 'Main tent',
        startsAt: inHours(startsInHours),
        endsAt: inHours(startsInHours + (options.hours ?? 2)),
        capacity: options.capacity ?? 2,
        groupId,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().shift.id;
    },
    async place(shiftId, eventUserId) {
      const response = await admin.post(e(`/shifts/${shiftId}/assignments`), { eventUserId });
      expect(response.statusCode, response.body).toBe(201);
    },
    volunteer: (groupId, firstname = 'Vera') => member(firstname, 2, groupId),
    async round(body, client = admin) {
      const response = await client.post(e('/wish-rounds'), {
        groupId: null,
        closesAt: inHours(24),
        minShifts: 0,
        maxShifts: 3,
        ...body,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().round;
    },
  };
}
