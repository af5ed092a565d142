import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { TestClient } from '../helpers/client.js';
import type { TestUser } from '../helpers/factories.js';

/** One request a device's push service received. */
export interface PushedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A push service on a free loopback port, over https as real ones are (web-push speaks only https): a self-signed
 * certificate made with openssl, whose file the server trusts through PUSH_CA_FILE. `answer` decides each
 * request's status (default 201, as push services answer).
 */
export async function startPushService(): Promise<{
  origin: string;
  caFile: string;
  requests: PushedRequest[];
  answer: (request: PushedRequest) => number;
  setAnswer(answer: (request: PushedRequest) => number): void;
  close(): Promise<void>;
}> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'funkis-push-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const requests: PushedRequest[] = [];
  const state = { answer: (_request: PushedRequest) => 201 };
  const server = https.createServer(
    { key: await fs.readFile(keyFile), cert: await fs.readFile(certFile) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const pushed = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) };
        requests.push(pushed);
        response.statusCode = state.answer(pushed);
        response.end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    caFile: certFile,
    requests,
    get answer() {
      return state.answer;
    },
    setAnswer(answer) {
      state.answer = answer;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** A browser's subscription keys: a P-256 key pair and 16 random bytes of authentication secret. */
export function deviceKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/** A person signed in from a browser whose language cookie is `language`: the account keeps it for its notices. */
export async function signInWithLanguage(app: FastifyInstance, user: TestUser, language: 'en' | 'sv') {
  const client = new TestClient(app);
  if (language === 'sv') client.cookie = 'language=sv';
  await client.login(user.email, user.password);
  return client;
}

/** Subscribes a device of the signed-in person at `<push service>/device/<name>`; answers its keys, to decrypt. */
export async function subscribeDevice(client: TestClient, origin: string, name: string) {
  const device = deviceKeys();
  const answer = await client.post('/api/push/subscriptions', {
    endpoint: `${origin}/device/${name}`,
    keys: device.keys,
  });
  if (answer.statusCode !== 201) throw new Error(`subscribing ${name}: ${answer.statusCode} ${answer.body}`);
  return device;
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));

/**
 * Decrypts a push message body as the browser does: RFC 8188's aes128gcm header (salt, record size, the sender's
 * public key as key id), the RFC 8291 key derivation from the ECDH secret and the authentication secret, one record
 * whose padding ends with the delimiter 0x02.
 */
export function decryptPush(body: Buffer, device: { ecdh: crypto.ECDH; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('more than one record');
  const shared = device.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderPublic]);
  const ikm = hkdf(device.auth, shared, keyInfo, 32);
  const key = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record does not end with the delimiter 0x02');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks a VAPID `Authorization: vapid t=<JWT>, k=<public key>` header (RFC 8292): the key, and the JWT's ES256
 * signature under it. Returns the JWT's claims.
 */
export function verifyVapid(header: string, publicKey: string): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) throw new Error(`not a VAPID header: ${header}`);
  const [, token, key] = match;
  if (key !== publicKey) throw new Error('the header names another key');
  const [head, claims, signature] = token.split('.');
  const point = Buffer.from(key, 'base64url');
  const verifier = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: verifier, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the VAPID signature does not verify');
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  return JSON.parse(Buffer.from(claims, 'base64url').toString());
}
