import { MAX_ID } from '@funkis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { createApplication, createEvent, createGroup, createUser, loginAs } from '../helpers/factories.js';

/**
 * Ids beyond the databases' integer bound (2^31 − 1) in query strings and in body arrays and nested filters: the
 * review found PostgreSQL answering 500 to these four calls where SQLite answered. Every id goes through the one id
 * schema (`idSchema`), so both databases refuse them with the same 400 before any query runs.
 */
const TOO_BIG = MAX_ID + 1;

let t: TestApp;
let admin: TestClient;
let eventId: number;
let applicationId: number;
let groupId: number;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUser(t.db);
  eventId = (await createEvent(t.db, { adminId: owner.id })).id;
  groupId = (await createGroup(t.db, eventId)).id;
  applicationId = await createApplication(t.db, eventId, (await createUser(t.db)).id);
  admin = await loginAs(t.app, owner);
});
afterAll(() => t?.close());

describe(`ids above 2^31 on ${dialect}`, () => {
  it('GET …/applications?groupId=2147483648 answers 400', async () => {
    const response = await admin.get(`/api/event/${eventId}/applications?groupId=${TOO_BIG}`);
    expect(response.statusCode, response.body).toBe(400);
    expect((await admin.get(`/api/event/${eventId}/applications?groupId=${MAX_ID}`)).statusCode).toBe(200);
  });

  it('GET …/statistics?groupId=2147483648 answers 400', async () => {
    const response = await admin.get(`/api/event/${eventId}/statistics?groupId=${TOO_BIG}`);
    expect(response.statusCode, response.body).toBe(400);
    expect((await admin.get(`/api/event/${eventId}/statistics?groupId=${groupId},none`)).statusCode).toBe(200);
  });

  it('POST …/applications/update {"ids":[2147483648]} answers 400', async () => {
    const response = await admin.post(`/api/event/${eventId}/applications/update`, {
      ids: [TOO_BIG],
      status: 'staged',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ code: 'error.idInvalid' });
  });

  it('POST …/applications/update {"filter":{"groupId":["2147483648"]}} answers 400', async () => {
    const response = await admin.post(`/api/event/${eventId}/applications/update`, {
      filter: { groupId: [String(TOO_BIG)] },
      status: 'staged',
    });
    expect(response.statusCode, response.body).toBe(400);
    // The largest id is an id: it names no group, so nothing changes.
    const largest = await admin.post(`/api/event/${eventId}/applications/update`, {
      filter: { groupId: [String(MAX_ID)] },
      status: 'staged',
    });
    expect(largest.statusCode, largest.body).toBe(200);
    expect(largest.json().updated).toBe(0);
  });

  it('refuses a too big id as the group to move to, in the same way', async () => {
    const response = await admin.post(`/api/event/${eventId}/applications/update`, {
      ids: [applicationId],
      groupId: TOO_BIG,
    });
    expect(response.statusCode, response.body).toBe(400);
  });
});
