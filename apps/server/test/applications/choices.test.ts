import type { FormField } from '@funkis/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choicesOf } from '../../src/modules/applications/choices.js';
import { signIn } from '../forms/sign-in.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { createApplication, createUser } from '../helpers/factories.js';

/**
 * The options an application chooses (application_choices, which the statistics count) are written by the server
 * with the application, on both paths that store one: the apply page and an import. Nothing else writes them.
 */

const FIELDS: FormField[] = [
  { name: 'form-field-custom-1', type: 'heading', label: 'About you', required: false },
  {
    name: 'form-field-custom-2',
    type: 'select',
    label: 'Size',
    required: true,
    options: [
      { value: 's', label: 'Small' },
      { value: 'm', label: 'Medium' },
    ],
  },
  { name: 'form-field-custom-3', type: 'checkbox', label: 'Car', required: false },
  {
    name: 'form-field-custom-4',
    type: 'checkboxes',
    label: 'Weeks',
    required: false,
    options: [
      { value: 'w1', label: 'Week one' },
      { value: 'w2', label: 'Week two' },
      { value: 'w3', label: 'Week three' },
    ],
  },
  { name: 'form-field-custom-5', type: 'text', label: 'Note', required: false },
];

const ANSWERS = {
  'form-field-custom-2': 'm',
  'form-field-custom-3': false,
  'form-field-custom-4': ['w3', 'w1'],
  'form-field-custom-5': 'not an option',
};

// Ordered as the query below reads them.
const EXPECTED = [
  { field: 'form-field-custom-2', value: 'm', position: 0 },
  { field: 'form-field-custom-3', value: 'false', position: 0 },
  { field: 'form-field-custom-4', value: 'w1', position: 1 },
  { field: 'form-field-custom-4', value: 'w3', position: 0 },
];

let t: TestApp;
let admin: TestClient;
let eventId: number;

const choicesOfApplication = (applicationId: number) =>
  t.db
    .selectFrom('application_choices')
    .select(['field', 'value', 'position'])
    .where('application_id', '=', applicationId)
    .where('event_id', '=', eventId)
    .orderBy('field')
    .orderBy('value')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, await createUser(t.db, { firstname: 'Ada', lastname: 'Admin' }));
  eventId = (await admin.post('/api/events', { name: 'Choices Camp' })).json().event.id;
  expect((await admin.post(`/api/event/${eventId}/form`, { fields: FIELDS })).statusCode).toBe(200);
  expect((await admin.post(`/api/event/${eventId}/applications-open`, { open: true })).statusCode).toBe(200);
});
afterAll(() => t?.close());

describe(`the options an application chooses on ${dialect}`, () => {
  it('reads the option questions only: a checkbox as true/false, each ticked value at its position', () => {
    expect(choicesOf(FIELDS, { ...ANSWERS, 'form-field-custom-3': true })).toEqual([
      { field: 'form-field-custom-2', value: 'm', position: 0 },
      { field: 'form-field-custom-3', value: 'true', position: 0 },
      { field: 'form-field-custom-4', value: 'w3', position: 0 },
      { field: 'form-field-custom-4', value: 'w1', position: 1 },
    ]);
    expect(choicesOf(FIELDS, { 'form-field-custom-2': null, 'form-field-custom-4': [] })).toEqual([]);
    // An answer to a question the form no longer has is not counted.
    expect(choicesOf(FIELDS, { 'form-field-custom-9': 's' })).toEqual([]);
  });

  it('stores them with an application sent through the apply page', async () => {
    const applicant = await signIn(t, await createUser(t.db, { firstname: 'Apply', lastname: 'Page' }));
    const applied = await applicant.post(`/api/event/${eventId}/apply`, { answers: ANSWERS });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(await choicesOfApplication(applied.json().application.id)).toEqual(EXPECTED);
  });

  it('stores them with an imported application', async () => {
    const user = await createUser(t.db, { firstname: 'Im', lastname: 'Ported' });
    const id = await createApplication(t.db, eventId, user.id, { answers: ANSWERS });
    expect(await choicesOfApplication(id)).toEqual(EXPECTED);
  });

  it('has no trigger writing them: the server is the one writer', async () => {
    const triggers =
      dialect === 'sqlite'
        ? await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'trigger' and name like 'application_choices%'`.execute(t.db)
        : await sql<{
            name: string;
          }>`select tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace where tgname like 'application_choices%' and n.nspname = current_schema()`.execute(
            t.db,
          );
    expect(triggers.rows).toEqual([]);
  });

  it('a person applying five times at once gets one application with its choices once', async () => {
    const user = await createUser(t.db, { firstname: 'Five', lastname: 'Times' });
    const applicant = await signIn(t, user);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => applicant.post(`/api/event/${eventId}/apply`, { answers: ANSWERS })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const stored = await t.db
      .selectFrom('applications as a')
      .innerJoin('application_choices as c', 'c.application_id', 'a.id')
      .select(['c.field', 'c.value', 'c.position'])
      .where('a.user_id', '=', user.id)
      .orderBy('c.field')
      .orderBy('c.value')
      .execute();
    expect(stored).toEqual(EXPECTED);
  });
});
