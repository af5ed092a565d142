import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { addMember, createEvent, createGroup, createUser, loginAs, type TestUser } from '../helpers/factories.js';

const MINUTE = 60_000;

/**
 * An event on its day: an admin, the Kitchen with its leader Kim and volunteer Anna, the Bar with its leader Bea
 * and volunteer Bo, and a member of another event. Shifts are made and staffed through the API, as organisers do.
 */
export interface EventDay {
  t: TestApp;
  eventId: number;
  otherEventId: number;
  kitchen: { id: number; name: string };
  bar: { id: number; name: string };
  admin: TestClient;
  kim: TestClient;
  bea: TestClient;
  anna: TestClient;
  ids: { admin: number; kim: number; bea: number; anna: number; bo: number; otherAnna: number };
  users: { anna: TestUser };
  /** A shift of the group starting `startsInMinutes` from now (negative: started), `minutes` long. */
  shift(
    groupId: number | null,
    startsInMinutes: number,
    minutes?: number,
    extra?: { title?: string; location?: string },
  ): Promise<number>;
  place(shiftId: number, eventUserId: number): Promise<void>;
  /** A new volunteer of the group (each test's own, so shifts never overlap for one person). */
  volunteer(groupId: number, firstname?: string, lastname?: string): Promise<number>;
  codeOf(client: TestClient, eventId?: number): Promise<string>;
}

export async function eventDay(): Promise<EventDay> {
  const t = await createTestApp({ MAIL_WORKER: 'off' });
  const adminUser = await createUser(t.db, { firstname: 'Ada', lastname: 'Admin' });
  const eventId = (await createEvent(t.db, { adminId: adminUser.id })).id;
  const otherEventId = (await createEvent(t.db, { adminId: adminUser.id })).id;
  const kitchen = await createGroup(t.db, eventId, 'Kitchen');
  const bar = await createGroup(t.db, eventId, 'Bar');
  const admin = await loginAs(t.app, adminUser);
  const member = async (firstname: string, lastname: string, role: 1 | 2, groupId: number, event = eventId) => {
    const user = await createUser(t.db, { firstname, lastname });
    return { user, eventUserId: await addMember(t.db, event, user.id, role, groupId) };
  };
  const kim = await member('Kim', 'Kock', 1, kitchen.id);
  const bea = await member('Bea', 'Barista', 1, bar.id);
  const anna = await member('Anna', 'Åström', 2, kitchen.id);
  const bo = await member('Bo', 'Björk', 2, bar.id);
  const otherGroup = await createGroup(t.db, otherEventId, 'Elsewhere');
  const otherAnna = await addMember(t.db, otherEventId, anna.user.id, 2, otherGroup.id);
  const adminId = (await admin.get(`/api/event/${eventId}`)).json().eventUser.id;
  let sequence = 0;
  return {
    t,
    eventId,
    otherEventId,
    kitchen,
    bar,
    admin,
    kim: await loginAs(t.app, kim.user),
    bea: await loginAs(t.app, bea.user),
    anna: await loginAs(t.app, anna.user),
    ids: {
      admin: adminId,
      kim: kim.eventUserId,
      bea: bea.eventUserId,
      anna: anna.eventUserId,
      bo: bo.eventUserId,
      otherAnna,
    },
    users: { anna: anna.user },
    async shift(groupId, startsInMinutes, minutes = 120, extra = {}) {
      sequence += 1;
      const start = Math.floor(Date.now() / MINUTE) * MINUTE + startsInMinutes * MINUTE;
      const response = await admin.post(`/api/event/${eventId}/shifts`, {
        title: extra.title ?? `Shift ${sequence}`,
        location: extra.location ?? '',
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + minutes * MINUTE).toISOString(),
        capacity: 10,
        groupId,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().shift.id;
    },
    async volunteer(groupId, firstname = 'Vera', lastname = `Volunteer ${++sequence}`) {
      return (await member(firstname, lastname, 2, groupId)).eventUserId;
    },
    async place(shiftId, eventUserId) {
      const response = await admin.post(`/api/event/${eventId}/shifts/${shiftId}/assignments`, { eventUserId });
      expect(response.statusCode, response.body).toBe(201);
    },
    async codeOf(client, event = eventId) {
      const response = await client.get(`/api/event/${event}/my-code`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().code;
    },
  };
}

/** A shift's people as its attendance list shows them to an organiser. */
export async function attendanceOf(day: EventDay, shiftId: number, eventUserId: number): Promise<string | null> {
  const response = await day.admin.get(`/api/event/${day.eventId}/shifts/${shiftId}/attendance`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().assignments.find((row: { eventUserId: number }) => row.eventUserId === eventUserId)
    ?.attendance;
}
