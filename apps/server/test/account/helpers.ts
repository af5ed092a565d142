import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { TestClient, type TestResponse } from '../helpers/client.js';

let sequence = 0;

/** A valid registration payload with an address no other test uses. */
export function registration(overrides: Partial<Record<'email' | 'firstname' | 'lastname' | 'password', string>> = {}) {
  sequence += 1;
  return {
    email: `person${sequence}-${Date.now().toString(36)}@example.test`,
    firstname: 'Åsa',
    lastname: 'Öberg',
    password: 'secret-password-1',
    ...overrides,
  };
}

export async function registerClient(app: FastifyInstance, overrides: Parameters<typeof registration>[0] = {}) {
  const client = new TestClient(app);
  const payload = registration(overrides);
  const response = await client.post('/api/register', payload);
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  return { client, payload, user: response.json().user as { id: number; email: string } };
}

/** The Set-Cookie line of the session cookie, or undefined. */
export function sessionCookieLine(response: Pick<TestResponse, 'headers'>): string | undefined {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [String(header)] : [];
  return lines.find((line) => line.startsWith('funkis_sid='));
}

/** A multipart/form-data body with one file part. */
export function multipart(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = `----funkis${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Decodes a quoted-printable mail body (soft line breaks and =XX escapes), enough to read links. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The password-reset link in a raw mail, and its token. */
export function resetLinkIn(raw: string): { link: string; token: string } {
  const text = /content-transfer-encoding:\s*quoted-printable/i.test(raw) ? decodeQuotedPrintable(raw) : raw;
  const match = text.match(/https?:\/\/\S+\/authentication\/password-reset\?token=([\w-]+)/);
  if (!match) throw new Error(`no reset link in mail:\n${raw}`);
  return { link: match[0], token: match[1] };
}

/** The smallest valid PNG: one transparent pixel. */
export const PNG_PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The address-confirmation link in a raw mail, and its token. */
export function confirmationLinkIn(raw: string): { link: string; token: string } | null {
  const text = /content-transfer-encoding:\s*quoted-printable/i.test(raw) ? decodeQuotedPrintable(raw) : raw;
  const match = text.match(/https?:\/\/\S+\/authentication\/confirm-email\?token=([\w-]+)/);
  return match ? { link: match[0], token: match[1] } : null;
}

/**
 * The token of the newest confirmation link mailed to `to`, for an app without SMTP (mail written as .eml files
 * under DATA_DIR/mail by the queue's worker, which this drains first).
 */
export async function confirmationTokenFromMailDir(app: FastifyInstance, dataDir: string, to: string): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    await app.mail.worker.drain();
    const files = await fs.readdir(dir).catch(() => [] as string[]);
    const found: { token: string; time: number }[] = [];
    for (const file of files) {
      const full = path.join(dir, file);
      const raw = await fs.readFile(full, 'utf8');
      const addressedTo = /^To: (.*)$/im.exec(raw)?.[1]?.toLowerCase() ?? '';
      const link = addressedTo.includes(to.toLowerCase()) ? confirmationLinkIn(raw) : null;
      if (link) found.push({ token: link.token, time: (await fs.stat(full)).mtimeMs });
    }
    const newest = found.sort((a, b) => a.time - b.time).at(-1);
    if (newest) return newest.token;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no confirmation link to ${to} in ${dir}`);
}
