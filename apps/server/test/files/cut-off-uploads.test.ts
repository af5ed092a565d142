import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { createEvent, createUser, loginAs } from '../helpers/factories.js';

/**
 * Uploads whose body is broken, over real sockets against a listening server: a multipart body that ends without
 * its closing boundary, one whose sender stops sending, one whose sender goes away, and one without a boundary.
 * Each is answered (400, or 408 within UPLOAD_TIMEOUT_MS) or its connection closed, leaves no file in
 * `files/.incoming` and gives every descriptor back.
 */
const TIMEOUT_MS = 1500;
let t: TestApp;
let admin: TestClient;
let port: number;
let eventId: number;
let routes: { name: string; path: string }[];

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_TIMEOUT_MS: String(TIMEOUT_MS) });
  const adminUser = await createUser(t.db);
  eventId = (await createEvent(t.db, { adminId: adminUser.id })).id;
  admin = await loginAs(t.app, adminUser);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  routes = [
    { name: 'event file', path: `/api/event/${eventId}/files` },
    { name: 'event avatar', path: `/api/event/${eventId}/avatar` },
    { name: 'user avatar', path: '/api/user/avatar' },
  ];
});
afterAll(() => t.close());

const BOUNDARY = '----funkisCutOff';
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A file part's start and some bytes of a PNG, with no closing boundary after it. */
const partialBody = () =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="roles"\r\n\r\n0,1,2\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG_HEAD,
    Buffer.alloc(20_000, 7),
  ]);

interface RawAnswer {
  status: number | null;
  body: string;
  /** The server closed the connection. */
  closed: boolean;
  ms: number;
}

/**
 * Sends the request head and `body`, then, as `after` says: nothing more while keeping the socket open (`stall`),
 * or closes it (`abort`). `contentLength` may promise more than is sent. Resolves with the answer, or with no
 * status when the server only closed the connection; gives up after `waitMs`.
 */
function rawRequest(
  url: string,
  body: Buffer,
  options: {
    contentType?: string;
    contentLength?: number;
    after?: 'stall' | 'abort';
    waitMs?: number;
    /** Resolve only when the server closes the connection (not at the end of its answer). */
    untilClosed?: boolean;
  } = {},
): Promise<RawAnswer> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(giveUp);
      const text = received.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({
        status: status ? Number(status[1]) : null,
        body: text.slice(text.indexOf('\r\n\r\n') + 4),
        closed,
        ms: Date.now() - started,
      });
      socket.destroy();
    };
    const giveUp = setTimeout(() => finish(false), options.waitMs ?? TIMEOUT_MS + 4000);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      const text = received.toString('latin1');
      const headEnd = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(text);
      const isWhole = headEnd >= 0 && length && received.length >= headEnd + 4 + Number(length[1]);
      if (isWhole && !options.untilClosed) finish(false);
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.write(
      `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${admin.cookie}\r\nx-csrf-token: ${admin.csrf}\r\n` +
        `Content-Type: ${options.contentType ?? `multipart/form-data; boundary=${BOUNDARY}`}\r\n` +
        `Content-Length: ${options.contentLength ?? body.length}\r\n\r\n`,
    );
    socket.write(body, () => {
      if (options.after === 'abort') setTimeout(() => socket.destroy(), 100);
    });
  });
}

const openDescriptors = async () => (await fs.readdir('/proc/self/fd')).length;
const incomingFiles = async () => fs.readdir(path.join(t.dataDir, 'files', '.incoming')).catch(() => [] as string[]);

/** Waits (at most 3 s) for the files and descriptors a request held to be given back. */
async function expectCleanedUp(descriptorsBefore: number) {
  const deadline = Date.now() + 3000;
  for (;;) {
    const [incoming, descriptors] = [await incomingFiles(), await openDescriptors()];
    if ((incoming.length === 0 && descriptors <= descriptorsBefore) || Date.now() > deadline) {
      expect(incoming).toEqual([]);
      expect(descriptors).toBeLessThanOrEqual(descriptorsBefore);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The descriptors in use when no request is under way, after enough requests at once that the PostgreSQL pool has
 * opened every connection it will (it keeps idle ones): what is counted afterwards is what the uploads left.
 */
async function quietDescriptors(): Promise<number> {
  const answers = await Promise.all(Array.from({ length: 12 }, () => admin.get(`/api/event/${eventId}/files`)));
  for (const answer of answers) expect(answer.statusCode).toBe(200);
  return openDescriptors();
}

describe(`cut-off and malformed uploads over real sockets on ${dialect}`, () => {
  it('answers 400 to a body that ends without its closing boundary, on all three upload routes', async () => {
    for (const route of routes) {
      const before = await quietDescriptors();
      const answers = await Promise.all(Array.from({ length: 5 }, () => rawRequest(route.path, partialBody())));
      for (const answer of answers) {
        expect(answer.status, `${route.name}: ${answer.body}`).toBe(400);
        expect(answer.ms).toBeLessThan(TIMEOUT_MS);
        const body = JSON.parse(answer.body);
        expect(body.success).toBe(false);
        expect(body.errors).toEqual([expect.objectContaining({ code: 'error.multipartInvalid' })]);
      }
      await expectCleanedUp(before);
    }
  });

  it('answers 408 within the bound when the sender stops sending, and closes the connection', async () => {
    for (const route of routes) {
      const before = await quietDescriptors();
      const body = partialBody();
      const answer = await rawRequest(route.path, body, {
        contentLength: body.length + 100_000,
        after: 'stall',
        untilClosed: true,
      });
      expect(answer.status, `${route.name}: ${answer.body}`).toBe(408);
      expect(answer.closed).toBe(true);
      expect(JSON.parse(answer.body).errors).toEqual([expect.objectContaining({ code: 'error.uploadTimeout' })]);
      expect(answer.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(answer.ms).toBeLessThan(TIMEOUT_MS + 1000);
      await expectCleanedUp(before);
    }
  });

  it('removes the partial file and gives the descriptors back when the sender goes away', async () => {
    for (const route of routes) {
      const before = await quietDescriptors();
      const body = partialBody();
      await Promise.all(
        Array.from({ length: 5 }, () =>
          rawRequest(route.path, body, { contentLength: body.length + 100_000, after: 'abort', waitMs: 1000 }),
        ),
      );
      await expectCleanedUp(before);
    }
  });

  it('answers 400 to a multipart body without a boundary, on all three upload routes', async () => {
    for (const route of routes) {
      const before = await quietDescriptors();
      const answer = await rawRequest(route.path, partialBody(), { contentType: 'multipart/form-data' });
      expect(answer.status, `${route.name}: ${answer.body}`).toBe(400);
      expect(JSON.parse(answer.body).errors).toEqual([expect.objectContaining({ code: 'error.multipartInvalid' })]);
      await expectCleanedUp(before);
    }
  });

  it('still takes a whole upload after all that', async () => {
    const body = Buffer.concat([partialBody(), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
    const answer = await rawRequest(`/api/event/${eventId}/files`, body);
    expect(answer.status, answer.body).toBe(201);
    expect(await incomingFiles()).toEqual([]);
  });
});
