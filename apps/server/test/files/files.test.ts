import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, type Cast, createCast, PNG } from '../events/fixtures.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';

const MAX = 64 * 1024;
const QUOTA = 200 * 1024;
let t: TestApp;
let cast: Cast;
let other: Cast;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: String(MAX), EVENT_FILES_QUOTA_BYTES: String(QUOTA) });
  cast = await createCast(t.app, t.db, { name: 'Files event' });
  other = await createCast(t.app, t.db, { name: 'Other files event' });
});
afterAll(() => t.close());

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(600, 0x20), Buffer.from('\n%%EOF\n')]);

/** A multipart body as a browser's FormData sends it: the `roles` field, then the file. */
function form(
  content: Buffer,
  options: { type?: string; name?: string; roles?: string | null; rolesLast?: boolean } = {},
) {
  const boundary = `----funkis${crypto.randomBytes(8).toString('hex')}`;
  const rolesPart =
    options.roles === null
      ? Buffer.alloc(0)
      : Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="roles"\r\n\r\n${options.roles ?? '0,1,2'}\r\n`,
        );
  const filePart = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.name ?? 'doc.pdf'}"\r\n` +
        `Content-Type: ${options.type ?? 'application/pdf'}\r\n\r\n`,
    ),
    content,
    Buffer.from('\r\n'),
  ]);
  const parts = options.rolesLast ? [filePart, rolesPart] : [rolesPart, filePart];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(client: TestClient, eventId: number, content: Buffer, options: Parameters<typeof form>[1] = {}) {
  const { payload, headers } = form(content, options);
  return client.request('POST', `/api/event/${eventId}/files`, undefined, { payload, headers });
}

async function storedBlobs(): Promise<string[]> {
  const root = path.join(t.dataDir, 'files');
  const dirs = await fs.readdir(root).catch(() => [] as string[]);
  const lists = await Promise.all(dirs.map((dir) => fs.readdir(path.join(root, dir)).catch(() => [] as string[])));
  return lists.flat();
}

const e = (c: Cast = cast) => `/api/event/${c.eventId}/files`;

