import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { createUser, loginAs } from '../helpers/factories.js';
import { registerClient, registration } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userKeys = ['avatar', 'email', 'emailConfirmed', 'firstname', 'id', 'lastname'];

describe(`account calls of spec section 7 on ${dialect}`, () => {
  it('POST /api/register takes firstname, lastname, password, email; answers user, success and _csrf; logs in', async () => {
    const client = new TestClient(t.app);
    const payload = registration({ email: 'New.Person@Example.TEST', firstname: 'Émile', lastname: 'Berg-Ström' });
    const response = await client.post('/api/register', payload);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['_csrf', 'success', 'user']);
    expect(body.success).toBe(true);
    expect(body._csrf).toMatch(/^[\w-]{40,}$/);
    expect(Object.keys(body.user).sort()).toEqual(userKeys);
    expect(body.user).toMatchObject({
      email: 'new.person@example.test',
      firstname: 'Émile',
      lastname: 'Berg-Ström',
      avatar: null,
      emailConfirmed: false,
    });
    // Logged in: the session works and the token it returned is the one the session expects.
    const me = await client.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user: body.user });
    const update = await client.post('/api/user/update-info', { firstname: 'Émile', lastname: 'Berg' });
    expect(update.statusCode).toBe(200);
  });

  it('ignores the password confirmation and anything else the form may send', async () => {
    const client = new TestClient(t.app);
    const payload = { ...registration(), passwordConfirmation: 'whatever', terms: true, isAdmin: true };
    const response = await client.post('/api/register', payload);
    expect(response.statusCode).toBe(201);
    expect(Object.keys(response.json().user).sort()).toEqual(userKeys);
  });

  it('POST /api/login takes email and password; answers success, user and _csrf', async () => {
    const user = await createUser(t.db, { firstname: 'Ørjan', lastname: 'Ækre' });
    const client = new TestClient(t.app);
    const response = await client.post('/api/login', { email: user.email.toUpperCase(), password: user.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['_csrf', 'success', 'user']);
    expect(body).toMatchObject({ success: true, user: { id: user.id, email: user.email, firstname: 'Ørjan' } });
    expect(body._csrf).toMatch(/^[\w-]{40,}$/);
  });

  it('refuses a wrong password and an unknown address with the same message', async () => {
    const user = await createUser(t.db);
    const client = new TestClient(t.app);
    const wrong = await client.post('/api/login', { email: user.email, password: 'not the password' });
    const unknown = await client.post('/api/login', { email: 'nobody@example.test', password: 'not the password' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        errorMessages: ['Invalid email or password.'],
        errors: [{ code: 'error.invalidCredentials' }],
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('GET /api/me answers the user when logged in and 401 with the envelope when not', async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const me = await client.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      user: {
        id: user.id,
        email: user.email,
        firstname: user.firstname,
        lastname: user.lastname,
        avatar: null,
        emailConfirmed: true,
      },
    });
    const anonymous = await new TestClient(t.app).get('/api/me');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      success: false,
      errorMessages: ['You must be logged in.'],
      errors: [{ code: 'error.notLoggedIn' }],
    });
  });

  it('GET /api/logout answers success and ends the session in the database', async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const cookie = client.cookie;
    const logout = await client.get('/api/logout');
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true });
    expect(String(logout.headers['set-cookie'])).toMatch(/funkis_sid=;.*Expires=Thu, 01 Jan 1970/);
    const rows = await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toEqual([]);
    // The old cookie, replayed, opens nothing.
    const replay = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookie ?? '' } });
    expect(replay.statusCode).toBe(401);
    // Logging out without a session is no error.
    expect((await new TestClient(t.app).get('/api/logout')).json()).toEqual({ success: true });
  });

  it('POST /api/user/update-info takes firstname and lastname and answers the user', async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const response = await client.post('/api/user/update-info', { firstname: 'Anna Karin', lastname: 'Berg-Ström' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      user: { id: user.id, firstname: 'Anna Karin', lastname: 'Berg-Ström', email: user.email },
    });
    expect((await client.get('/api/me')).json().user.firstname).toBe('Anna Karin');
    const invalid = await client.post('/api/user/update-info', { firstname: 'anna', lastname: '' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      success: false,
      errorMessages: ['First name is invalid.', 'Last name is required.'],
      errors: [
        { code: 'error.firstnameInvalid', field: 'firstname' },
        { code: 'error.lastnameRequired', field: 'lastname' },
      ],
      fieldErrors: { firstname: 'First name is invalid.', lastname: 'Last name is required.' },
    });
  });

  it('POST /api/change-email takes newEmail and password; the address waits for its link (decision 020)', async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const other = await loginAs(t.app, user);
    const wrong = await client.post('/api/change-email', { newEmail: 'x@example.test', password: 'wrong password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      success: false,
      errorMessages: ['The password is incorrect.'],
      errors: [{ code: 'error.wrongPassword', field: 'password' }],
      fieldErrors: { password: 'The password is incorrect.' },
    });
    expect((await other.get('/api/me')).statusCode).toBe(200);

    const newEmail = `Changed-${user.id}@Example.test`;
    const response = await client.post('/api/change-email', { newEmail, password: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      user: { email: user.email, emailConfirmed: true, pendingEmail: newEmail.toLowerCase() },
    });
    expect((await client.get('/api/me')).json().user.email).toBe(user.email);
    expect((await other.get('/api/me')).statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject', '=', `user:${user.id}`)
      .execute();
    expect(audit).toContainEqual({ action: 'account.email_change_requested', actor_id: user.id });
  });

  it('answers an address another account has as any other (no 409): the change only waits', async () => {
    const taken = await createUser(t.db);
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const response = await client.post('/api/change-email', {
      newEmail: taken.email.toUpperCase(),
      password: user.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: user.email, pendingEmail: taken.email });
    // Its own address in another case is no change, and drops the waiting one.
    const own = await client.post('/api/change-email', { newEmail: user.email.toUpperCase(), password: user.password });
    expect(own.statusCode).toBe(200);
    expect(own.json().user).not.toHaveProperty('pendingEmail');
  });

  it('POST /api/change-password takes currentPassword and newPassword; ends the other sessions', async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const other = await loginAs(t.app, user);
    const wrong = await client.post('/api/change-password', { currentPassword: 'nope-nope', newPassword: 'another-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ currentPassword: 'The password is incorrect.' });
    const short = await client.post('/api/change-password', { currentPassword: user.password, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errorMessages).toEqual(['Password must be at least 7 characters long.']);

    const response = await client.post('/api/change-password', {
      currentPassword: user.password,
      newPassword: 'a brand new password',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, _csrf: client.csrf });
    expect((await client.get('/api/me')).statusCode).toBe(200);
    expect((await other.get('/api/me')).statusCode).toBe(401);
    expect(
      (await new TestClient(t.app).post('/api/login', { email: user.email, password: user.password })).statusCode,
    ).toBe(401);
    await new TestClient(t.app).login(user.email, 'a brand new password');
  });

  it('stores argon2id with at least 19 MiB and 2 passes, and never shows the hash', async () => {
    const { client, payload, user } = await registerClient(t.app);
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const match = row.password_hash.match(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/);
    expect(match).not.toBeNull();
    expect(Number(match?.[1])).toBeGreaterThanOrEqual(19456);
    expect(Number(match?.[2])).toBeGreaterThanOrEqual(2);
    expect(row.password_hash).not.toContain(payload.password);

    const bodies = [
      (await client.post('/api/login', { email: payload.email, password: payload.password })).body,
      (await client.get('/api/me')).body,
      (await client.post('/api/user/update-info', { firstname: 'Åsa', lastname: 'Berg' })).body,
      (await client.post('/api/change-email', { newEmail: `h${user.id}@example.test`, password: payload.password }))
        .body,
      (await client.post('/api/change-password', { currentPassword: payload.password, newPassword: 'second-secret' }))
        .body,
    ];
    for (const body of bodies) {
      expect(body).not.toMatch(/argon2|password_hash|passwordHash/);
      expect(body).not.toContain(payload.password);
    }
  });
});
