import type { MailReceiverFilter } from '@funkis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { addMember, createUser, loginAs, type TestUser } from '../helpers/factories.js';
import { createMailEvent, idsOf, type MailEvent } from './fixtures.js';

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

const preview = (client: TestClient, receivers: MailReceiverFilter) =>
  client.post(`/api/event/${e.event.id}/mail-receivers/preview`, { receivers });

async function receiverIds(client: TestClient, receivers: MailReceiverFilter): Promise<number[]> {
  const response = await preview(client, receivers);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().total).toBe(response.json().receivers.length);
  return response
    .json()
    .receivers.map((r: { userId: number }) => r.userId)
    .sort((a: number, b: number) => a - b);
}

describe(`mail receivers on ${dialect}`, () => {
  it('resolves each filter on its own', async () => {
    expect(await receiverIds(admin, { roleLevels: [2] })).toEqual(idsOf([e.volunteerA, e.volunteerB, e.loner]));
    expect(await receiverIds(admin, { roleLevels: [0, 1] })).toEqual(idsOf([e.admin, e.leader]));
    expect(await receiverIds(admin, { groupIds: [e.groupA.id] })).toEqual(idsOf([e.leader, e.volunteerA]));
    expect(await receiverIds(admin, { applicationStatuses: ['pending', 'rejected'] })).toEqual(
      idsOf([e.pendingA, e.rejectedB]),
    );
    expect(await receiverIds(admin, { userIds: [e.loner.id, e.pendingA.id] })).toEqual(idsOf([e.loner, e.pendingA]));
    expect(await receiverIds(admin, {})).toEqual([]);
  });

  it('narrows across kinds (and), widens within a kind (or), and adds people chosen by name', async () => {
    // Group Bar and status accepted: the accepted applicants of Bar, not everyone accepted plus everyone in Bar.
    expect(await receiverIds(admin, { groupIds: [e.groupA.id], applicationStatuses: ['accepted'] })).toEqual(
      idsOf([e.volunteerA]),
    );
    expect(
      await receiverIds(admin, { groupIds: [e.groupA.id, e.groupB.id], applicationStatuses: ['accepted', 'rejected'] }),
    ).toEqual(idsOf([e.volunteerA, e.rejectedB]));
    expect(await receiverIds(admin, { groupIds: [e.groupB.id], applicationStatuses: ['accepted'] })).toEqual([]);
    // Role and group: the volunteers of Bar (not its leader, not the volunteers of other groups).
    expect(await receiverIds(admin, { roleLevels: [2], groupIds: [e.groupA.id] })).toEqual(idsOf([e.volunteerA]));
    expect(await receiverIds(admin, { roleLevels: [1, 2], groupIds: [e.groupA.id] })).toEqual(
      idsOf([e.leader, e.volunteerA]),
    );
    // Role and status: accepted applicants who are volunteers now.
    expect(await receiverIds(admin, { roleLevels: [2], applicationStatuses: ['accepted', 'pending'] })).toEqual(
      idsOf([e.volunteerA]),
    );
    // People chosen by name come on top of the criteria, each once.
    const ids = await receiverIds(admin, {
      groupIds: [e.groupB.id],
      applicationStatuses: ['rejected'],
      userIds: [e.rejectedB.id, e.pendingA.id],
    });
    expect(ids).toEqual(idsOf([e.rejectedB, e.pendingA]));
    const response = await preview(admin, { groupIds: [e.groupA.id], applicationStatuses: ['accepted'] });
    expect(response.json().receivers).toEqual([
      expect.objectContaining({ userId: e.volunteerA.id, reason: 'your application to the group Bar is accepted' }),
    ]);
    const volunteers = await preview(admin, { roleLevels: [2], groupIds: [e.groupB.id] });
    expect(volunteers.json().receivers[0].reason).toBe('you are a volunteer in the group Stage');
  });

  it('narrows a group leader the same way, inside their own group', async () => {
    expect(await receiverIds(leader, { roleLevels: [2], applicationStatuses: ['accepted', 'pending'] })).toEqual(
      idsOf([e.volunteerA]),
    );
    expect(await receiverIds(leader, { groupIds: [e.groupA.id], roleLevels: [1] })).toEqual(idsOf([e.leader]));
  });

  it('gives the reasons in Swedish when the sender reads Swedish (language cookie or Accept-Language)', async () => {
    const swedish = Object.assign(new TestClient(t.app), { cookie: `${admin.cookie}; language=sv`, csrf: admin.csrf });
    const byCookie = await preview(swedish, { roleLevels: [1] });
    expect(byCookie.json().receivers).toEqual([
      expect.objectContaining({ userId: e.leader.id, reason: 'du är gruppledare i evenemanget' }),
    ]);
    const byHeader = await admin.request(
      'POST',
      `/api/event/${e.event.id}/mail-receivers/preview`,
      { receivers: { roleLevels: [1] } },
      { headers: { 'accept-language': 'sv-SE,sv;q=0.9' } },
    );
    expect(byHeader.json().receivers[0].reason).toBe('du är gruppledare i evenemanget');
  });

  it('tells the rate and how long delivery takes', async () => {
    const response = await preview(admin, { roleLevels: [0, 1, 2] });
    expect(response.json()).toMatchObject({ total: 5, ratePerMinute: 60, estimatedSeconds: 5 });
  });

  it('limits a group leader to their own group', async () => {
    expect(await receiverIds(leader, { roleLevels: [0, 1, 2] })).toEqual(idsOf([e.leader, e.volunteerA]));
    expect(await receiverIds(leader, { applicationStatuses: ['pending', 'rejected', 'accepted'] })).toEqual(
      idsOf([e.pendingA, e.volunteerA]),
    );
    expect(await receiverIds(leader, { groupIds: [e.groupA.id] })).toEqual(idsOf([e.leader, e.volunteerA]));
    const otherGroup = await preview(leader, { groupIds: [e.groupA.id, e.groupB.id] });
    expect(otherGroup.statusCode).toBe(403);
    expect(otherGroup.json().errorMessages).toEqual(['Group leaders can only e-mail their own group.']);
    const otherPerson = await preview(leader, { userIds: [e.volunteerB.id] });
    expect(otherPerson.statusCode).toBe(400);
    const sent = await leader.post(`/api/event/${e.event.id}/send-mail`, {
      receivers: { userIds: [e.rejectedB.id] },
      subject: 'Hi',
      message: 'Hello',
    });
    expect(sent.statusCode).toBe(400);
  });

  it('refuses people who are neither members nor applicants', async () => {
    const response = await preview(admin, { userIds: [e.outsider.id] });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      'receivers.userIds': 'Some of the chosen people are not members or applicants of this event.',
    });
  });

  it('finds members and applicants by name for choosing one by one, a leader only in their group', async () => {
    const all = await admin.get(`/api/event/${e.event.id}/mail-candidates?search=tester`);
    expect(all.statusCode).toBe(200);
    expect(
      all
        .json()
        .candidates.map((c: { userId: number }) => c.userId)
        .sort((a: number, b: number) => a - b),
    ).toEqual(idsOf([e.admin, e.leader, e.volunteerA, e.volunteerB, e.loner, e.pendingA, e.rejectedB]));
    const vera = all.json().candidates.find((c: { userId: number }) => c.userId === e.volunteerA.id);
    expect(vera).toMatchObject({ roleLevel: 2, applicationStatus: 'accepted', name: 'Vera Tester' });
    const mine = await leader.get(`/api/event/${e.event.id}/mail-candidates?search=`);
    expect(
      mine
        .json()
        .candidates.map((c: { userId: number }) => c.userId)
        .sort((a: number, b: number) => a - b),
    ).toEqual(idsOf([e.leader, e.volunteerA, e.pendingA]));
    const percent = await admin.get(`/api/event/${e.event.id}/mail-candidates?search=${encodeURIComponent('%')}`);
    expect(percent.json().candidates).toEqual([]);
  });

  it('finds "Åsa Öberg" from "åsa" and "öberg": the lists\' one search, non-ASCII capitals folded on both databases', async () => {
    const asa = await createUser(t.db, { firstname: 'Åsa', lastname: 'Öberg' });
    await addMember(t.db, e.event.id, asa.id, 2);
    for (const term of ['åsa', 'ÅSA', 'öberg', 'sa Ö']) {
      const found = await admin.get(`/api/event/${e.event.id}/mail-candidates?search=${encodeURIComponent(term)}`);
      expect(found.statusCode).toBe(200);
      expect(
        found.json().candidates.map((c: { userId: number }) => c.userId),
        term,
      ).toContain(asa.id);
    }
  });
});

