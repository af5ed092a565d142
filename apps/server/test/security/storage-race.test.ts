import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from '../events/fixtures.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { createEvent, createUser, loginAs } from '../helpers/factories.js';

/**
 * The storage limits decided exactly (docs/decisions/022): uploads sent at once that together pass the account's or
 * the server's limit by more than one upload are decided one after the other where each is recorded, so what is
 * stored never passes the limit, and the bytes of every refused upload are removed from the store.
 */
const KB = 1024;
const PARALLEL = 6;

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
const png = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length, 0)]);

const uploadFile = (client: TestClient, eventId: number, bytes: number) => {
  const { payload, headers } = multipart(pdf(bytes), 'notes.pdf', 'application/pdf');
  return client.request('POST', `/api/event/${eventId}/files`, undefined, { payload, headers });
};
const uploadAvatar = (client: TestClient, url: string, bytes: number) => {
  const { payload, headers } = multipart(png(bytes), 'me.png', 'image/png');
  return client.request('POST', url, undefined, { payload, headers });
};

/** Every file in the store (not the uploads still arriving). */
async function storedFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.dataDir, 'files');
  const found: string[] = [];
  for (const entry of await fs.readdir(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    for (const file of await fs.readdir(path.join(root, entry.name))) found.push(file);
  }
  return found;
}

async function recordedFileBytes(t: TestApp): Promise<{ count: number; bytes: number }> {
  const rows = await t.db.selectFrom('files').select('size').execute();
  return { count: rows.length, bytes: rows.reduce((sum, row) => sum + Number(row.size), 0) };
}

describe(`uploads at once and ACCOUNT_STORAGE_BYTES on ${dialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      MAIL_WORKER: 'off',
      ACCOUNT_STORAGE_BYTES: String(100 * KB),
      UPLOAD_MAX_BYTES: String(200 * KB),
      EVENT_FILES_QUOTA_BYTES: String(10_000 * KB),
    });
  });
  afterAll(() => t.close());

  it(`stores at most the account's limit of ${PARALLEL} uploads sent at once, and removes the refused ones' bytes`, async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const first = await createEvent(t.db, { adminId: user.id });
    const second = await createEvent(t.db, { adminId: user.id });
    // 6 × 30 KB = 180 KB against 100 KB: every upload alone fits, three of them do not.
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, index) => uploadFile(client, index % 2 ? first.id : second.id, 30 * KB)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.statusCode, refused.body).toBe(413);
      expect(refused.json().errors[0]).toMatchObject({ code: 'error.accountStorageFull' });
    }
    const recorded = await recordedFileBytes(t);
    expect(recorded.bytes).toBeLessThanOrEqual(100 * KB);
    expect(recorded.count).toBe(3);
    expect(await storedFiles(t)).toHaveLength(3);
  });

  it('decides avatars sent at once within the same room', async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const events: { id: number }[] = [];
    for (let index = 0; index < PARALLEL; index += 1) events.push(await createEvent(t.db, { adminId: user.id }));
    const before = (await storedFiles(t)).length;
    // Each event's avatar is the account's: 6 × 40 KB = 240 KB against 100 KB, two fit.
    const answers = await Promise.all(
      events.map((event) => uploadAvatar(client, `/api/event/${event.id}/avatar`, 40 * KB)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode, refused.body).toBe(413);
    }
    expect((await storedFiles(t)).length - before).toBe(2);
  });
});

describe(`uploads at once and SERVER_STORAGE_BYTES on ${dialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      MAIL_WORKER: 'off',
      ACCOUNT_STORAGE_BYTES: '0',
      SERVER_STORAGE_BYTES: String(150 * KB),
      UPLOAD_MAX_BYTES: String(200 * KB),
    });
  });
  afterAll(() => t.close());

  it(`stores at most the server's limit of ${PARALLEL} accounts' uploads sent at once`, async () => {
    const senders: { client: TestClient; event: { id: number } }[] = [];
    for (let index = 0; index < PARALLEL; index += 1) {
      const user = await createUser(t.db);
      senders.push({ client: await loginAs(t.app, user), event: await createEvent(t.db, { adminId: user.id }) });
    }
    // 6 × 40 KB = 240 KB against 150 KB: three fit.
    const answers = await Promise.all(senders.map(({ client, event }) => uploadFile(client, event.id, 40 * KB)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.statusCode, refused.body).toBe(413);
      expect(refused.json().errors[0]).toMatchObject({ code: 'error.serverStorageFull' });
    }
    const recorded = await recordedFileBytes(t);
    expect(recorded.bytes).toBeLessThanOrEqual(150 * KB);
    expect(await storedFiles(t)).toHaveLength(recorded.count);
  });
});
