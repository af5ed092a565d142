import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { loginAs } from '../helpers/factories.js';
import { createMailEvent, type MailEvent } from './fixtures.js';

let t: TestApp;
let e: MailEvent;
let admin: TestClient;
let leader: TestClient;
beforeAll(async () => {
  t = await createTestApp({ MAIL_WORKER: 'off' });
  e = await createMailEvent(t.db);
  admin = await loginAs(t.app, e.admin);
  leader = await loginAs(t.app, e.leader);
});
afterAll(() => t.close());

const send = async (client: TestClient, subject: string) => {
  const response = await client.post(`/api/event/${e.event.id}/send-mail`, {
    receivers: { groupIds: [e.groupA.id] },
    subject,
    message: 'Hello',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().email.id as number;
};
const labels = async (client: TestClient) => (await client.get(`/api/event/${e.event.id}/mail-labels`)).json().labels;
const folder = async (client: TestClient, query = '') =>
  (await client.get(`/api/event/${e.event.id}/get-mails${query}`))
    .json()
    .emails.map((m: { subject: string }) => m.subject);

describe(`mail folders and labels on ${dialect}`, () => {
  it('starts with an empty Sent folder', async () => {
    expect(await labels(admin)).toEqual([
      { id: 'sent', name: 'sent', type: 'system_label', totalCount: 0, unreadCount: 0 },
    ]);
    expect(await folder(admin, '?systemLabel=sent')).toEqual([]);
  });

  it('lists sent e-mails newest first with their counts, a leader only their own', async () => {
    const first = await send(admin, 'From the admin');
    const second = await send(leader, 'From the leader');
    expect(await folder(admin, '?systemLabel=sent')).toEqual(['From the leader', 'From the admin']);
    expect(await folder(leader)).toEqual(['From the leader']);
    expect((await leader.get(`/api/event/${e.event.id}/get-mail/${first}`)).statusCode).toBe(404);
    const email = (await admin.get(`/api/event/${e.event.id}/get-mail/${second}`)).json().email;
    expect(email).toMatchObject({
      subject: 'From the leader',
      message: 'Hello',
      from: { userId: e.leader.id, name: 'Leader Tester', email: e.leader.email },
      to: { groupIds: [e.groupA.id] },
      counts: { queued: 2, sending: 0, sent: 0, failed: 0 },
      labelIds: [],
    });
    expect(email.receivers.map((r: { name: string }) => r.name)).toEqual(['Leader Tester', 'Vera Tester']);
    expect((await labels(admin))[0]).toMatchObject({ id: 'sent', totalCount: 2 });
    expect((await labels(leader))[0]).toMatchObject({ id: 'sent', totalCount: 1 });
  });

  it('creates custom labels, refuses a second one of the same name, and files e-mails under them', async () => {
    const created = await admin.post(`/api/event/${e.event.id}/mail-labels`, { name: 'Volunteers', color: '#aa3300' });
    expect(created.statusCode).toBe(201);
    const label = created.json().label;
    expect(label).toMatchObject({
      name: 'Volunteers',
      type: 'custom_label',
      color: '#aa3300',
      totalCount: 0,
      unreadCount: 0,
    });
    const taken = await admin.post(`/api/event/${e.event.id}/mail-labels`, { name: ' volunteers ' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors).toEqual({ name: 'The event already has a label with this name.' });
    const badColour = await admin.post(`/api/event/${e.event.id}/mail-labels`, { name: 'Red', color: 'red' });
    expect(badColour.statusCode).toBe(400);

    const emailId = await send(admin, 'Labelled');
    const labelled = await admin.post(`/api/event/${e.event.id}/get-mail/${emailId}/labels`, { labelIds: [label.id] });
    expect(labelled.statusCode).toBe(200);
    expect(labelled.json().email.labelIds).toEqual([label.id]);
    expect(await folder(admin, `?customLabel=${label.id}`)).toEqual(['Labelled']);
    // The spec's call with both keys, the one not meant left empty, gives the folder meant.
    expect(await folder(admin, `?customLabel=${label.id}&systemLabel=`)).toEqual(['Labelled']);
    expect(await folder(admin, '?customLabel=&systemLabel=sent')).toHaveLength(3);
    expect(await folder(admin, '?customLabel=&systemLabel=')).toHaveLength(3);
    const all = await labels(admin);
    // The admin has opened one of the three (the leader's): the other two are unread for them.
    expect(all).toEqual([
      { id: 'sent', name: 'sent', type: 'system_label', totalCount: 3, unreadCount: 2 },
      { id: label.id, name: 'Volunteers', type: 'custom_label', color: '#aa3300', totalCount: 1, unreadCount: 1 },
    ]);
    // The leader sees the event's labels, counted over the e-mails they can see.
    expect((await labels(leader))[1]).toMatchObject({ id: label.id, totalCount: 0 });

    const cleared = await admin.post(`/api/event/${e.event.id}/get-mail/${emailId}/labels`, { labelIds: [] });
    expect(cleared.json().email.labelIds).toEqual([]);
    expect(await folder(admin, `?customLabel=${label.id}`)).toEqual([]);
  });

  it("refuses another event's label, and a folder of a label that does not exist", async () => {
    const other = await createMailEvent(t.db);
    const otherAdmin = await loginAs(t.app, other.admin);
    const foreign = (await otherAdmin.post(`/api/event/${other.event.id}/mail-labels`, { name: 'Theirs' })).json()
      .label;
    const emailId = await send(admin, 'Mine');
    const response = await admin.post(`/api/event/${e.event.id}/get-mail/${emailId}/labels`, {
      labelIds: [foreign.id],
    });
    expect(response.statusCode).toBe(400);
    expect((await admin.get(`/api/event/${e.event.id}/get-mails?customLabel=${foreign.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/event/${e.event.id}/get-mails?systemLabel=inbox`)).statusCode).toBe(400);
  });

  it('writes every change to the audit log', async () => {
    const actions = await t.db.selectFrom('audit_log').select('action').where('event_id', '=', e.event.id).execute();
    const names = actions.map((row) => row.action);
    expect(names).toEqual(expect.arrayContaining(['mail.sent', 'mail.label_created', 'mail.labels_set']));
  });
});
