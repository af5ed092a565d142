import type { FormField, WeekSeparationConfig } from '@funkis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { addMember, createEvent, createGroup, createUser, loginAs, type TestUser } from '../helpers/factories.js';
import { signIn } from './sign-in.js';

let t: TestApp;
let admin: TestUser;
let adminClient: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { firstname: 'Ada', lastname: 'Admin' });
  adminClient = await loginAs(t.app, admin);
});
afterAll(() => t.close());

const WEEKS: WeekSeparationConfig = {
  formFieldName: 'form-field-custom-15',
  filterLabel: 'Week',
  columnLabel: 'Week',
  options: [
    { value: 'womens-week', label: "Women's week" },
    { value: 'mens-week', label: "Men's week" },
  ],
};

const text = (n: number, label = `Question ${n}`): FormField => ({
  name: `form-field-custom-${n}`,
  type: 'text',
  label,
  required: false,
});

const auditOf = (eventId: number) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('action', '=', 'form.updated')
    .execute();

describe(`form builder on ${dialect}`, () => {
  it('gives the admin the saved form with the next free field number', async () => {
    const event = await createEvent(t.db, { adminId: admin.id, fields: [text(1), text(4)] });
    const response = await adminClient.get(`/api/event/${event.id}/form`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.fields.map((field: FormField) => field.name)).toEqual(['form-field-custom-1', 'form-field-custom-4']);
    expect(typeof body.updatedAt).toBe('string');
    expect(body.nextFieldNumber).toBe(5);
  });

  it('refuses everyone but the event admin', async () => {
    const event = await createEvent(t.db, { adminId: admin.id, fields: [text(1)] });
    const group = await createGroup(t.db, event.id);
    const leader = await createUser(t.db);
    const volunteer = await createUser(t.db);
    const outsider = await createUser(t.db);
    await addMember(t.db, event.id, leader.id, 1, group.id);
    await addMember(t.db, event.id, volunteer.id, 2, group.id);
    for (const user of [leader, volunteer, outsider]) {
      const client = await signIn(t, user);
      expect((await client.get(`/api/event/${event.id}/form`)).statusCode).toBe(403);
      expect((await client.post(`/api/event/${event.id}/form`, { fields: [] })).statusCode).toBe(403);
    }
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get(`/api/event/${event.id}/form`)).statusCode).toBe(401);
    expect((await anonymous.post(`/api/event/${event.id}/form`, { fields: [] })).statusCode).toBe(401);
    // An admin of another event has no say over this one.
    const otherAdmin = await createUser(t.db);
    await createEvent(t.db, { adminId: otherAdmin.id });
    const other = await signIn(t, otherAdmin);
    expect((await other.post(`/api/event/${event.id}/form`, { fields: [] })).statusCode).toBe(403);
    const saved = await adminClient.get(`/api/event/${event.id}/form`);
    expect(saved.json().fields).toHaveLength(1);
  });

  it('refuses a save without the CSRF token', async () => {
    const event = await createEvent(t.db, { adminId: admin.id, fields: [text(1)] });
    const response = await adminClient.request('POST', `/api/event/${event.id}/form`, { fields: [] }, { csrf: null });
    expect(response.statusCode).toBe(403);
    expect(response.json().errorMessages).toEqual(['Invalid or missing CSRF token.']);
  });

  it('saves every field type, answers with the CSRF token and writes the audit log', async () => {
    const event = await createEvent(t.db, { adminId: admin.id, fields: [] });
    const options = [
      { value: 'a', label: 'A' },
      { value: 'b', label: 'B' },
    ];
    const fields: FormField[] = [
      { name: 'form-field-custom-1', type: 'heading', label: 'About you', required: false },
      { name: 'form-field-custom-2', type: 'paragraph', label: '', description: 'Tell us.', required: false },
      { name: 'form-field-custom-3', type: 'text', label: 'Nickname', required: true },
      { name: 'form-field-custom-4', type: 'textarea', label: 'Why?', required: false },
      { name: 'form-field-custom-5', type: 'email', label: 'Other e-mail', required: false },
      { name: 'form-field-custom-6', type: 'phone', label: 'Phone', required: true },
      { name: 'form-field-custom-7', type: 'number', label: 'Age', required: false },
      { name: 'form-field-custom-8', type: 'date', label: 'Arrival', required: false },
      { name: 'form-field-custom-9', type: 'select', label: 'Size', required: false, options },
      { name: 'form-field-custom-10', type: 'radio', label: 'Week', required: true, options },
      { name: 'form-field-custom-11', type: 'checkbox', label: 'I agree', required: true },
      { name: 'form-field-custom-12', type: 'checkboxes', label: 'Days', required: false, options },
    ];
    const response = await adminClient.post(`/api/event/${event.id}/form`, { fields });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(typeof body._csrf).toBe('string');
    expect(body.fields).toEqual(fields);
    expect(body.nextFieldNumber).toBe(13);
    const reloaded = await adminClient.get(`/api/event/${event.id}/form`);
    expect(reloaded.json()).toEqual({ fields, updatedAt: body.updatedAt, nextFieldNumber: 13 });
    const audit = await auditOf(event.id);
    expect(audit).toHaveLength(1);
    expect(audit[0].actor_id).toBe(admin.id);
    expect(JSON.parse(audit[0].details)).toMatchObject({
      added: fields.map((f) => f.name),
      removed: [],
      fieldCount: 12,
    });
  });

  it('refuses repeated names, option fields without options or with repeated values, and required headings', async () => {
    const event = await createEvent(t.db, { adminId: admin.id, fields: [] });
    const response = await adminClient.post(`/api/event/${event.id}/form`, {
      fields: [
        text(1),
        text(1),
        { name: 'form-field-custom-2', type: 'select', label: 'Size', required: false, options: [] },
        {
          name: 'form-field-custom-3',
          type: 'radio',
          label: 'Week',
          required: false,
          options: [
            { value: 'w', label: 'One' },
            { value: 'w', label: 'Two' },
          ],
        },
        { name: 'form-field-custom-4', type: 'checkboxes', label: 'Days', required: false },
        { name: 'form-field-custom-5', type: 'heading', label: 'Title', required: true },
        { name: 'form-field-custom-6', type: 'paragraph', label: '', required: true },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      errorMessages: ['The form has errors. Correct the highlighted fields.'],
      errors: [
        { code: 'error.formInvalid' },
        { code: 'error.formFieldNameTaken', field: 'fields.1.name' },
        { code: 'error.formFieldOptionsRequired', field: 'fields.2.options' },
        { code: 'error.formFieldOptionDuplicate', field: 'fields.3.options.1.value' },
        { code: 'error.formFieldOptionsRequired', field: 'fields.4.options' },
        { code: 'error.formFieldCannotBeRequired', field: 'fields.5.required' },
        { code: 'error.formFieldCannotBeRequired', field: 'fields.6.required' },
      ],
      fieldErrors: {
        'fields.1.name': 'Field names must be unique in the form.',
        'fields.2.options': 'Add at least one option.',
        'fields.3.options.1.value': 'Option values must be unique within the field.',
        'fields.4.options': 'Add at least one option.',
        'fields.5.required': 'Headings and paragraphs cannot be required.',
        'fields.6.required': 'Headings and paragraphs cannot be required.',
      },
    });
    expect(await auditOf(event.id)).toHaveLength(0);
  });

  it('refuses an unknown field type or a malformed name through the schema', async () => {
    const event = await createEvent(t.db, { adminId: admin.id, fields: [] });
    const badType = await adminClient.post(`/api/event/${event.id}/form`, {
      fields: [{ name: 'form-field-custom-1', type: 'file', label: 'Upload', required: false }],
    });
    expect(badType.statusCode).toBe(400);
    expect(Object.keys(badType.json().fieldErrors)).toEqual(['fields.0.type']);
    const badName = await adminClient.post(`/api/event/${event.id}/form`, {
      fields: [{ name: '<b>x</b>', type: 'text', label: 'X', required: false }],
    });
    expect(badName.statusCode).toBe(400);
    expect(Object.keys(badName.json().fieldErrors)).toEqual(['fields.0.name']);
  });

  describe('field names are stable', () => {
    it('keeps existing names, including ones not of the custom pattern, while labels change', async () => {
      const legacy: FormField = {
        name: 'checkbox-test',
        type: 'checkboxes',
        label: 'Weeks',
        required: true,
        options: [{ value: 'week-1', label: 'Week 1' }],
      };
      const event = await createEvent(t.db, { adminId: admin.id, fields: [legacy, text(3)] });
      const response = await adminClient.post(`/api/event/${event.id}/form`, {
        fields: [text(3, 'Renamed question'), { ...legacy, label: 'Which weeks?' }, text(4)],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().fields.map((f: FormField) => [f.name, f.label])).toEqual([
        ['form-field-custom-3', 'Renamed question'],
        ['checkbox-test', 'Which weeks?'],
        ['form-field-custom-4', 'Question 4'],
      ]);
      const [audit] = await auditOf(event.id);
      expect(JSON.parse(audit.details)).toMatchObject({
        added: ['form-field-custom-4'],
        removed: [],
        changed: ['form-field-custom-3', 'checkbox-test'],
        reordered: true,
      });
    });

    it('wants new fields named form-field-custom-<n>', async () => {
      const event = await createEvent(t.db, { adminId: admin.id, fields: [text(1)] });
      const response = await adminClient.post(`/api/event/${event.id}/form`, {
        fields: [text(1), { name: 'my-field', type: 'text', label: 'Mine', required: false }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({
        'fields.1.name':
          'A new field must be named form-field-custom-<n>, with a number this form has not used before (form-field-custom-2 or higher).',
      });
    });

    it('never gives a removed field’s number to a new field', async () => {
      const event = await createEvent(t.db, { adminId: admin.id, fields: [text(1), text(2)] });
      const removed = await adminClient.post(`/api/event/${event.id}/form`, { fields: [text(1)] });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().nextFieldNumber).toBe(3);
      expect((await adminClient.get(`/api/event/${event.id}/form`)).json().nextFieldNumber).toBe(3);

      const reused = await adminClient.post(`/api/event/${event.id}/form`, { fields: [text(1), text(2, 'New')] });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().fieldErrors['fields.1.name']).toMatch(/form-field-custom-3 or higher/);

      const fresh = await adminClient.post(`/api/event/${event.id}/form`, { fields: [text(1), text(3, 'New')] });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().nextFieldNumber).toBe(4);
      const row = await t.db
        .selectFrom('event_forms')
        .select('last_field_number')
        .where('event_id', '=', event.id)
        .executeTakeFirstOrThrow();
      expect(row.last_field_number).toBe(3);
    });

    it('refuses a save based on a form someone else has changed since', async () => {
      const event = await createEvent(t.db, { adminId: admin.id, fields: [text(1)] });
      const loaded = (await adminClient.get(`/api/event/${event.id}/form`)).json();
      const first = await adminClient.post(`/api/event/${event.id}/form`, {
        fields: [text(1, 'First')],
        updatedAt: loaded.updatedAt,
      });
      expect(first.statusCode).toBe(200);
      const second = await adminClient.post(`/api/event/${event.id}/form`, {
        fields: [text(1, 'Second')],
        updatedAt: loaded.updatedAt,
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().errorMessages[0]).toMatch(/changed by someone else/);
      expect((await adminClient.get(`/api/event/${event.id}/form`)).json().fields[0].label).toBe('First');
    });

    it('creates the form of an event that has none yet', async () => {
      const event = await createEvent(t.db, { adminId: admin.id });
      await t.db.deleteFrom('event_forms').where('event_id', '=', event.id).execute();
      const empty = (await adminClient.get(`/api/event/${event.id}/form`)).json();
      expect(empty).toEqual({ fields: [], updatedAt: null, nextFieldNumber: 1 });
      const saved = await adminClient.post(`/api/event/${event.id}/form`, { fields: [text(1)], updatedAt: null });
      expect(saved.statusCode).toBe(200);
      expect((await adminClient.get(`/api/event/${event.id}/form`)).json().fields).toHaveLength(1);
    });
  });

  describe('week separation', () => {
    const weekField: FormField = {
      name: 'form-field-custom-15',
      type: 'radio',
      label: 'Which week?',
      required: true,
      options: WEEKS.options,
    };

    it('keeps the field that decides the week while week separation is on', async () => {
      const event = await createEvent(t.db, { adminId: admin.id, weeks: WEEKS, fields: [text(1), weekField] });
      const removed = await adminClient.post(`/api/event/${event.id}/form`, { fields: [text(1)] });
      expect(removed.statusCode).toBe(409);
      expect(removed.json().errorMessages).toEqual([
        'The field "form-field-custom-15" decides the week for week separation and cannot be removed while week separation is on.',
      ]);
      const retyped = await adminClient.post(`/api/event/${event.id}/form`, {
        fields: [text(1), { ...weekField, type: 'text', options: undefined }],
      });
      expect(retyped.statusCode).toBe(409);
      expect(retyped.json().errorMessages[0]).toMatch(/must stay a select, radio or checkboxes field/);
      const relabelled = await adminClient.post(`/api/event/${event.id}/form`, {
        fields: [{ ...weekField, label: 'Week', type: 'select' }, text(1)],
      });
      expect(relabelled.statusCode).toBe(200);
    });

    it('lets the field go once week separation is off', async () => {
      const event = await createEvent(t.db, { adminId: admin.id, weeks: WEEKS, fields: [text(1), weekField] });
      await t.db.updateTable('events').set({ use_week_separation: 0 }).where('id', '=', event.id).execute();
      const removed = await adminClient.post(`/api/event/${event.id}/form`, { fields: [text(1)] });
      expect(removed.statusCode).toBe(200);
    });
  });
});
