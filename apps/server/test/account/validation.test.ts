import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { createUser, loginAs } from '../helpers/factories.js';
import { registration } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (body: unknown) => new TestClient(t.app).post('/api/register', body);

describe(`registration rules of spec section 5 on ${dialect}`, () => {
  it('answers every missing field with its required text', async () => {
    const response = await register({});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      errorMessages: [
        'Email address is required.',
        'First name is required.',
        'Last name is required.',
        'Password is required.',
      ],
      errors: [
        { code: 'error.emailRequired', field: 'email' },
        { code: 'error.firstnameRequired', field: 'firstname' },
        { code: 'error.lastnameRequired', field: 'lastname' },
        { code: 'error.passwordRequired', field: 'password' },
      ],
      fieldErrors: {
        email: 'Email address is required.',
        firstname: 'First name is required.',
        lastname: 'Last name is required.',
        password: 'Password is required.',
      },
    });
    const blank = await register({ email: '  ', firstname: '', lastname: ' ', password: '' });
    expect(blank.json().errorMessages).toEqual([
      'Email address is required.',
      'First name is required.',
      'Last name is required.',
      'Password is required.',
    ]);
  });

  it.each(['Åsa', 'Émile', 'Anna Karin', 'Berg-Ström', 'Ørjan', 'Ækre', 'Zoë', 'Łukasz'])(
    'accepts the name %s',
    async (name) => {
      const response = await register(registration({ firstname: name, lastname: name }));
      expect(response.statusCode).toBe(201);
      expect(response.json().user).toMatchObject({ firstname: name, lastname: name });
    },
  );

  it('stores a name typed with combining accents in its composed form', async () => {
    const decomposed = 'E\u0301mile';
    const response = await register(registration({ firstname: decomposed }));
    expect(response.statusCode).toBe(201);
    expect(response.json().user.firstname).toBe('Émile');
  });

  it.each([
    ['lower-case', 'åsa'],
    ['digits', 'Anna2'],
    ['markup', '<b>Anna</b>'],
    ['a script', '<script>alert(1)</script>'],
    ['an entity', 'Anna&amp;'],
    ['capitals inside', 'AnNa'],
    ['one letter', 'A'],
    ['two hyphens', 'Berg-Ström-Ek'],
    ['a double space', 'Anna  Karin'],
    ['a lower-case second word', 'Anna karin'],
  ])('refuses a first name with %s', async (_what, name) => {
    const response = await register(registration({ firstname: name }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      errorMessages: ['First name is invalid.'],
      errors: [{ code: 'error.firstnameInvalid', field: 'firstname' }],
      fieldErrors: { firstname: 'First name is invalid.' },
    });
  });

  it('refuses a wrong last name with its own text', async () => {
    const response = await register(registration({ lastname: 'öberg' }));
    expect(response.json()).toEqual({
      success: false,
      errorMessages: ['Last name is invalid.'],
      errors: [{ code: 'error.lastnameInvalid', field: 'lastname' }],
      fieldErrors: { lastname: 'Last name is invalid.' },
    });
  });

  it('limits names to 40 characters', async () => {
    const forty = `A${'a'.repeat(39)}`;
    expect((await register(registration({ firstname: forty, lastname: forty }))).statusCode).toBe(201);
    const response = await register(registration({ lastname: `${forty}a` }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ lastname: 'Name cannot be longer than 40 characters.' });
  });

  it('limits passwords to 7..255 characters with the spec texts', async () => {
    const short = await register(registration({ password: 'x'.repeat(6) }));
    expect(short.statusCode).toBe(400);
    expect(short.json().errorMessages).toEqual(['Password must be at least 7 characters long.']);
    expect(short.json().errors).toEqual([{ code: 'error.passwordTooShort', params: { min: 7 }, field: 'password' }]);
    const long = await register(registration({ password: 'x'.repeat(256) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().errorMessages).toEqual(['Password cannot be longer than 255 characters.']);
    expect(long.json().errors).toEqual([{ code: 'error.passwordTooLong', params: { max: 255 }, field: 'password' }]);
    expect((await register(registration({ password: 'x'.repeat(7) }))).statusCode).toBe(201);
    expect((await register(registration({ password: 'y'.repeat(255) }))).statusCode).toBe(201);
  });

  it('refuses an invalid address with the spec text and limits it to 255 characters', async () => {
    for (const email of ['not-an-address', 'a@', '@example.test', 'a b@example.test', '<a>@example.test']) {
      const response = await register(registration({ email }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMessages).toEqual(['The email address is invalid.']);
    }
    const local = 'a'.repeat(64);
    const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.se`; // 255 with the local part and @
    const longest = `${local}@${domain}`.slice(0, 255);
    expect(longest).toHaveLength(255);
    const tooLong = await register(registration({ email: `x${longest}` }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errorMessages).toEqual(['Email address cannot be longer than 255 characters.']);
  });

  it('keeps e-mail addresses unique regardless of case', async () => {
    const first = registration({ email: 'Case.Test@Example.test' });
    expect((await register(first)).statusCode).toBe(201);
    for (const email of ['case.test@example.test', 'CASE.TEST@EXAMPLE.TEST', '  Case.Test@example.TEST ']) {
      const response = await register(registration({ email }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        success: false,
        errorMessages: ['An account with this email address already exists.'],
        errors: [{ code: 'error.emailTaken', field: 'email' }],
        fieldErrors: { email: 'An account with this email address already exists.' },
      });
    }
    const count = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', 'case.test@example.test')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('lets the database refuse a second spelling of an address, even from code that forgets to lower-case', async () => {
    const user = await createUser(t.db);
    const now = new Date().toISOString();
    await expect(
      t.db
        .insertInto('users')
        .values({
          email: user.email.toUpperCase(),
          firstname: 'Dup',
          lastname: 'Licate',
          password_hash: 'x',
          created_at: now,
          updated_at: now,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('applies the same rules to login, update-info, change-email and change-password', async () => {
    const anonymous = new TestClient(t.app);
    const login = await anonymous.post('/api/login', { email: 'nope', password: '' });
    expect(login.statusCode).toBe(400);
    expect(login.json().errorMessages).toEqual(['The email address is invalid.', 'Password is required.']);

    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const names = await client.post('/api/user/update-info', { firstname: 'Anna1', lastname: `B${'b'.repeat(40)}` });
    expect(names.json().fieldErrors).toEqual({
      firstname: 'First name is invalid.',
      lastname: 'Name cannot be longer than 40 characters.',
    });
    const email = await client.post('/api/change-email', { newEmail: 'broken', password: user.password });
    expect(email.json().fieldErrors).toEqual({ newEmail: 'The email address is invalid.' });
    const password = await client.post('/api/change-password', {
      currentPassword: user.password,
      newPassword: 'x'.repeat(256),
    });
    expect(password.json().fieldErrors).toEqual({ newPassword: 'Password cannot be longer than 255 characters.' });
  });

  it('stores names as given text and answers them as JSON, never as markup', async () => {
    const response = await register(registration({ firstname: '<img src=x onerror=alert(1)>' }));
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});
