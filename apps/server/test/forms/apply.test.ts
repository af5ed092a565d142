import type { FormField, WeekSeparationConfig } from '@funkis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsService } from '../../src/modules/events/service.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { addMember, createApplication, createEvent, createUser, type TestUser } from '../helpers/factories.js';
import { signIn } from './sign-in.js';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db);
});
afterAll(() => t.close());

const options = [
  { value: 'a', label: 'Option A' },
  { value: 'b', label: 'Option B' },
];

/** One field of every type, all required, named after their type. */
const EVERY_TYPE: FormField[] = [
  { name: 'heading', type: 'heading', label: 'About you', required: false },
  { name: 'paragraph', type: 'paragraph', label: 'Fill in everything.', required: false },
  { name: 'text', type: 'text', label: 'Nickname', required: true },
  { name: 'textarea', type: 'textarea', label: 'Why?', required: true },
  { name: 'email', type: 'email', label: 'Other e-mail', required: true },
  { name: 'phone', type: 'phone', label: 'Phone', required: true },
  { name: 'number', type: 'number', label: 'Age', required: true },
  { name: 'date', type: 'date', label: 'Arrival', required: true },
  { name: 'select', type: 'select', label: 'Size', required: true, options },
  { name: 'radio', type: 'radio', label: 'Shift', required: true, options },
  { name: 'checkbox', type: 'checkbox', label: 'I agree', required: true },
  { name: 'checkboxes', type: 'checkboxes', label: 'Days', required: true, options },
];

const GOOD_ANSWERS = {
  text: '  Kalle ',
  textarea: 'I like it.\nA lot.',
  email: 'kalle@example.com',
  phone: '+46 (0)70-123 45 67',
  number: '34',
  date: '2025-07-01',
  select: 'a',
  radio: 'b',
  checkbox: true,
  checkboxes: ['b', 'a'],
};

const applicant = async (overrides: Partial<TestUser> = {}) => {
  const user = await createUser(t.db, overrides);
  return { user, client: await signIn(t, user) };
};

describe(`apply page on ${dialect}`, () => {
  it('shows the event, the form and no application to any logged-in user', async () => {
    const event = await createEvent(t.db, { adminId: admin.id, name: 'Summer Camp', fields: EVERY_TYPE });
    await t.db.updateTable('events').set({ description: 'Sun & <b>fun</b>' }).where('id', '=', event.id).execute();
    const { client } = await applicant();
    const response = await client.get(`/api/event/${event.id}/apply`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      event: { id: event.id, name: 'Summer Camp', avatarUrl: null, description: 'Sun & <b>fun</b>' },
      form: { fields: EVERY_TYPE },
      applicationsOpen: true,
      application: null,
      membership: null,
    });
  });

  it('gives the avatar URL while the event takes applications, and says when they are closed', async () => {
    const event = await createEvent(t.db, { adminId: admin.id });
    await eventsService(t.app.serverContext).setAvatar(event.id, admin.id, 'abc123.png');
    const { client } = await applicant();
    const open = (await client.get(`/api/event/${event.id}/apply`)).json();
    expect(open.event.avatarUrl).toBe(`/api/event/${event.id}/avatar?v=abc123`);
    expect(open.applicationsOpen).toBe(true);
    await eventsService(t.app.serverContext).setApplicationsOpen(event.id, admin.id, false);
    // A closed event is not found for an outsider, as an id that names none (docs/decisions/022).
    expect((await client.get(`/api/event/${event.id}/apply`)).statusCode).toBe(404);
  });

  it('answers 401 to anonymous visitors and 404 for an unknown event', async () => {
    const event = await createEvent(t.db, { adminId: admin.id });
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get(`/api/event/${event.id}/apply`)).statusCode).toBe(401);
    expect((await anonymous.post(`/api/event/${event.id}/apply`, { answers: {} })).statusCode).toBe(401);
    const { client } = await applicant();
    const unknown = await client.get('/api/event/999999/apply');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      success: false,
      errorMessages: ['Not found.'],
      errors: [{ code: 'error.notFound' }],
    });
    expect((await client.post('/api/event/999999/apply', { answers: {} })).statusCode).toBe(404);
  });
});

