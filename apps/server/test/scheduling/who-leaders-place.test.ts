import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { addMember, createEvent, createGroup, createUser, loginAs } from '../helpers/factories.js';

/**
 * Who a group leader may put on their group's shifts and move between them: members of their own group only,
 * never another group's leader or an admin (who would get a mail about a shift they were never asked to take).
 */
let t: TestApp;
let eventId: number;
let admin: TestClient;
let kitchenLeader: TestClient;
const ids: Record<'admin' | 'kitchenLeader' | 'kitchenLeader2' | 'barLeader' | 'anna', number> = {
  admin: 0,
  kitchenLeader: 0,
  kitchenLeader2: 0,
  barLeader: 0,
  anna: 0,
};
let kitchen: { id: number };

beforeAll(async () => {
  t = await createTestApp({ MAIL_WORKER: 'off' });
  const adminUser = await createUser(t.db, { firstname: 'Ada', lastname: 'Admin' });
  const event = await createEvent(t.db, { adminId: adminUser.id });
  eventId = event.id;
  kitchen = await createGroup(t.db, eventId, 'Kitchen');
  const bar = await createGroup(t.db, eventId, 'Bar');
  admin = await loginAs(t.app, adminUser);
  ids.admin = (await admin.get(`/api/event/${eventId}`)).json().eventUser.id;
  const member = async (firstname: string, role: 1 | 2, groupId: number) => {
    const user = await createUser(t.db, { firstname, lastname: 'Member' });
    return { user, eventUserId: await addMember(t.db, eventId, user.id, role, groupId) };
  };
  const leader = await member('Kim', 1, kitchen.id);
  ids.kitchenLeader = leader.eventUserId;
  kitchenLeader = await loginAs(t.app, leader.user);
  ids.kitchenLeader2 = (await member('Kari', 1, kitchen.id)).eventUserId;
  ids.barLeader = (await member('Bea', 1, bar.id)).eventUserId;
  ids.anna = (await member('Anna', 2, kitchen.id)).eventUserId;
});
afterAll(() => t.close());

let hour = 0;
async function kitchenShift(): Promise<number> {
  hour += 5;
  const startsAt = new Date(Date.UTC(2030, 6, 1, hour)).toISOString();
  const endsAt = new Date(Date.UTC(2030, 6, 1, hour + 2)).toISOString();
  const response = await admin.post(`/api/event/${eventId}/shifts`, {
    title: `Dishes ${hour}`,
    startsAt,
    endsAt,
    capacity: 5,
    groupId: kitchen.id,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().shift.id;
}

const assign = (client: TestClient, shiftId: number, eventUserId: number) =>
  client.post(`/api/event/${eventId}/shifts/${shiftId}/assignments`, { eventUserId });

const queuedMails = async () =>
  Number(
    (
      await t.db
        .selectFrom('mail_queue')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`who a group leader may place on shifts on ${dialect}`, () => {
  it("refuses another group's leader and an admin, and places members of the own group", async () => {
    const shiftId = await kitchenShift();
    for (const other of [ids.barLeader, ids.admin]) {
      const refused = await assign(kitchenLeader, shiftId, other);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors).toEqual([{ code: 'error.shiftMemberOtherGroup' }]);
    }
    for (const own of [ids.anna, ids.kitchenLeader2, ids.kitchenLeader]) {
      const placed = await assign(kitchenLeader, shiftId, own);
      expect(placed.statusCode, placed.body).toBe(201);
    }
    // Admins still place anyone.
    expect((await assign(admin, shiftId, ids.barLeader)).statusCode).toBe(201);
  });

  it("does not move another group's leader or an admin (nor mail them), and moves its own members", async () => {
    const from = await kitchenShift();
    const to = await kitchenShift();
    const move = (assignmentId: number) =>
      kitchenLeader.post(`/api/event/${eventId}/shifts/${from}/assignments/${assignmentId}/move`, { shiftId: to });
    for (const other of [ids.barLeader, ids.admin]) {
      const placed = await assign(admin, from, other);
      expect(placed.statusCode, placed.body).toBe(201);
      const mailsBefore = await queuedMails();
      const refused = await move(placed.json().assignment.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors).toEqual([{ code: 'error.shiftMemberOtherGroup' }]);
      expect(await queuedMails()).toBe(mailsBefore);
    }
    const anna = await assign(admin, from, ids.anna);
    const moved = await move(anna.json().assignment.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().assignment).toMatchObject({ shiftId: to });
  });
});
