import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { addMember, createEvent, createGroup, createUser, loginAs } from '../helpers/factories.js';

const HOUR = 3_600_000;

export interface HandoverPerson {
  client: TestClient;
  eventUserId: number;
  email: string;
  firstname: string;
}

export const codesOf = (body: string) =>
  ((JSON.parse(body).errors ?? []) as { code: string }[]).map((error) => error.code);

/**
 * An event for hand-overs: an admin, the Bar (leader Bea) and the Kitchen (leader Kim), volunteers made per test;
 * shifts and places are made through the API as organisers make them.
 */
/** The event's scheduling rules a test sets (self sign-up stays closed: hand-over does not need it). */
export interface HandoverRules {
  minRestMinutes?: number;
  handoverApproval?: boolean;
  signOffClosesHours?: number;
}

export async function handoverEvent(t: TestApp, options: HandoverRules = {}) {
  const adminUser = await createUser(t.db, { firstname: 'Ada', lastname: 'Admin' });
  const event = await createEvent(t.db, { adminId: adminUser.id, name: 'Harbour fair' });
  const bar = await createGroup(t.db, event.id, 'Bar');
  const kitchen = await createGroup(t.db, event.id, 'Kitchen');
  const admin = await loginAs(t.app, adminUser);
  let sequence = 0;
  const person = async (role: 1 | 2, groupId: number, firstname = `Vol${sequence}`): Promise<HandoverPerson> => {
    const user = await createUser(t.db, { firstname, lastname: `Person ${++sequence}` });
    const eventUserId = await addMember(t.db, event.id, user.id, role, groupId);
    return { client: await loginAs(t.app, user), eventUserId, email: user.email, firstname: user.firstname };
  };
  const bea = await person(1, bar.id, 'Bea');
  const kim = await person(1, kitchen.id, 'Kim');
  const settings = async (values: HandoverRules) => {
    const answer = await admin.post(`/api/event/${event.id}/scheduling-settings`, {
      minRestMinutes: values.minRestMinutes ?? 0,
      selfSignupGroupIds: [],
      signOffClosesHours: values.signOffClosesHours ?? 0,
      handoverApproval: values.handoverApproval ?? false,
    });
    expect(answer.statusCode, answer.body).toBe(200);
  };
  await settings(options);
  const base = `/api/event/${event.id}`;
  /** A shift of the group starting `startsInHours` from now, two hours long. */
  const shift = async (groupId: number | null, startsInHours: number, capacity = 2, hours = 2) => {
    const startsAt = new Date(Date.now() + startsInHours * HOUR).toISOString();
    const endsAt = new Date(Date.now() + (startsInHours + hours) * HOUR).toISOString();
    const answer = await admin.post(`${base}/shifts`, {
      title: `Shift in ${startsInHours} h`,
      description: '',
      location: 'Quay',
      startsAt,
      endsAt,
      capacity,
      groupId,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().shift.id as number;
  };
  const place = async (shiftId: number, who: HandoverPerson) => {
    const answer = await admin.post(`${base}/shifts/${shiftId}/assignments`, { eventUserId: who.eventUserId });
    expect(answer.statusCode, answer.body).toBe(201);
  };
  const offer = (who: HandoverPerson, shiftId: number, body: unknown = {}) =>
    who.client.post(`${base}/shifts/${shiftId}/offers`, body);
  const take = (who: HandoverPerson, offerId: number) => who.client.post(`${base}/offers/${offerId}/take`);
  const offers = async (client: TestClient) => {
    const answer = await client.get(`${base}/offers`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().offers as {
      id: number;
      shiftId: number;
      status: string;
      offeredBy: { eventUserId: number };
      takenBy: { eventUserId: number } | null;
    }[];
  };
  const holders = async (shiftId: number) =>
    (await t.db.selectFrom('shift_assignments').select('event_user_id').where('shift_id', '=', shiftId).execute()).map(
      (row) => row.event_user_id,
    );
  const audit = (action: string) =>
    t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('event_id', '=', event.id)
      .where('action', '=', action)
      .execute();
  return {
    eventId: event.id,
    base,
    admin,
    bar,
    kitchen,
    bea,
    kim,
    person,
    settings,
    shift,
    place,
    offer,
    take,
    offers,
    holders,
    audit,
  };
}