describe(`applying on ${dialect}`, () => {
  it('stores valid answers of every type, cleaned, with labels, search text and status pending', async () => {
    const event = await createEvent(t.db, { adminId: admin.id, fields: EVERY_TYPE });
    const { user, client } = await applicant({ firstname: 'Karl', lastname: 'Öberg', email: 'karl@example.test' });
    const response = await client.post(`/api/event/${event.id}/apply`, {
      answers: { ...GOOD_ANSWERS, heading: 'ignored', somethingElse: 'dropped' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      application: { id: expect.any(Number), status: 'pending', createdAt: expect.any(String) },
      success: true,
      _csrf: expect.any(String),
    });
    const row = await t.db
      .selectFrom('applications as a')
      .innerJoin('application_answers as x', 'x.application_id', 'a.id')
      .selectAll()
      .where('a.id', '=', body.application.id)
      .executeTakeFirstOrThrow();
    expect(row.event_id).toBe(event.id);
    expect(row.user_id).toBe(user.id);
    expect(row.status).toBe('pending');
    expect(row.week).toBeNull();
    expect(JSON.parse(row.answers)).toEqual({ ...GOOD_ANSWERS, text: 'Kalle', number: 34 });
    expect(JSON.parse(row.answer_labels)).toEqual({
      text: 'Nickname',
      textarea: 'Why?',
      email: 'Other e-mail',
      phone: 'Phone',
      number: 'Age',
      date: 'Arrival',
      select: 'Size',
      radio: 'Shift',
      checkbox: 'I agree',
      checkboxes: 'Days',
    });
    expect(row.search_text.startsWith('karl öberg karl@example.test kalle i like it.')).toBe(true);
    expect(row.search_text).toContain('kalle@example.com');

    const page = (await client.get(`/api/event/${event.id}/apply`)).json();
    expect(page.application).toEqual({ status: 'pending', createdAt: body.application.createdAt });
  });

  it('refuses a second application with 409', async () => {
    const event = await createEvent(t.db, { adminId: admin.id, fields: [] });
    const { client } = await applicant();
    expect((await client.post(`/api/event/${event.id}/apply`, { answers: {} })).statusCode).toBe(201);
    const again = await client.post(`/api/event/${event.id}/apply`, { answers: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      errorMessages: ['You have already applied to this event.'],
      errors: [{ code: 'error.alreadyApplied' }],
    });
    const { user: other } = await applicant();
    await createApplication(t.db, event.id, other.id, { status: 'rejected' });
    const otherClient = await signIn(t, other);
    expect((await otherClient.post(`/api/event/${event.id}/apply`, { answers: {} })).statusCode).toBe(409);
    expect((await otherClient.get(`/api/event/${event.id}/apply`)).json().application.status).toBe('rejected');
  });

  it('refuses applications while they are closed: 409 to a member, 404 to a stranger', async () => {
    const event = await createEvent(t.db, { adminId: admin.id, applicationsOpen: false, fields: EVERY_TYPE });
    const stranger = await applicant();
    expect((await stranger.client.post(`/api/event/${event.id}/apply`, { answers: GOOD_ANSWERS })).statusCode).toBe(
      404,
    );
    const { user, client } = await applicant();
    await addMember(t.db, event.id, user.id, 2);
    const response = await client.post(`/api/event/${event.id}/apply`, { answers: GOOD_ANSWERS });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      errorMessages: ['Applications are closed for this event.'],
      errors: [{ code: 'error.applicationsClosed' }],
    });
    const count = await t.db
      .selectFrom('applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses a submission without the CSRF token', async () => {
    const event = await createEvent(t.db, { adminId: admin.id, fields: [] });
    const { client } = await applicant();
    const response = await client.request('POST', `/api/event/${event.id}/apply`, { answers: {} }, { csrf: null });
    expect(response.statusCode).toBe(403);
    const wrong = await client.request('POST', `/api/event/${event.id}/apply`, { answers: {} }, { csrf: 'forged' });
    expect(wrong.statusCode).toBe(403);
  });

  it('asks for every required answer, one message per field', async () => {
    const event = await createEvent(t.db, { adminId: admin.id, fields: EVERY_TYPE });
    const { client } = await applicant();
    const response = await client.post(`/api/event/${event.id}/apply`, { answers: {} });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.fieldErrors).toEqual({
      text: 'This field is required.',
      textarea: 'This field is required.',
      email: 'This field is required.',
      phone: 'This field is required.',
      number: 'This field is required.',
      date: 'This field is required.',
      select: 'This field is required.',
      radio: 'This field is required.',
      checkbox: 'This field must be checked.',
      checkboxes: 'This field is required.',
    });
    expect(body.errorMessages).toContain('Nickname: This field is required.');
    expect(body.errorMessages).toContain('I agree: This field must be checked.');
    // One code per field, in the order of the texts.
    const fields = [
      'text',
      'textarea',
      'email',
      'phone',
      'number',
      'date',
      'select',
      'radio',
      'checkbox',
      'checkboxes',
    ];
    expect(body.errors).toEqual(
      fields.map((field) => ({ code: field === 'checkbox' ? 'error.mustBeChecked' : 'error.required', field })),
    );
    expect(body.errorMessages).toHaveLength(body.errors.length);
  });

  it('refuses answers of the wrong type or outside the options, per field', async () => {
    const event = await createEvent(t.db, { adminId: admin.id, fields: EVERY_TYPE });
    const { client } = await applicant();
    const response = await client.post(`/api/event/${event.id}/apply`, {
      answers: {
        text: 'x'.repeat(501),
        textarea: 'y'.repeat(5001),
        email: 'kalle@',
        phone: 'call me',
        number: 'many',
        date: '2025-02-30',
        select: 'c',
        radio: ['a'],
        checkbox: false,
        checkboxes: ['a', 'z'],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      text: 'This answer cannot be longer than 500 characters.',
      textarea: 'This answer cannot be longer than 5000 characters.',
      email: 'The email address is invalid.',
      phone: 'The phone number is invalid. Use 5 to 30 digits, spaces and + - ( ).',
      number: 'Enter a number.',
      date: 'Enter a valid date (YYYY-MM-DD).',
      select: 'Choose one of the options.',
      radio: 'This answer is invalid.',
      checkbox: 'This field must be checked.',
      checkboxes: 'Choose one of the options.',
    });
  });

  it('accepts each field type alone with a good answer and refuses it with a bad one', async () => {
    const cases: [FormField, unknown, unknown][] = [
      [EVERY_TYPE[2], 'Kalle', 12],
      [EVERY_TYPE[3], 'Long text', { text: 'no' }],
      [EVERY_TYPE[4], 'a@b.se', 'a b@c.se'],
      [EVERY_TYPE[5], '0701234567', '070'],
      [EVERY_TYPE[6], 7.5, 'NaN'],
      [EVERY_TYPE[7], '2024-02-29', '2023-02-29'],
      [EVERY_TYPE[8], 'b', 'B'],
      [EVERY_TYPE[9], 'a', 'x'],
      [EVERY_TYPE[10], true, 'true'],
      [EVERY_TYPE[11], ['a'], []],
    ];
    for (const [field, good, bad] of cases) {
      const event = await createEvent(t.db, { adminId: admin.id, fields: [field] });
      const refused = await applicant();
      const no = await refused.client.post(`/api/event/${event.id}/apply`, { answers: { [field.name]: bad } });
      expect(no.statusCode, `${field.type} refuses ${JSON.stringify(bad)}`).toBe(400);
      expect(Object.keys(no.json().fieldErrors)).toEqual([field.name]);
      const accepted = await applicant();
      const yes = await accepted.client.post(`/api/event/${event.id}/apply`, { answers: { [field.name]: good } });
      expect(yes.statusCode, `${field.type} accepts ${JSON.stringify(good)}`).toBe(201);
    }
  });

  it('validates against the saved form: optional fields may stay empty', async () => {
    const event = await createEvent(t.db, {
      adminId: admin.id,
      fields: EVERY_TYPE.map((field) => ({ ...field, required: false })),
    });
    const { client } = await applicant();
    const response = await client.post(`/api/event/${event.id}/apply`, { answers: { text: '', checkboxes: [] } });
    expect(response.statusCode).toBe(201);
    const row = await t.db
      .selectFrom('application_answers')
      .select(['answers', 'answer_labels'])
      .where('application_id', '=', response.json().application.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.answers)).toEqual({ checkbox: false });
    expect(JSON.parse(row.answer_labels)).toEqual({ checkbox: 'I agree' });
  });

  it('refuses answers that are not an object', async () => {
    const event = await createEvent(t.db, { adminId: admin.id, fields: [] });
    const { client } = await applicant();
    expect((await client.post(`/api/event/${event.id}/apply`, { answers: ['a'] })).statusCode).toBe(400);
    expect((await client.post(`/api/event/${event.id}/apply`, {})).statusCode).toBe(400);
  });
});

