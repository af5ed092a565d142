import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { addMember, createApplication, createEvent, createUser, loginAs } from '../helpers/factories.js';
import { registerClient } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userExists = async (id: number) =>
  (await t.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
const eventExists = async (id: number) =>
  (await t.db.selectFrom('events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

describe(`removing an account on ${dialect}`, () => {
  it('requires the password', async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const missing = await client.post('/api/remove-user', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      success: false,
      errorMessages: ['Password is required.'],
      errors: [{ code: 'error.passwordRequired', field: 'password' }],
      fieldErrors: { password: 'Password is required.' },
    });
    const wrong = await client.post('/api/remove-user', { password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      success: false,
      errorMessages: ['The password is incorrect.'],
      errors: [{ code: 'error.wrongPassword', field: 'password' }],
      fieldErrors: { password: 'The password is incorrect.' },
    });
    expect(await userExists(user.id)).toBe(true);
    expect((await client.get('/api/me')).statusCode).toBe(200);
  });

  it('removes the account, ends its session and frees the address', async () => {
    const { client, payload, user } = await registerClient(t.app);
    const response = await client.post('/api/remove-user', { password: payload.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, _csrf: '' });
    expect(String(response.headers['set-cookie'])).toMatch(/funkis_sid=;/);
    expect(await userExists(user.id)).toBe(false);
    expect((await client.get('/api/me')).statusCode).toBe(401);
    expect((await new TestClient(t.app).post('/api/login', payload)).statusCode).toBe(401);
    expect((await new TestClient(t.app).post('/api/register', payload)).statusCode).toBe(201);
  });

  it('is refused with a clear message while the user is the only admin of an event with other members', async () => {
    const admin = await createUser(t.db);
    const volunteer = await createUser(t.db);
    const event = await createEvent(t.db, { adminId: admin.id });
    await addMember(t.db, event.id, volunteer.id, 2);
    const client = await loginAs(t.app, admin);
    const response = await client.post('/api/remove-user', { password: admin.password });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      errorMessages: ['You are the only admin of an event that has other members. Make someone else admin first.'],
      errors: [{ code: 'error.soleAdmin' }],
    });
    expect(await userExists(admin.id)).toBe(true);
    expect(await eventExists(event.id)).toBe(true);
    expect((await client.get('/api/me')).statusCode).toBe(200);

    // Once someone else is admin too, the account can go; the event and its other members stay.
    const second = await createUser(t.db);
    await addMember(t.db, event.id, second.id, 0);
    expect((await client.post('/api/remove-user', { password: admin.password })).statusCode).toBe(200);
    expect(await userExists(admin.id)).toBe(false);
    expect(await eventExists(event.id)).toBe(true);
    const members = await t.db.selectFrom('event_users').select('user_id').where('event_id', '=', event.id).execute();
    expect(members.map((m) => m.user_id).sort()).toEqual([volunteer.id, second.id].sort());
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('event_id', '=', event.id)
      .where('action', '=', 'member.removed')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].details)).toMatchObject({ userId: admin.id, roleLevel: 0, reason: 'account_removed' });
  });

  it('deletes the events the user was the only member of, and keeps those with other people', async () => {
    const user = await createUser(t.db);
    const alone = await createEvent(t.db, { adminId: user.id });
    const admin = await createUser(t.db);
    const shared = await createEvent(t.db, { adminId: admin.id });
    await addMember(t.db, shared.id, user.id, 1);
    const applicant = await createUser(t.db);
    await createApplication(t.db, shared.id, user.id);
    await createApplication(t.db, alone.id, applicant.id);

    const ownLog = () =>
      t.db.selectFrom('audit_log').select('action').where('event_id', '=', alone.id).orderBy('id').execute();
    expect((await ownLog()).map((entry) => entry.action)).toEqual([
      'event.created',
      'member.added',
      'event.applications_opened',
    ]);

    const client = await loginAs(t.app, user);
    expect((await client.post('/api/remove-user', { password: user.password })).statusCode).toBe(200);
    expect(await eventExists(alone.id)).toBe(false);
    // The deleted event's own log goes with it; what the removed account did stays, without its actor.
    expect(await ownLog()).toEqual([]);
    expect(await eventExists(shared.id)).toBe(true);
    expect(await t.db.selectFrom('applications').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    const removals = await t.db
      .selectFrom('audit_log')
      .select(['action', 'subject', 'event_id', 'actor_id'])
      .where('action', 'in', ['event.deleted', 'account.removed'])
      .where((eb) => eb.or([eb('subject', '=', `event:${alone.id}`), eb('subject', '=', `user:${user.id}`)]))
      .orderBy('subject')
      .execute();
    expect(removals.map((entry) => [entry.action, entry.event_id, entry.actor_id])).toEqual([
      ['event.deleted', null, null],
      ['account.removed', null, null],
    ]);
    const byRemoved = await t.db.selectFrom('audit_log').select('id').where('actor_id', '=', user.id).execute();
    expect(byRemoved).toEqual([]);
  });

  it('answers 401 to an anonymous caller', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/remove-user', payload: { password: 'x' } });
    expect(response.statusCode).toBe(401);
  });
});
