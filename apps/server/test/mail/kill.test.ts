import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { addMember, createGroup, createUser, loginAs } from '../helpers/factories.js';
import { startSmtpServer } from '../helpers/smtp.js';
import { createMailEvent } from './fixtures.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let child: ChildProcess | null = null;
let recipients = 0;
const KILL_AT = 3;

beforeAll(async () => {
  // The third message's RCPT TO is where the worker process dies: two are delivered and recorded, the third
  // is in the middle of its SMTP transaction, the rest are claimed or waiting.
  smtp = await startSmtpServer({
    recipientRule: () => {
      recipients += 1;
      if (recipients === KILL_AT && child) {
        child.kill('SIGKILL');
        return { code: 421, text: 'going away' };
      }
      return undefined;
    },
  });
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_WORKER: 'off', MAIL_RATE_PER_MINUTE: '60000' });
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await t.close();
  await smtp.close();
});

describe(`mail worker killed with -9 on ${dialect}`, () => {
  it('loses nothing and sends nothing twice: a restarted worker delivers the rest once', async () => {
    const e = await createMailEvent(t.db);
    const group = await createGroup(t.db, e.event.id, 'Killed');
    const people = [];
    for (let index = 0; index < 6; index += 1) {
      const person = await createUser(t.db, { firstname: `Kill${index}`, email: `kill${index}-${Date.now()}@ok.test` });
      await addMember(t.db, e.event.id, person.id, 2, group.id);
      people.push(person);
    }

    child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'worker-process.ts')], {
      env: {
        ...process.env,
        WORKER_SMTP_URL: smtp.url,
        WORKER_DATABASE_URL: t.app.config.DATABASE_URL ?? '',
        WORKER_SQLITE_FILE: t.app.config.sqliteFile,
        WORKER_PG_SCHEMA: t.app.config.pgSchema ?? '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child?.once('exit', (_code, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve) => child?.stdout?.once('data', () => resolve()));

    const admin = await loginAs(t.app, e.admin);
    const sent = await admin.post(`/api/event/${e.event.id}/send-mail`, {
      receivers: { groupIds: [group.id] },
      subject: 'Kill -9',
      message: 'Hello {firstname}',
    });
    expect(sent.statusCode).toBe(201);

    expect(await exited).toBe('SIGKILL');
    expect(smtp.messages).toHaveLength(KILL_AT - 1);
    const atDeath = (await admin.get(`/api/event/${e.event.id}/get-mail/${sent.json().email.id}`)).json().email.counts;
    expect(atDeath.sent).toBe(KILL_AT - 1);
    expect(atDeath.sending).toBeGreaterThan(0);

    // The restarted server's worker takes over the dead one's claims once their lease has run out.
    await t.app.mail.worker.drain(15_000);
    for (const person of people) {
      expect(
        smtp.messages.filter((mail) => mail.to.includes(person.email)),
        person.email,
      ).toHaveLength(1);
    }
    const done = (await admin.get(`/api/event/${e.event.id}/get-mail/${sent.json().email.id}`)).json().email.counts;
    expect(done).toEqual({ queued: 0, sending: 0, sent: 6, failed: 0 });
  });
});