describe(`week separation when applying on ${dialect}`, () => {
  const CAMP_WEEKS: WeekSeparationConfig = {
    formFieldName: 'form-field-custom-15',
    filterLabel: 'Week',
    columnLabel: 'Week',
    options: [
      { value: 'womens-week', label: "Women's week" },
      { value: 'mens-week', label: "Men's week" },
    ],
  };
  const campFields: FormField[] = [
    { name: 'form-field-custom-2', type: 'phone', label: 'Phone number', required: true },
    { name: 'form-field-custom-15', type: 'radio', label: 'Which week?', required: true, options: CAMP_WEEKS.options },
  ];

  const weekOf = async (applicationId: number) =>
    (await t.db.selectFrom('applications').select('week').where('id', '=', applicationId).executeTakeFirstOrThrow())
      .week;

  it('sets the week column from the configured radio field (the layout of event 13)', async () => {
    const event = await createEvent(t.db, { adminId: admin.id, weeks: CAMP_WEEKS, fields: campFields });
    const { client } = await applicant();
    const response = await client.post(`/api/event/${event.id}/apply`, {
      answers: { 'form-field-custom-2': '070 123 45 67', 'form-field-custom-15': 'mens-week' },
    });
    expect(response.statusCode).toBe(201);
    expect(await weekOf(response.json().application.id)).toBe('mens-week');
    const wrong = await (await applicant()).client.post(`/api/event/${event.id}/apply`, {
      answers: { 'form-field-custom-2': '070 123 45 67', 'form-field-custom-15': 'kids-week' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ 'form-field-custom-15': 'Choose one of the options.' });
  });

  it('takes the first configured option ticked in a checkboxes field (the layout of event 1)', async () => {
    const festival: WeekSeparationConfig = {
      formFieldName: 'checkbox-test',
      filterLabel: 'Festival week',
      columnLabel: 'Week',
      options: [
        { value: 'week-1', label: 'Week 1' },
        { value: 'week-2', label: 'Week 2' },
      ],
    };
    const event = await createEvent(t.db, {
      adminId: admin.id,
      weeks: festival,
      fields: [
        { name: 'checkbox-test', type: 'checkboxes', label: 'Weeks', required: true, options: festival.options },
      ],
    });
    const { client } = await applicant();
    const response = await client.post(`/api/event/${event.id}/apply`, {
      answers: { 'checkbox-test': ['week-2', 'week-1'] },
    });
    expect(response.statusCode).toBe(201);
    expect(await weekOf(response.json().application.id)).toBe('week-1');
  });

  it('leaves the week empty while week separation is off', async () => {
    const event = await createEvent(t.db, { adminId: admin.id, weeks: CAMP_WEEKS, fields: campFields });
    await t.db.updateTable('events').set({ use_week_separation: 0 }).where('id', '=', event.id).execute();
    const { client } = await applicant();
    const response = await client.post(`/api/event/${event.id}/apply`, {
      answers: { 'form-field-custom-2': '070 123 45 67', 'form-field-custom-15': 'womens-week' },
    });
    expect(response.statusCode).toBe(201);
    expect(await weekOf(response.json().application.id)).toBeNull();
  });
});