describe(`event files on ${dialect}`, () => {
  it('lets only admins upload (403 for others and without CSRF), and shows each role only its files', async () => {
    const everyone = await upload(cast.clients.admin, cast.eventId, PDF, { name: 'Schedule.pdf', roles: '0,1,2' });
    expect(everyone.statusCode).toBe(201);
    expect(everyone.json().file).toMatchObject({
      name: 'Schedule.pdf',
      mimeType: 'application/pdf',
      size: PDF.length,
      roles: [0, 1, 2],
      previewable: true,
    });
    const leaders = await upload(cast.clients.admin, cast.eventId, PDF, {
      name: 'Leaders.pdf',
      roles: '1',
      rolesLast: true,
    });
    expect(leaders.json().file.roles).toEqual([0, 1]);
    const admins = await upload(cast.clients.admin, cast.eventId, PDF, { name: 'Budget.pdf', roles: '0' });
    expect(admins.json().file.roles).toEqual([0]);

    expect((await upload(cast.clients.leaderA, cast.eventId, PDF)).statusCode).toBe(403);
    expect((await upload(cast.clients.volunteer, cast.eventId, PDF)).statusCode).toBe(403);
    expect((await upload(cast.clients.nonMember, cast.eventId, PDF)).statusCode).toBe(403);
    const { payload, headers } = form(PDF);
    const noCsrf = await cast.clients.admin.request('POST', e(), undefined, { payload, headers, csrf: null });
    expect(noCsrf.statusCode).toBe(403);

    const names = async (client: TestClient) =>
      ((await client.get(e())).json().files as { name: string }[]).map((file) => file.name).sort();
    expect(await names(cast.clients.admin)).toEqual(['Budget.pdf', 'Leaders.pdf', 'Schedule.pdf']);
    expect(await names(cast.clients.leaderA)).toEqual(['Leaders.pdf', 'Schedule.pdf']);
    expect(await names(cast.clients.volunteer)).toEqual(['Schedule.pdf']);
    expect((await cast.clients.nonMember.get(e())).statusCode).toBe(403);
    expect((await cast.clients.admin.get(e())).json().usage).toEqual({ usedBytes: PDF.length * 3, quotaBytes: QUOTA });
    expect((await cast.clients.volunteer.get(e())).json().usage).toBeNull();

    // A file the role may not see is a 404, by guessed id or old link; so is a file of another event.
    const budget = admins.json().file.id;
    expect((await cast.clients.volunteer.get(`${e()}/${budget}/download`)).statusCode).toBe(404);
    expect((await cast.clients.leaderA.get(`${e()}/${budget}/download`)).statusCode).toBe(404);
    expect((await cast.clients.volunteer.get(`${e()}/${leaders.json().file.id}/download`)).statusCode).toBe(404);
    expect((await cast.clients.volunteer.get(`${e()}/999999/download`)).statusCode).toBe(404);
    expect((await other.clients.admin.get(`${e(other)}/${budget}/download`)).statusCode).toBe(404);
    expect((await other.clients.admin.delete(`${e(other)}/${budget}`)).statusCode).toBe(404);
    expect((await cast.clients.volunteer.get(`${e()}/2147483648/download`)).statusCode).toBe(400);

    const download = await cast.clients.volunteer.get(`${e()}/${everyone.json().file.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Schedule.pdf"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toContain('sandbox');
    const inline = await cast.clients.volunteer.get(`${e()}/${everyone.json().file.id}/download?inline=1`);
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    expect((await auditOf(t.db, cast.eventId)).filter((a) => a.action === 'file.uploaded')).toHaveLength(3);
  });

  it('keeps Swedish letters, quotes and spaces of a name in the header (RFC 6266)', async () => {
    const name = 'Körschema "sista" version å.pdf';
    // Browsers escape quotes in a multipart file name; the name is typed with them when renamed.
    const uploaded = (await upload(cast.clients.admin, cast.eventId, PDF, { name: 'Körschema version å.pdf' })).json();
    expect(uploaded.file.name).toBe('Körschema version å.pdf');
    const file = (await cast.clients.admin.post(`${e()}/${uploaded.file.id}`, { name })).json().file;
    expect(file.name).toBe(name);
    const response = await cast.clients.admin.get(`${e()}/${file.id}/download`);
    const header = String(response.headers['content-disposition']);
    expect(header).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
    const fallback = /filename="([^"]*)"/.exec(header)?.[1];
    expect(fallback).toBe('Korschema _sista_ version a.pdf');
    const star = /filename\*=UTF-8''(.+)$/.exec(header)?.[1] ?? '';
    expect(decodeURIComponent(star)).toBe(name);
  });

  it('refuses a disguised type with 415 and keeps nothing', async () => {
    const before = await storedBlobs();
    const html = Buffer.from('<html><body><script>alert(1)</script></body></html>');
    for (const [content, type, name] of [
      [html, 'image/png', 'cat.png'],
      [html, 'application/pdf', 'doc.pdf'],
      [html, 'text/plain', 'notes.txt'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 'logo.svg'],
      [PDF, 'image/png', 'pdf-as.png'],
    ] as const) {
      const response = await upload(cast.clients.admin, cast.eventId, content, { type, name });
      expect(response.statusCode).toBe(415);
      expect(['files.typeMismatch', 'files.typeNotAllowed']).toContain(response.json().errors[0].code);
    }
    expect(await storedBlobs()).toEqual(before);
    // A real image declared as anything is stored as what its bytes are.
    const png = await upload(cast.clients.admin, cast.eventId, PNG, {
      type: 'application/octet-stream',
      name: 'p.png',
    });
    expect(png.json().file.mimeType).toBe('image/png');
  });

  it('answers 413 above UPLOAD_MAX_BYTES and removes the partial file', async () => {
    const before = await storedBlobs();
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX + 10, 0x20)]);
    const response = await upload(cast.clients.admin, cast.eventId, big);
    expect(response.statusCode).toBe(413);
    expect(response.json().errors[0]).toMatchObject({ code: 'files.tooLarge', field: 'file' });
    expect(await storedBlobs()).toEqual(before);
  });

  it('keeps the event within its quota', async () => {
    const fresh = await createCast(t.app, t.db, { name: 'Quota event' });
    const chunk = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(60 * 1024, 0x20)]);
    for (let n = 0; n < 3; n += 1)
      expect((await upload(fresh.clients.admin, fresh.eventId, chunk)).statusCode).toBe(201);
    const over = await upload(fresh.clients.admin, fresh.eventId, chunk);
    expect(over.statusCode).toBe(413);
    expect(over.json().errors[0].code).toBe('files.quotaExceeded');
    expect((await fresh.clients.admin.get(e(fresh))).json().files).toHaveLength(3);
  });

  it('lets only one of two simultaneous uploads take the last space (event lock)', async () => {
    const fresh = await createCast(t.app, t.db, { name: 'Race event' });
    const chunk = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(60 * 1024, 0x20)]);
    for (let n = 0; n < 2; n += 1)
      expect((await upload(fresh.clients.admin, fresh.eventId, chunk)).statusCode).toBe(201);
    const before = (await storedBlobs()).length;
    const results = await Promise.all([
      upload(fresh.clients.admin, fresh.eventId, chunk),
      upload(fresh.clients.admin, fresh.eventId, chunk),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 413]);
    expect((await fresh.clients.admin.get(e(fresh))).json().files).toHaveLength(3);
    expect((await storedBlobs()).length).toBe(before + 1);
  });

  it('renames, changes roles and deletes (admin only), removing the bytes', async () => {
    const file = (await upload(cast.clients.admin, cast.eventId, PDF, { name: 'Old.pdf', roles: '0' })).json().file;
    const path1 = `${e()}/${file.id}`;
    expect((await cast.clients.leaderA.post(path1, { name: 'New.pdf' })).statusCode).toBe(403);
    expect((await cast.clients.admin.post(path1, { name: 'a\u202Egnp.exe' })).statusCode).toBe(400);
    const renamed = await cast.clients.admin.post(path1, { name: 'New.pdf', roles: [2] });
    expect(renamed.json().file).toMatchObject({ name: 'New.pdf', roles: [0, 2] });
    expect((await cast.clients.volunteer.get(`${path1}/download`)).statusCode).toBe(200);

    const before = await storedBlobs();
    expect((await cast.clients.volunteer.delete(path1)).statusCode).toBe(403);
    expect((await cast.clients.admin.request('DELETE', path1, undefined, { csrf: null })).statusCode).toBe(403);
    expect((await cast.clients.admin.delete(path1)).statusCode).toBe(200);
    expect((await storedBlobs()).length).toBe(before.length - 1);
    expect((await cast.clients.admin.get(`${path1}/download`)).statusCode).toBe(404);
    const actions = (await auditOf(t.db, cast.eventId)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['file.updated', 'file.deleted']));
  });

  it('searches and sorts by name', async () => {
    const fresh = await createCast(t.app, t.db, { name: 'Sort event' });
    for (const name of ['b-map.pdf', 'A-plan.pdf', 'c-Plan.pdf'])
      await upload(fresh.clients.admin, fresh.eventId, PDF, { name });
    const list = async (query: string) =>
      ((await fresh.clients.volunteer.get(`${e(fresh)}?${query}`)).json().files as { name: string }[]).map(
        (f) => f.name,
      );
    expect(await list('sort=name')).toEqual(['A-plan.pdf', 'b-map.pdf', 'c-Plan.pdf']);
    expect(await list('sort=-name')).toEqual(['c-Plan.pdf', 'b-map.pdf', 'A-plan.pdf']);
    expect(await list('search=plan&sort=name')).toEqual(['A-plan.pdf', 'c-Plan.pdf']);
  });
});