describe(`mail guards on ${dialect}`, () => {
  let volunteer: TestClient;
  let stranger: TestClient;
  let strangerUser: TestUser;
  beforeAll(async () => {
    volunteer = await loginAs(t.app, e.volunteerA);
    strangerUser = await createUser(t.db);
    stranger = await loginAs(t.app, strangerUser);
  });

  const calls = (eventId: number) =>
    [
      ['GET', `/api/event/${eventId}/get-mails`],
      ['GET', `/api/event/${eventId}/get-mail/1`],
      ['GET', `/api/event/${eventId}/mail-labels`],
      ['GET', `/api/event/${eventId}/mail-candidates`],
      ['POST', `/api/event/${eventId}/send-mail`],
      ['POST', `/api/event/${eventId}/mail-receivers/preview`],
      ['POST', `/api/event/${eventId}/mail-labels`],
      ['POST', `/api/event/${eventId}/get-mail/1/labels`],
      ['POST', `/api/event/${eventId}/get-mail/1/retry`],
    ] as const;

  it('refuses volunteers, non-members and the logged out', async () => {
    for (const [method, url] of calls(e.event.id)) {
      expect((await volunteer.request(method, url, method === 'POST' ? {} : undefined)).statusCode, url).toBe(403);
      expect((await stranger.request(method, url, method === 'POST' ? {} : undefined)).statusCode, url).toBe(403);
      const anonymous = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect([401, 403], url).toContain(anonymous.statusCode);
    }
  });

  it('refuses a group leader the retry of failed receivers', async () => {
    const response = await leader.post(`/api/event/${e.event.id}/get-mail/1/retry`);
    expect(response.statusCode).toBe(403);
  });

  it('refuses every POST without the CSRF token', async () => {
    for (const [method, url] of calls(e.event.id).filter(([method]) => method === 'POST')) {
      const response = await admin.request(method, url, {}, { csrf: null });
      expect(response.statusCode, url).toBe(403);
    }
  });

  it('answers 404, never 500, for ids past the integer bound and e-mails of other events', async () => {
    const other = await createMailEvent(t.db);
    const otherAdmin = await loginAs(t.app, other.admin);
    const sent = await otherAdmin.post(`/api/event/${other.event.id}/send-mail`, {
      receivers: { roleLevels: [2] },
      subject: 'Other event',
      message: 'Not yours',
    });
    expect(sent.statusCode).toBe(201);
    const foreignId = sent.json().email.id;
    expect((await admin.get(`/api/event/${e.event.id}/get-mail/${foreignId}`)).statusCode).toBe(404);
    const labels = await admin.post(`/api/event/${e.event.id}/get-mail/${foreignId}/labels`, { labelIds: [] });
    expect(labels.statusCode).toBe(404);
    for (const url of [
      `/api/event/${e.event.id}/get-mail/2147483648`,
      `/api/event/2147483648/get-mails`,
      `/api/event/${e.event.id}/get-mails?customLabel=2147483648`,
    ]) {
      const response = await admin.get(url);
      expect([400, 403, 404], url).toContain(response.statusCode);
    }
    const bigIds = await preview(admin, { userIds: [2147483648] });
    expect(bigIds.statusCode).toBe(400);
    const groupBound = await preview(admin, { groupIds: [2147483647] });
    expect(groupBound.statusCode).toBe(200);
    expect(groupBound.json().total).toBe(0);
  });

  it('refuses NUL, bidi controls and invisible-only text at the schema', async () => {
    const send = (subject: string, message: string) =>
      admin.post(`/api/event/${e.event.id}/send-mail`, { receivers: { roleLevels: [0] }, subject, message });
    expect((await send('Hi\u0000', 'Hello')).statusCode).toBe(400);
    expect((await send('Hi', 'Hello \u202e')).statusCode).toBe(400);
    const invisible = await send('\u200b \u00a0', 'Hello');
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json().fieldErrors).toEqual({ subject: 'Subject is required.' });
    expect((await send('Hi', 'x'.repeat(20_001))).json().fieldErrors).toEqual({
      message: 'The message cannot be longer than 20000 characters.',
    });
    const nobody = await admin.post(`/api/event/${e.event.id}/send-mail`, {
      receivers: {},
      subject: 'Hi',
      message: 'Hello',
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().errorMessages).toEqual(['Choose at least one receiver.']);
    const label = await admin.post(`/api/event/${e.event.id}/mail-labels`, { name: 'a\u0000b' });
    expect(label.statusCode).toBe(400);
  });

  it('lets a leader without a group mail nobody', async () => {
    const lost = await createUser(t.db);
    await addMember(t.db, e.event.id, lost.id, 1, null);
    const client = await loginAs(t.app, lost);
    expect((await preview(client, { roleLevels: [2] })).statusCode).toBe(403);
  });
});
