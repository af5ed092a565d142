import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { addMember, createApplication, createEvent, createGroup, createUser, loginAs } from '../helpers/factories.js';
import { multipart, PNG_PIXEL } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 0)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(16)]);

function upload(client: TestClient, content: Buffer, contentType = 'image/png', field = 'file', name = 'me.png') {
  const body = multipart(field, name, contentType, content);
  return client.request('POST', '/api/user/avatar', undefined, { payload: body.payload, headers: body.headers });
}

async function storedFiles(): Promise<string[]> {
  const root = path.join(t.dataDir, 'files');
  const dirs = await fs.readdir(root).catch(() => []);
  const files = await Promise.all(dirs.map((dir) => fs.readdir(path.join(root, dir)).catch(() => [])));
  return files.flat();
}

describe(`avatars on ${dialect}`, () => {
  it('takes an image in the multipart field "file" and serves it at GET /api/user/:userId/avatar', async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const response = await upload(client, PNG_PIXEL);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, _csrf: client.csrf, user: { id: user.id } });
    expect(body.user.avatar).toMatch(new RegExp(`^/api/user/${user.id}/avatar\\?v=`));
    expect((await client.get('/api/me')).json().user.avatar).toBe(body.user.avatar);

    const image = await client.get(body.user.avatar);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG_PIXEL)).toBe(true);
  });

  it.each([
    ['jpeg', JPEG],
    ['gif', GIF],
    ['webp', WEBP],
  ])('accepts %s, typed by its bytes', async (type, content) => {
    const client = await loginAs(t.app, await createUser(t.db));
    // The declared type is not believed either way: the bytes decide.
    const response = await upload(client, content, 'application/octet-stream', 'file', 'picture.bin');
    expect(response.statusCode).toBe(200);
    const image = await client.get(response.json().user.avatar);
    expect(image.headers['content-type']).toBe(`image/${type}`);
  });

  it('refuses anything that is not a PNG, JPEG, GIF or WebP image, whatever it claims to be', async () => {
    const client = await loginAs(t.app, await createUser(t.db));
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const [content, type] of [
      [svg, 'image/svg+xml'],
      [html, 'image/png'],
      [Buffer.from('plain text'), 'text/plain'],
    ] as const) {
      const response = await upload(client, content, type);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        success: false,
        errorMessages: ['Only PNG, JPEG, GIF or WebP images can be used as an avatar.'],
        errors: [{ code: 'error.avatarType', field: 'file' }],
        fieldErrors: { file: 'Only PNG, JPEG, GIF or WebP images can be used as an avatar.' },
      });
    }
    expect((await client.get('/api/me')).json().user.avatar).toBeNull();
  });

  it('refuses an image over 5 MB with 413 and keeps nothing of it', async () => {
    const client = await loginAs(t.app, await createUser(t.db));
    const before = await storedFiles();
    const big = Buffer.concat([PNG_PIXEL, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload(client, big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      success: false,
      errorMessages: ['The image cannot be larger than 5 MB.'],
      errors: [{ code: 'error.avatarTooLarge', field: 'file' }],
      fieldErrors: { file: 'The image cannot be larger than 5 MB.' },
    });
    expect(await storedFiles()).toEqual(before);
    const exactly = Buffer.concat([PNG_PIXEL, Buffer.alloc(5 * 1024 * 1024 - PNG_PIXEL.length)]);
    expect((await upload(client, exactly)).statusCode).toBe(200);
  });

  it('answers 400 without a file in the field "file"', async () => {
    const client = await loginAs(t.app, await createUser(t.db));
    expect((await upload(client, PNG_PIXEL, 'image/png', 'picture')).statusCode).toBe(400);
    const json = await client.post('/api/user/avatar', { file: 'not a file' });
    expect(json.statusCode).toBe(400);
    expect(json.json().fieldErrors).toEqual({ file: 'This field is required.' });
  });

  it('replaces the old image and removes its file', async () => {
    const client = await loginAs(t.app, await createUser(t.db));
    const first = (await upload(client, PNG_PIXEL)).json().user.avatar;
    const countAfterFirst = (await storedFiles()).length;
    const second = (await upload(client, GIF)).json().user.avatar;
    expect(second).not.toBe(first);
    expect((await storedFiles()).length).toBe(countAfterFirst);
    expect((await client.get(second)).headers['content-type']).toBe('image/gif');
  });

  it('shows an avatar to the people who share an event with its owner, and to no one else', async () => {
    const owner = await createUser(t.db);
    const ownerClient = await loginAs(t.app, owner);
    const url = (await upload(ownerClient, PNG_PIXEL)).json().user.avatar as string;
    const bare = `/api/user/${owner.id}/avatar`;

    const anonymous = await t.app.inject({ method: 'GET', url: bare });
    expect(anonymous.statusCode).toBe(401);

    const stranger = await loginAs(t.app, await createUser(t.db));
    expect((await stranger.get(url)).statusCode).toBe(404);

    const event = await createEvent(t.db, { adminId: owner.id });
    const member = await createUser(t.db);
    await addMember(t.db, event.id, member.id, 2);
    expect((await (await loginAs(t.app, member)).get(bare)).statusCode).toBe(200);

    // An applicant's avatar: the admins of the event applied to, and the leader of the application's group.
    const applicant = await createUser(t.db);
    const applicantClient = await loginAs(t.app, applicant);
    const applicantUrl = (await upload(applicantClient, PNG_PIXEL)).json().user.avatar as string;
    const other = await createEvent(t.db, { adminId: member.id });
    const group = await createGroup(t.db, other.id);
    const leader = await createUser(t.db);
    const otherLeader = await createUser(t.db);
    await addMember(t.db, other.id, leader.id, 1, group.id);
    await addMember(t.db, other.id, otherLeader.id, 1, (await createGroup(t.db, other.id)).id);
    await createApplication(t.db, other.id, applicant.id, { groupId: group.id });
    expect((await (await loginAs(t.app, member)).get(applicantUrl)).statusCode).toBe(200);
    expect((await (await loginAs(t.app, leader)).get(applicantUrl)).statusCode).toBe(200);
    expect((await (await loginAs(t.app, otherLeader)).get(applicantUrl)).statusCode).toBe(404);
    expect((await (await loginAs(t.app, owner)).get(applicantUrl)).statusCode).toBe(404);
  });

  it('answers 404 for a user without an avatar or an unknown id, 400 for a malformed one', async () => {
    const client = await loginAs(t.app, await createUser(t.db));
    const me = (await client.get('/api/me')).json().user;
    expect((await client.get(`/api/user/${me.id}/avatar`)).statusCode).toBe(404);
    expect((await client.get('/api/user/999999/avatar')).statusCode).toBe(404);
    expect((await client.get('/api/user/abc/avatar')).statusCode).toBe(400);
  });

  it('removes the avatar file with the account', async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    await upload(client, PNG_PIXEL);
    const before = (await storedFiles()).length;
    expect((await client.post('/api/remove-user', { password: user.password })).statusCode).toBe(200);
    expect((await storedFiles()).length).toBe(before - 1);
  });
});
