import type { FormField } from '@funkis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import {
  addMember,
  createApplication,
  createEvent,
  createGroup,
  createUser,
  type TestEvent,
  type TestUser,
} from '../helpers/factories.js';
import { signIn } from './sign-in.js';

let t: TestApp;
let admin: TestUser;
let adminClient: TestClient;
let event: TestEvent;
let groupId: number;
let applicationId: number;

const phone: FormField = { name: 'form-field-custom-1', type: 'phone', label: 'Phone number', required: true };
const size: FormField = {
  name: 'form-field-custom-2',
  type: 'select',
  label: 'T-shirt size',
  required: false,
  options: [
    { value: 's', label: 'S' },
    { value: 'm', label: 'M' },
  ],
};
const motivation: FormField = { name: 'form-field-custom-3', type: 'textarea', label: 'Why?', required: false };

const answersUrl = (id: number) => `/api/event/${event.id}/applications/${id}/answers`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db);
  adminClient = await signIn(t, admin);
  event = await createEvent(t.db, { adminId: admin.id, fields: [phone, size, motivation] });
  groupId = (await createGroup(t.db, event.id)).id;
  const applicant = await signIn(t, await createUser(t.db));
  const applied = await applicant.post(`/api/event/${event.id}/apply`, {
    answers: { 'form-field-custom-1': '070 123 45 67', 'form-field-custom-2': 'm', 'form-field-custom-3': 'Fun.' },
  });
  expect(applied.statusCode).toBe(201);
  applicationId = applied.json().application.id;
  await t.db.updateTable('applications').set({ group_id: groupId }).where('id', '=', applicationId).execute();
});
afterAll(() => t.close());

describe(`answers of an application on ${dialect}`, () => {
  it('lists the answers in form order, with the options a chosen value is shown by', async () => {
    const response = await adminClient.get(answersUrl(applicationId));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      answers: [
        { name: 'form-field-custom-1', label: 'Phone number', value: '070 123 45 67', removed: false },
        {
          name: 'form-field-custom-2',
          label: 'T-shirt size',
          value: 'm',
          removed: false,
          options: [
            { value: 's', label: 'S' },
            { value: 'm', label: 'M' },
          ],
        },
        { name: 'form-field-custom-3', label: 'Why?', value: 'Fun.', removed: false },
      ],
    });
  });

  it('keeps every answer across form edits, removed fields under the label they were answered with', async () => {
    const edited = await adminClient.post(`/api/event/${event.id}/form`, {
      fields: [
        { name: 'form-field-custom-4', type: 'heading', label: 'More', required: false },
        { name: 'form-field-custom-5', type: 'date', label: 'Arrival', required: false },
        { ...phone, label: 'Mobile phone' },
      ],
    });
    expect(edited.statusCode).toBe(200);
    const response = await adminClient.get(answersUrl(applicationId));
    expect(response.json()).toEqual({
      answers: [
        { name: 'form-field-custom-5', label: 'Arrival', value: null, removed: false },
        { name: 'form-field-custom-1', label: 'Mobile phone', value: '070 123 45 67', removed: false },
        { name: 'form-field-custom-2', label: 'T-shirt size', value: 'm', removed: true },
        { name: 'form-field-custom-3', label: 'Why?', value: 'Fun.', removed: true },
      ],
    });
    // The stored answers themselves are untouched by the edit.
    const row = await t.db
      .selectFrom('application_answers')
      .select('answers')
      .where('application_id', '=', applicationId)
      .executeTakeFirstOrThrow();
    expect(Object.keys(JSON.parse(row.answers))).toEqual([
      'form-field-custom-1',
      'form-field-custom-2',
      'form-field-custom-3',
    ]);
  });

  it('shows answers to the group leader of the application’s group only', async () => {
    const leader = await createUser(t.db);
    await addMember(t.db, event.id, leader.id, 1, groupId);
    const leaderClient = await signIn(t, leader);
    expect((await leaderClient.get(answersUrl(applicationId))).statusCode).toBe(200);

    const otherGroup = await createGroup(t.db, event.id);
    const otherLeader = await createUser(t.db);
    await addMember(t.db, event.id, otherLeader.id, 1, otherGroup.id);
    const otherLeaderClient = await signIn(t, otherLeader);
    expect((await otherLeaderClient.get(answersUrl(applicationId))).statusCode).toBe(404);

    // An application without a group belongs to no leader.
    const ungrouped = await createApplication(t.db, event.id, (await createUser(t.db)).id);
    expect((await leaderClient.get(answersUrl(ungrouped))).statusCode).toBe(404);
    expect((await adminClient.get(answersUrl(ungrouped))).statusCode).toBe(200);
  });

  it('refuses volunteers, non-members and anonymous visitors', async () => {
    const volunteer = await createUser(t.db);
    await addMember(t.db, event.id, volunteer.id, 2, groupId);
    expect((await (await signIn(t, volunteer)).get(answersUrl(applicationId))).statusCode).toBe(403);
    const outsider = await createUser(t.db);
    expect((await (await signIn(t, outsider)).get(answersUrl(applicationId))).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(answersUrl(applicationId))).statusCode).toBe(401);
  });

  it('answers 404 for an unknown id and for an application of another event', async () => {
    expect((await adminClient.get(answersUrl(999999))).statusCode).toBe(404);
    const otherEvent = await createEvent(t.db, { adminId: admin.id, fields: [phone] });
    const foreign = await createApplication(t.db, otherEvent.id, (await createUser(t.db)).id, {
      answers: { 'form-field-custom-1': '070 000 00 00' },
    });
    expect((await adminClient.get(answersUrl(foreign))).statusCode).toBe(404);
    expect((await adminClient.get(`/api/event/${otherEvent.id}/applications/${foreign}/answers`)).statusCode).toBe(200);
  });
});
