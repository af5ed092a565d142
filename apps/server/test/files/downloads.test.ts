import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, PNG_PIXEL } from '../account/helpers.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { createEvent, createUser, loginAs } from '../helpers/factories.js';

const run = promisify(execFile);
let t: TestApp;
let base: string;
let admin: TestClient;
let eventId: number;
const BIG = crypto.randomBytes(3 * 1024 * 1024 + 17);

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: String(8 * 1024 * 1024) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const user = await createUser(t.db);
  eventId = (await createEvent(t.db, { adminId: user.id })).id;
  admin = await loginAs(t.app, user);
});
afterAll(() => t.close());

async function upload(content: Buffer, name: string, type: string): Promise<string> {
  const body = multipart('file', name, type, content);
  const answer = await admin.request('POST', `/api/event/${eventId}/files`, undefined, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return `/api/event/${eventId}/files/${answer.json().file.id}/download`;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A real HTTP request over the listening server; `cutAfter` drops the connection once that many bytes came. */
function get(url: string, headers: Record<string, string> = {}, cutAfter?: number, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${url}`,
      { method, headers: { cookie: admin.cookie ?? '', 'accept-encoding': 'br, gzip', ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        let received = 0;
        const done = () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          received += chunk.length;
          if (cutAfter !== undefined && received >= cutAfter) {
            response.destroy();
            done();
          }
        });
        response.on('end', done);
        response.on('error', () => done());
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

describe(`resumable downloads on ${dialect}`, () => {
  it('sends a large file whole with its length, validators and Accept-Ranges, never compressed on the fly', async () => {
    const url = await upload(BIG, 'archive.zip', 'application/zip');
    const whole = await get(url);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-length']).toBe(String(BIG.length));
    expect(whole.headers['transfer-encoding']).toBeUndefined();
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(Date.parse(String(whole.headers['last-modified']))).toBeGreaterThan(Date.now() - 60_000);
    expect(sha(whole.body)).toBe(sha(BIG));
    // A text type, compressible, is sent as stored too: its length stays, so a browser shows progress.
    const text = Buffer.from('Smörgåsbord, rad för rad.\n'.repeat(80_000));
    const textUrl = await upload(text, 'rader.txt', 'text/plain');
    const plain = await get(textUrl);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(text.length));
    expect(plain.body.equals(text)).toBe(true);
  });

  it('resumes a download cut in the middle: Range with If-Range gives 206 and the rest, byte for byte', async () => {
    const url = await upload(BIG, 'resume.bin', 'application/octet-stream');
    const cut = await get(url, {}, 1024 * 1024);
    expect(cut.status).toBe(200);
    expect(cut.body.length).toBeGreaterThanOrEqual(1024 * 1024);
    expect(cut.body.length).toBeLessThan(BIG.length);
    const etag = String(cut.headers.etag);
    const rest = await get(url, { range: `bytes=${cut.body.length}-`, 'if-range': etag });
    expect(rest.status).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes ${cut.body.length}-${BIG.length - 1}/${BIG.length}`);
    expect(rest.headers['content-length']).toBe(String(BIG.length - cut.body.length));
    expect(sha(Buffer.concat([cut.body, rest.body]))).toBe(sha(BIG));
    // By date too (If-Range with Last-Modified), and a suffix range.
    const byDate = await get(url, { range: 'bytes=100-199', 'if-range': String(cut.headers['last-modified']) });
    expect(byDate.status).toBe(206);
    expect(byDate.body.equals(BIG.subarray(100, 200))).toBe(true);
    const tail = await get(url, { range: 'bytes=-100' });
    expect(tail.headers['content-range']).toBe(`bytes ${BIG.length - 100}-${BIG.length - 1}/${BIG.length}`);
    expect(tail.body.equals(BIG.subarray(-100))).toBe(true);
    // A validator that no longer matches: the whole file, not a piece of another version.
    const changed = await get(url, { range: 'bytes=100-199', 'if-range': '"another-version"' });
    expect(changed.status).toBe(200);
    expect(changed.body.length).toBe(BIG.length);
    // Several ranges: the whole file (the standard lets a server ignore Range).
    const several = await get(url, { range: 'bytes=0-9,20-29' });
    expect(several.status).toBe(200);
    expect(several.body.length).toBe(BIG.length);
  });

  it('resumes with curl -C - as the issue tried it', async () => {
    const url = await upload(BIG, 'curl.bin', 'application/octet-stream');
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'funkis-curl-'));
    const file = path.join(dir, 'curl.bin');
    await fs.writeFile(file, BIG.subarray(0, 1_234_567));
    const { stderr } = await run('curl', [
      '-sS',
      '-f',
      '-C',
      '-',
      '-o',
      file,
      '-H',
      `cookie: ${admin.cookie}`,
      `${base}${url}`,
    ]);
    expect(stderr).toBe('');
    expect(sha(await fs.readFile(file))).toBe(sha(BIG));
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('answers 416 with Content-Range past the end, and 304 / 412 to conditional requests', async () => {
    const url = await upload(BIG, 'conditional.bin', 'application/octet-stream');
    const past = await get(url, { range: `bytes=${BIG.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${BIG.length}`);
    expect(JSON.parse(past.body.toString())).toMatchObject({
      success: false,
      errors: [{ code: 'error.rangeNotSatisfiable', params: { size: BIG.length } }],
    });
    const first = await get(url, {}, 1);
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    const byEtag = await get(url, { 'if-none-match': `"x", W/${etag}` });
    expect(byEtag.status).toBe(304);
    expect(byEtag.body.length).toBe(0);
    expect(byEtag.headers.etag).toBe(etag);
    expect((await get(url, { 'if-modified-since': lastModified })).status).toBe(304);
    expect((await get(url, { 'if-modified-since': 'Thu, 01 Jan 2015 00:00:00 GMT' }, 1)).status).toBe(200);
    // If-None-Match decides when both are sent (RFC 9110 13.2.2).
    expect((await get(url, { 'if-none-match': '"other"', 'if-modified-since': lastModified }, 1)).status).toBe(200);
    expect((await get(url, { 'if-match': '"other"' })).status).toBe(412);
    expect((await get(url, { 'if-match': etag }, 1)).status).toBe(200);
    const head = await get(url, {}, undefined, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(BIG.length));
    expect(head.body.length).toBe(0);
  });

  it('serves a text file with the charset its bytes are in', async () => {
    const words = 'Smörgåsbord och kräftskiva\n';
    const utf8Url = await upload(Buffer.from(words, 'utf8'), 'utf8.txt', 'text/plain');
    const latin1Url = await upload(Buffer.from(words, 'latin1'), 'latin1.txt', 'text/plain');
    for (const [url, charset] of [
      [utf8Url, 'utf-8'],
      [latin1Url, 'windows-1252'],
    ] as const) {
      const answer = await get(url);
      expect(answer.headers['content-type']).toBe(`text/plain; charset=${charset}`);
      const declared = /charset=([\w-]+)/.exec(String(answer.headers['content-type']))?.[1];
      expect(new TextDecoder(declared).decode(answer.body)).toBe(words);
    }
  });

  it('gives avatars validators and ranges too', async () => {
    const body = multipart('file', 'me.png', 'image/png', PNG_PIXEL);
    const saved = await admin.request('POST', '/api/user/avatar', undefined, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const url = saved.json().user.avatar as string;
    const image = await get(url);
    expect(image.status).toBe(200);
    expect(image.headers['content-length']).toBe(String(PNG_PIXEL.length));
    expect(image.headers['cache-control']).toBe('private, max-age=86400');
    expect((await get(url, { 'if-none-match': String(image.headers.etag) })).status).toBe(304);
    const range = await get(url, { range: 'bytes=0-7' });
    expect(range.status).toBe(206);
    expect(range.body.equals(PNG_PIXEL.subarray(0, 8))).toBe(true);
  });
});
