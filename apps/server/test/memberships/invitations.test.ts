import fs from 'node:fs/promises';
import path from 'node:path';
import { INVITATION_LIMITS } from '@funkis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationTokenFromMailDir } from '../account/helpers.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { addMember, createEvent, createGroup, createUser, loginAs, type TestUser } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  // The worker is driven by the test (drain); the event rate does not slow it.
  t = await createTestApp({ MAIL_WORKER: 'off', MAIL_RATE_PER_MINUTE: '60000' });
});
afterAll(() => t.close());

let sequence = 0;
const unique = (prefix: string) => `${prefix}${++sequence}-${Date.now().toString(36)}@invite.test`;

/** A fresh event whose admin is a stranger to everyone else ("a user creates an event"). */
async function strangerEvent(name = 'Stranger Fest') {
  const admin = await createUser(t.db, { firstname: 'Sam', lastname: 'Stranger', email: unique('admin') });
  const event = await createEvent(t.db, { adminId: admin.id, name, applicationsOpen: false });
  const group = await createGroup(t.db, event.id, 'Bar');
  const client = await loginAs(t.app, admin);
  return { admin, event, group, client, url: `/api/event/${event.id}/users` };
}

const isMember = async (eventId: number, userId: number) =>
  (await t.db
    .selectFrom('event_users')
    .select('id')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst()) !== undefined;

async function invitationsOf(client: TestClient) {
  const response = await client.get('/api/invitations');
  expect(response.statusCode).toBe(200);
  return response.json().invitations as {
    id: number;
    event: { id: number; name: string };
    roleLevel: number;
    group: { id: number; name: string } | null;
    invitedBy: { firstname: string; lastname: string } | null;
  }[];
}

