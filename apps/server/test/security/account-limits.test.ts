import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import * as mailRepository from '../../src/modules/mail/repository.js';
import { composeCopy } from '../../src/modules/mail/texts.js';
import { PNG } from '../events/fixtures.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { createEvent, createUser, loginAs } from '../helpers/factories.js';

/**
 * Limits per account (docs/decisions/022): events created and invitations sent per 24 hours (429), bytes stored
 * per account and on the whole server (413), and mail a person sends through Funkis saying so.
 */
const KB = 1024;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    MAIL_WORKER: 'off',
    EVENTS_PER_ACCOUNT_PER_DAY: '3',
    INVITATIONS_PER_ACCOUNT_PER_DAY: '3',
    ACCOUNT_STORAGE_BYTES: String(100 * KB),
    UPLOAD_MAX_BYTES: String(200 * KB),
    EVENT_FILES_QUOTA_BYTES: String(1000 * KB),
  });
});
afterAll(() => t.close());

function multipart(content: Buffer, name: string, type: string) {
  const boundary = `----funkis${crypto.randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="roles"\r\n\r\n0\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const pdf = (bytes: number) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 16, 0x20), Buffer.from('\n%%EOF\n')]);
/** An image of about `bytes` (a real PNG's bytes, padded). */
const png = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length, 0)]);

const uploadFile = (client: TestClient, eventId: number, bytes: number) => {
  const { payload, headers } = multipart(pdf(bytes), 'notes.pdf', 'application/pdf');
  return client.request('POST', `/api/event/${eventId}/files`, undefined, { payload, headers });
};
const uploadAvatar = (client: TestClient, url: string, bytes: number) => {
  const { payload, headers } = multipart(png(bytes), 'me.png', 'image/png');
  return client.request('POST', url, undefined, { payload, headers });
};

describe(`limits per account on ${dialect}`, () => {
  it('lets an account create EVENTS_PER_ACCOUNT_PER_DAY events in 24 hours, then answers 429', async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    for (let i = 1; i <= 3; i++) {
      expect((await client.post('/api/events', { name: `Event number ${i}` })).statusCode).toBe(201);
    }
    const refused = await client.post('/api/events', { name: 'Event number 4' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(refused.json().errors).toEqual([{ code: 'error.tooManyEventsToday', params: { count: 3 } }]);
    expect(refused.json().errorMessages).toEqual([
      'You have created 3 events in the last 24 hours, as many as one account may. Try again tomorrow.',
    ]);
    // Another account is not held back by it.
    const other = await loginAs(t.app, await createUser(t.db));
    expect((await other.post('/api/events', { name: 'Their own event' })).statusCode).toBe(201);
  });

  it('lets an account send INVITATIONS_PER_ACCOUNT_PER_DAY invitations over all its events, then answers 429', async () => {
    const admin = await createUser(t.db);
    const client = await loginAs(t.app, admin);
    const first = await createEvent(t.db, { adminId: admin.id });
    const second = await createEvent(t.db, { adminId: admin.id });
    const invite = (eventId: number, i: number) =>
      client.post(`/api/event/${eventId}/users`, { email: `invitee${i}-${eventId}@example.test`, roleLevel: 2 });
    expect((await invite(first.id, 1)).statusCode).toBe(201);
    expect((await invite(first.id, 2)).statusCode).toBe(201);
    expect((await invite(second.id, 3)).statusCode).toBe(201);
    const refused = await invite(second.id, 4);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors).toEqual([{ code: 'error.tooManyInvitationsToday', params: { count: 3 } }]);
    const queued = await t.db
      .selectFrom('mail_queue')
      .select('to_email')
      .where('to_email', 'like', 'invitee%')
      .where('event_id', 'in', [first.id, second.id])
      .execute();
    expect(queued).toHaveLength(3);
  });

  it("refuses uploads past the account's stored bytes across its events and avatars with 413", async () => {
    const admin = await createUser(t.db);
    const client = await loginAs(t.app, admin);
    const first = await createEvent(t.db, { adminId: admin.id });
    const second = await createEvent(t.db, { adminId: admin.id });
    expect((await uploadFile(client, first.id, 60 * KB)).statusCode).toBe(201);
    // 60 KB more would pass the event's quota (1000 KB) but not the account's 100 KB.
    const refused = await uploadFile(client, second.id, 60 * KB);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().errors).toEqual([{ code: 'error.accountStorageFull', params: { size: 1 }, field: 'file' }]);
    expect((await uploadFile(client, second.id, 30 * KB)).statusCode).toBe(201);
    // Avatars count too: the user's own and the event's.
    const avatar = await uploadAvatar(client, '/api/user/avatar', 20 * KB);
    expect(avatar.statusCode).toBe(413);
    expect(avatar.json().errors[0].code).toBe('error.accountStorageFull');
    expect((await uploadAvatar(client, `/api/event/${first.id}/avatar`, 20 * KB)).statusCode).toBe(413);
    expect((await uploadAvatar(client, '/api/user/avatar', 5 * KB)).statusCode).toBe(200);
    expect((await uploadFile(client, second.id, 8 * KB)).statusCode).toBe(413);
    // Another admin of the same event still has their own room.
    const colleague = await createUser(t.db);
    const colleagueClient = await loginAs(t.app, colleague);
    const theirs = await createEvent(t.db, { adminId: colleague.id });
    expect((await uploadFile(colleagueClient, theirs.id, 60 * KB)).statusCode).toBe(201);
  });

  it('sends event mail as "<sender> via Funkis", opening with who sent it from which event', async () => {
    const admin = await createUser(t.db, { firstname: 'Ada', lastname: 'Berg' });
    const client = await loginAs(t.app, admin);
    const event = await createEvent(t.db, { adminId: admin.id, name: 'Your mailbox is full - restore it' });
    const sent = await client.post(`/api/event/${event.id}/send-mail`, {
      receivers: { roleLevels: [0] },
      subject: 'Hello',
      message: 'Hi there',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const queued = await t.db
      .selectFrom('mail_queue')
      .select(['from_name', 'receiver_id', 'subject'])
      .where('event_id', '=', event.id)
      .where('reason', '=', 'event_mail')
      .executeTakeFirstOrThrow();
    expect(queued.from_name).toBe('Ada Berg via Funkis');
    // The copy as the queue composes it when it sends it.
    const copy = await mailRepository.copyOf(t.db, queued.receiver_id as number);
    expect(copy).not.toBeNull();
    expect(composeCopy(copy as NonNullable<typeof copy>).text.split('\n')[0]).toBe(
      'Ada Berg sent you this message from the event “Your mailbox is full - restore it” on Funkis.',
    );
  });
});

describe(`the server's stored bytes on ${dialect}`, () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({
      ACCOUNT_STORAGE_BYTES: '0',
      SERVER_STORAGE_BYTES: String(150 * KB),
      UPLOAD_MAX_BYTES: String(200 * KB),
    });
  });
  afterAll(() => small.close());

  it('refuses an upload that would pass SERVER_STORAGE_BYTES, whoever sends it, with 413', async () => {
    const first = await createUser(small.db);
    const second = await createUser(small.db);
    const firstEvent = await createEvent(small.db, { adminId: first.id });
    const secondEvent = await createEvent(small.db, { adminId: second.id });
    expect((await uploadFile(await loginAs(small.app, first), firstEvent.id, 100 * KB)).statusCode).toBe(201);
    const refused = await uploadFile(await loginAs(small.app, second), secondEvent.id, 60 * KB);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().errors[0]).toMatchObject({ code: 'error.serverStorageFull' });
    expect(refused.json().errorMessages[0]).toBe(
      'The server has no room for more files (1 MB in all). Ask its administrator.',
    );
  });
});

describe('the limits are checked at start', () => {
  it('refuses a limit that is not a whole number in range, naming it', () => {
    expect(() => loadConfig({ EVENTS_PER_ACCOUNT_PER_DAY: '0' })).toThrow(/EVENTS_PER_ACCOUNT_PER_DAY/);
    expect(() => loadConfig({ INVITATIONS_PER_ACCOUNT_PER_DAY: 'many' })).toThrow(ConfigError);
    expect(() => loadConfig({ ACCOUNT_STORAGE_BYTES: '-1' })).toThrow(/ACCOUNT_STORAGE_BYTES/);
    expect(() => loadConfig({ SERVER_STORAGE_BYTES: '1.5' })).toThrow(/SERVER_STORAGE_BYTES/);
    expect(() => loadConfig({ UPLOAD_TIMEOUT_MS: '5' })).toThrow(/UPLOAD_TIMEOUT_MS/);
  });
});