describe(`invitations on ${dialect}`, () => {
  it('answers a stranger the same for an address with an account and one without', async () => {
    const s = await strangerEvent();
    // Addresses of the same length, so even the length of the answer is the same.
    const known = await createUser(t.db, { firstname: 'Vera', lastname: 'Victim', email: 'known-1@same.test' });
    const unknownEmail = 'ghost-1@same.test';
    const answers = [];
    for (const email of [known.email, unknownEmail]) {
      const response = await s.client.post(s.url, { email, roleLevel: 2, groupId: s.group.id });
      const body = response.json();
      answers.push({
        status: response.statusCode,
        headers: Object.keys(response.headers)
          .filter((name) => !['date', 'x-request-id'].includes(name))
          .sort(),
        contentLength: response.headers['content-length'],
        body: response.body
          .replaceAll(email, '<email>')
          .replace(`"id":${body.invitation.id},`, '"id":0,')
          .replaceAll(/"\d{4}-\d\d-\d\dT[\d:.]+Z"/g, '"<time>"'),
      });
      expect(body.invitation).not.toHaveProperty('firstname');
      expect(body.invitation).not.toHaveProperty('userId');
    }
    expect(answers[0].status).toBe(201);
    expect(answers[1]).toEqual(answers[0]);
    expect(JSON.parse(answers[0].body).invitation).toEqual({
      id: 0,
      email: '<email>',
      roleLevel: 2,
      group: { id: s.group.id, name: 'Bar' },
      invitedBy: { id: s.admin.id, firstname: 'Sam', lastname: 'Stranger' },
      createdAt: '<time>',
      expiresAt: '<time>',
    });
    // The admin's list shows both alike, and nobody became a member.
    const list = (await s.client.get(`/api/event/${s.event.id}/invitations`)).json().invitations;
    expect(list.map((invitation: { email: string }) => invitation.email).sort()).toEqual(
      [known.email, unknownEmail].sort(),
    );
    expect(await isMember(s.event.id, known.id)).toBe(false);
  });

  it('makes the invitee a member only when they accept, with the role and group', async () => {
    const s = await strangerEvent('Accept Fest');
    const person = await createUser(t.db, { firstname: 'Ada', lastname: 'Accepting', email: unique('ada') });
    const invited = await s.client.post(s.url, {
      email: person.email.toUpperCase(),
      roleLevel: 1,
      groupId: s.group.id,
    });
    expect(invited.statusCode).toBe(201);
    expect(await isMember(s.event.id, person.id)).toBe(false);
    const personClient = await loginAs(t.app, person);
    // Not a member yet: the event is not theirs to open, and not on their list as a member.
    expect((await personClient.get(`/api/event/${s.event.id}`)).statusCode).toBe(403);
    const [mine] = await invitationsOf(personClient);
    expect(mine).toEqual({
      id: invited.json().invitation.id,
      event: { id: s.event.id, name: 'Accept Fest' },
      roleLevel: 1,
      group: { id: s.group.id, name: 'Bar' },
      invitedBy: { firstname: 'Sam', lastname: 'Stranger' },
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    });

    const accepted = await personClient.post(`/api/invitations/${mine.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().event).toEqual({ id: s.event.id, name: 'Accept Fest' });
    const detail = (await personClient.get(`/api/event/${s.event.id}`)).json();
    expect(detail.eventUser.role).toEqual({ eventRole: { roleLevel: 1 }, eventGroup: { id: s.group.id, name: 'Bar' } });
    const events = (await personClient.get('/api/events')).json().events;
    expect(events.find((event: { id: number }) => event.id === s.event.id)?.roleLevel).toBe(1);
    // Used up: gone from both lists, a second accept is 404, the member shows in the users table.
    expect(await invitationsOf(personClient)).toEqual([]);
    expect((await s.client.get(`/api/event/${s.event.id}/invitations`)).json().invitations).toEqual([]);
    expect((await personClient.post(`/api/invitations/${mine.id}/accept`)).statusCode).toBe(404);
    const users = (await s.client.get(`${s.url}?search=Accepting`)).json().users;
    expect(users).toMatchObject([{ userId: person.id, roleLevel: 1, group: { id: s.group.id } }]);
    // Inviting a member is refused (the admin sees them in the table anyway).
    const again = await s.client.post(s.url, { email: person.email, roleLevel: 2, groupId: null });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([{ code: 'error.alreadyMember', field: 'email' }]);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'details'])
      .where('event_id', '=', s.event.id)
      .where('action', 'in', ['invitation.created', 'member.added'])
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['member.added', s.admin.id],
      ['invitation.created', s.admin.id],
      ['member.added', person.id],
    ]);
    expect(JSON.parse(audit[2].details)).toMatchObject({ reason: 'invitation', roleLevel: 1, groupId: s.group.id });
  });

  it('shows an invitation to an address without an account once someone registers with it', async () => {
    const s = await strangerEvent('Later Fest');
    const email = unique('later');
    expect((await s.client.post(s.url, { email, roleLevel: 2, groupId: null })).statusCode).toBe(201);
    // Registered, the address is not proven yet: nothing shows until the link mailed to it is opened.
    const newcomer = await createUser(t.db, { firstname: 'Nora', lastname: 'New', email, emailConfirmed: false });
    const client = await loginAs(t.app, newcomer);
    expect(await invitationsOf(client)).toEqual([]);
    expect((await client.post('/api/resend-confirmation')).statusCode).toBe(200);
    const token = await confirmationTokenFromMailDir(t.app, t.dataDir, email);
    expect((await client.post('/api/confirm-email', { token })).statusCode).toBe(200);
    const [mine] = await invitationsOf(client);
    expect(mine.event.id).toBe(s.event.id);
    expect((await client.post(`/api/invitations/${mine.id}/accept`)).statusCode).toBe(200);
    expect(await isMember(s.event.id, newcomer.id)).toBe(true);
  });

  it('leaves no membership and nothing on the home page when declined, and tells the admin nothing', async () => {
    const s = await strangerEvent('Decline Fest');
    const person = await createUser(t.db, { email: unique('dina') });
    const invited = await s.client.post(s.url, { email: person.email, roleLevel: 0, groupId: null });
    const id = invited.json().invitation.id;
    const personClient = await loginAs(t.app, person);
    const adminListBefore = (await s.client.get(`/api/event/${s.event.id}/invitations`)).body;
    const auditBefore = (await s.client.get(`/api/event/${s.event.id}/audit`)).body;

    expect((await personClient.post(`/api/invitations/${id}/decline`)).statusCode).toBe(200);
    expect(await isMember(s.event.id, person.id)).toBe(false);
    expect(await invitationsOf(personClient)).toEqual([]);
    expect((await personClient.get('/api/events')).json().events.map((e: { id: number }) => e.id)).not.toContain(
      s.event.id,
    );
    expect((await personClient.post(`/api/invitations/${id}/accept`)).statusCode).toBe(404);
    expect((await personClient.post(`/api/invitations/${id}/decline`)).statusCode).toBe(404);
    // The admin's view is as before: the invitation is just not accepted, and the event's log says nothing new.
    expect((await s.client.get(`/api/event/${s.event.id}/invitations`)).body).toBe(adminListBefore);
    expect((await s.client.get(`/api/event/${s.event.id}/audit`)).body).toBe(auditBefore);
    // Inviting again while it runs is refused as for any open invitation; cancelling it allows a new one.
    expect((await s.client.post(s.url, { email: person.email, roleLevel: 0, groupId: null })).statusCode).toBe(409);
    expect((await s.client.delete(`/api/event/${s.event.id}/invitations/${id}`)).statusCode).toBe(200);
    expect((await s.client.get(`/api/event/${s.event.id}/invitations`)).json().invitations).toEqual([]);
  });

  it("answers 404 to anyone accepting or declining someone else's invitation", async () => {
    const s = await strangerEvent();
    const person = await createUser(t.db, { email: unique('owner') });
    const id = (await s.client.post(s.url, { email: person.email, roleLevel: 0, groupId: null })).json().invitation.id;
    const other = await loginAs(t.app, await createUser(t.db, { email: unique('other') }));
    for (const action of ['accept', 'decline']) {
      const response = await other.post(`/api/invitations/${id}/${action}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().errors).toEqual([{ code: 'error.invitationNotFound' }]);
      // The admin who sent it cannot answer it either.
      expect((await s.client.post(`/api/invitations/${id}/${action}`)).statusCode).toBe(404);
    }
    expect((await other.post('/api/invitations/2147483648/accept')).statusCode).toBe(400);
    expect((await other.post('/api/invitations/999999/accept')).statusCode).toBe(404);
    expect(await invitationsOf(other)).toEqual([]);
    expect(await isMember(s.event.id, person.id)).toBe(false);
    // Still open for its owner.
    expect(await invitationsOf(await loginAs(t.app, person))).toHaveLength(1);
  });

  it('lets only admins invite, list and cancel; a cancelled invitation is gone for the invitee', async () => {
    const s = await strangerEvent();
    const leader = await createUser(t.db, { email: unique('leader') });
    const volunteer = await createUser(t.db, { email: unique('volunteer') });
    const outsider = await createUser(t.db, { email: unique('outsider') });
    await addMember(t.db, s.event.id, leader.id, 1, s.group.id);
    await addMember(t.db, s.event.id, volunteer.id, 2, s.group.id);
    const invitee = await createUser(t.db, { email: unique('invitee') });
    const id = (await s.client.post(s.url, { email: invitee.email, roleLevel: 2, groupId: s.group.id })).json()
      .invitation.id;
    for (const user of [leader, volunteer, outsider]) {
      const client = await loginAs(t.app, user);
      expect((await client.post(s.url, { email: unique('x'), roleLevel: 2, groupId: s.group.id })).statusCode).toBe(
        403,
      );
      expect((await client.get(`/api/event/${s.event.id}/invitations`)).statusCode).toBe(403);
      expect((await client.delete(`/api/event/${s.event.id}/invitations/${id}`)).statusCode).toBe(403);
    }
    const anonymous = new (await import('../helpers/client.js')).TestClient(t.app);
    expect((await anonymous.get('/api/invitations')).statusCode).toBe(401);
    expect((await anonymous.post(`/api/invitations/${id}/accept`)).statusCode).toBe(401);

    // Another event's admin cannot cancel it through their own event.
    const elsewhere = await strangerEvent();
    expect((await elsewhere.client.delete(`/api/event/${elsewhere.event.id}/invitations/${id}`)).statusCode).toBe(404);

    const inviteeClient = await loginAs(t.app, invitee);
    expect(await invitationsOf(inviteeClient)).toHaveLength(1);
    expect((await s.client.delete(`/api/event/${s.event.id}/invitations/${id}`)).statusCode).toBe(200);
    expect((await s.client.delete(`/api/event/${s.event.id}/invitations/${id}`)).statusCode).toBe(404);
    expect(await invitationsOf(inviteeClient)).toEqual([]);
    expect((await inviteeClient.post(`/api/invitations/${id}/accept`)).statusCode).toBe(404);
    const cancelled = await t.db
      .selectFrom('audit_log')
      .select('actor_id')
      .where('event_id', '=', s.event.id)
      .where('action', '=', 'invitation.cancelled')
      .execute();
    expect(cancelled).toEqual([{ actor_id: s.admin.id }]);
  });

  it('refuses an unknown group (404), bad addresses and roles (400)', async () => {
    const s = await strangerEvent();
    const other = await strangerEvent();
    const response = await s.client.post(s.url, { email: unique('g'), roleLevel: 2, groupId: other.group.id });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors).toEqual([{ code: 'error.groupNotFound', field: 'groupId' }]);
    expect((await s.client.post(s.url, { email: 'not-an-address', roleLevel: 2 })).statusCode).toBe(400);
    expect((await s.client.post(s.url, { email: unique('r'), roleLevel: 3 })).statusCode).toBe(400);
    expect((await s.client.post(s.url, { email: 'a\u0000b@x.test', roleLevel: 2 })).statusCode).toBe(400);
  });

  it('queues the invitation mail: to an account in the inviter language, to a new address with the way to register', async () => {
    const s = await strangerEvent('Mail Fest');
    const person = await createUser(t.db, { firstname: 'Maja', lastname: 'Mail', email: unique('maja') });
    const newcomer = unique('newcomer');
    const swedish = await s.client.request(
      'POST',
      s.url,
      { email: person.email, roleLevel: 2, groupId: s.group.id },
      {
        headers: { 'accept-language': 'sv-SE,sv;q=0.9' },
      },
    );
    expect(swedish.statusCode).toBe(201);
    expect((await s.client.post(s.url, { email: newcomer, roleLevel: 1, groupId: null })).statusCode).toBe(201);
    const queued = await t.db
      .selectFrom('mail_queue')
      .select(['to_email', 'to_name', 'subject', 'body_text', 'reason', 'event_id', 'from_name'])
      .where('to_email', 'in', [person.email, newcomer])
      .orderBy('id')
      .execute();
    expect(queued).toHaveLength(2);
    expect(queued[0]).toMatchObject({
      to_email: person.email,
      subject: 'Sam Stranger har bjudit in dig till ”Mail Fest” i Funkis',
      from_name: 'Sam Stranger via Funkis',
      reason: 'invitation',
      event_id: s.event.id,
    });
    expect(queued[0].body_text).toContain('Hej Maja,');
    expect(queued[0].body_text).toContain('Sam Stranger bjuder in dig till evenemanget "Mail Fest"');
    expect(queued[0].body_text).toContain('i gruppen "Bar"');
    expect(queued[0].body_text).toContain('http://funkis.test/');
    expect(queued[1]).toMatchObject({
      to_email: newcomer,
      to_name: '',
      subject: 'Sam Stranger invited you to “Mail Fest” on Funkis',
      from_name: 'Sam Stranger via Funkis',
    });
    expect(queued[1].body_text).toContain('http://funkis.test/authentication/register');
    expect(queued[1].body_text).toContain('as group leader');

    await t.app.mail.worker.drain();
    const mailDir = path.join(t.dataDir, 'mail');
    const files = await fs.readdir(mailDir);
    const texts = await Promise.all(files.map((file) => fs.readFile(path.join(mailDir, file), 'utf8')));
    const sent = texts.find((text) => text.includes(`To: ${newcomer}`));
    expect(sent).toMatch(/^From: "?Sam Stranger via Funkis"? <no-reply@funkis\.local>\r?$/m);
  });

  it(`refuses an admin past ${INVITATION_LIMITS.PER_ADMIN_PER_HOUR} invitations within an hour with 429`, async () => {
    const s = await strangerEvent();
    const second = await createEvent(t.db, { adminId: s.admin.id });
    for (let i = 0; i < INVITATION_LIMITS.PER_ADMIN_PER_HOUR; i++) {
      // Refused ones count too (a member, a bad group): guessing stays slow. Both events share the budget.
      const eventId = i % 2 === 0 ? s.event.id : second.id;
      const response = await s.client.post(`/api/event/${eventId}/users`, {
        email: i === 3 ? s.admin.email : unique('bulk'),
        roleLevel: 2,
        groupId: null,
      });
      expect(response.statusCode).toBe(i === 3 ? 409 : 201);
    }
    const refused = await s.client.post(s.url, { email: unique('one-too-many'), roleLevel: 2, groupId: null });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      success: false,
      errors: [{ code: 'error.tooManyInvitations' }],
      errorMessages: ['You have sent many invitations in a short time. Try again in an hour.'],
    });
    // Another admin is not held up.
    const other = await strangerEvent();
    expect(
      (await other.client.post(other.url, { email: unique('fine'), roleLevel: 2, groupId: null })).statusCode,
    ).toBe(201);
  });

  it.runIf(dialect === 'postgres')('lets exactly one of two accepts at once make the membership', async () => {
    const s = await strangerEvent();
    const person: TestUser = await createUser(t.db, { email: unique('twice') });
    const id = (await s.client.post(s.url, { email: person.email, roleLevel: 2, groupId: null })).json().invitation.id;
    const [a, b] = [await loginAs(t.app, person), await loginAs(t.app, person)];
    const statuses = (
      await Promise.all([a.post(`/api/invitations/${id}/accept`), b.post(`/api/invitations/${id}/accept`)])
    ).map((response) => response.statusCode);
    expect(statuses.sort()).toEqual([200, 404]);
    const rows = await t.db
      .selectFrom('event_users')
      .select('id')
      .where('event_id', '=', s.event.id)
      .where('user_id', '=', person.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
