import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailWorker } from '../../src/modules/mail/worker.js';
import type { Mailer } from '../../src/plugins/mailer.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { MovingClock } from '../helpers/clock.js';
import { addMember, createGroup, createUser, loginAs, type TestUser } from '../helpers/factories.js';
import { startSmtpServer, textOf } from '../helpers/smtp.js';
import { createMailEvent, type MailEvent } from './fixtures.js';

const REJECTED = 'gone@bounce.test';
const GREYLISTED = 'later@grey.test';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
/** The queue's time: back-offs and leases pass when the worker waits for them, without a real wait. */
const clock = new MovingClock();
let e: MailEvent;
let admin: TestClient;
beforeAll(async () => {
  smtp = await startSmtpServer({
    recipientRule: (address, attempt) => {
      if (address === REJECTED) return { code: 550, text: '5.1.1 No such mailbox' };
      if (address === GREYLISTED && attempt === 1) return { code: 451, text: '4.7.1 Greylisted, try again later' };
      return undefined;
    },
  });
  // The worker is driven by the tests (drain) so every step is deterministic. Back-off and lease are seconds long:
  // the clock passes them without the test waiting.
  t = await createTestApp(
    {
      SMTP_URL: smtp.url,
      MAIL_WORKER: 'off',
      MAIL_RETRY_BASE_MS: '5000',
      MAIL_LEASE_MS: '5000',
      MAIL_RATE_PER_MINUTE: '60000',
    },
    { clock },
  );
  e = await createMailEvent(t.db);
  admin = await loginAs(t.app, e.admin);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The settings of a worker a test starts beside the app's own: the app's lease and back-off (above). */
const WORKER_OPTIONS = {
  pollMs: 50,
  leaseMs: 5000,
  retryBaseMs: 5000,
  maxAttempts: 5,
  messageIdDomain: 'funkis.test',
  defaultRatePerMinute: 60_000,
};

const received = (address: string) => smtp.messages.filter((mail) => mail.to.includes(address));

async function addVolunteers(count: number, prefix: string): Promise<TestUser[]> {
  const group = await createGroup(t.db, e.event.id, `${prefix} group`);
  const users: TestUser[] = [];
  for (let index = 0; index < count; index += 1) {
    const user = await createUser(t.db, {
      firstname: `${prefix}${index}`,
      email: `${prefix}${index}-${Date.now()}@ok.test`,
    });
    await addMember(t.db, e.event.id, user.id, 2, group.id);
    users.push(user);
  }
  return Object.assign(users, { groupId: group.id });
}

describe(`mail delivery through a real SMTP server on ${dialect}`, () => {
  it('delivers to everyone once, stops at a 5xx, retries a 4xx until accepted', async () => {
    const people = (await addVolunteers(3, 'deliver')) as TestUser[] & { groupId: number };
    const rejected = await createUser(t.db, { firstname: 'Gone', email: REJECTED });
    const greylisted = await createUser(t.db, { firstname: 'Grey', email: GREYLISTED });
    await addMember(t.db, e.event.id, rejected.id, 2, people.groupId);
    await addMember(t.db, e.event.id, greylisted.id, 2, people.groupId);

    const sent = await admin.post(`/api/event/${e.event.id}/send-mail`, {
      receivers: { groupIds: [people.groupId] },
      subject: 'Shift plan',
      message: 'Hello {firstname},\n\nthe plan is out.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const email = sent.json().email;
    expect(email.receivers).toHaveLength(5);
    expect(email.receivers.every((r: { state: string }) => r.state === 'queued')).toBe(true);
    expect(email.counts).toEqual({ queued: 5, sending: 0, sent: 0, failed: 0 });

    await t.app.mail.worker.drain();

    for (const person of people) {
      const copies = received(person.email);
      expect(copies, person.email).toHaveLength(1);
      const text = textOf(copies[0].raw);
      expect(text).toContain(`Hello ${person.firstname},\n\nthe plan is out.`);
      expect(text).toContain(`Admin Tester sent this e-mail from the event "${e.event.name}" in Funkis.`);
      expect(text).toContain('You get it because you are a member of the group deliver group.');
      expect(copies[0].raw).toMatch(/^Reply-To: .*$/m);
      expect(copies[0].raw).not.toMatch(/^List-Unsubscribe/im);
    }
    expect(received(REJECTED)).toHaveLength(0);
    expect(received(GREYLISTED)).toHaveLength(1);

    const after = await admin.get(`/api/event/${e.event.id}/get-mail/${email.id}`);
    const byEmail = Object.fromEntries(after.json().email.receivers.map((r: { email: string }) => [r.email, r]));
    expect(byEmail[REJECTED]).toMatchObject({ state: 'failed', attempts: 1 });
    expect(byEmail[REJECTED].error).toContain('550');
    expect(byEmail[GREYLISTED]).toMatchObject({ state: 'sent', attempts: 2, error: null });
    expect(after.json().email.counts).toEqual({ queued: 0, sending: 0, sent: 4, failed: 1 });
  });

  it('lets the admin retry the failed receivers, who are then sent again once', async () => {
    const people = (await addVolunteers(1, 'retry')) as TestUser[] & { groupId: number };
    const flaky = await createUser(t.db, { firstname: 'Flaky', email: `flaky-${Date.now()}@flaky.test` });
    await addMember(t.db, e.event.id, flaky.id, 2, people.groupId);
    let refuse = true;
    const original = t.app.mailer.send;
    // The receiving server said no for a while (as a full mailbox would); the admin retries once it is fixed.
    t.app.mailer.send = async (mail) => {
      const to = typeof mail.to === 'string' ? mail.to : mail.to.address;
      if (refuse && to === flaky.email) throw Object.assign(new Error('mailbox full'), { responseCode: 552 });
      return original(mail);
    };
    try {
      const sent = await admin.post(`/api/event/${e.event.id}/send-mail`, {
        receivers: { groupIds: [people.groupId] },
        subject: 'Retry me',
        message: 'Hello',
      });
      await t.app.mail.worker.drain();
      const emailId = sent.json().email.id;
      const failed = await admin.get(`/api/event/${e.event.id}/get-mail/${emailId}`);
      expect(failed.json().email.counts).toMatchObject({ sent: 1, failed: 1 });
      refuse = false;
      const retried = await admin.post(`/api/event/${e.event.id}/get-mail/${emailId}/retry`);
      expect(retried.statusCode).toBe(200);
      expect(retried.json().email.counts).toMatchObject({ sent: 1, queued: 1, failed: 0 });
      await t.app.mail.worker.drain();
      expect(received(flaky.email)).toHaveLength(1);
      expect(received(people[0].email)).toHaveLength(1);
      const again = await admin.post(`/api/event/${e.event.id}/get-mail/${emailId}/retry`);
      expect(again.statusCode).toBe(409);
    } finally {
      t.app.mailer.send = original;
    }
  });

  it('loses nothing and sends nothing twice when a worker dies mid-queue', async () => {
    const people = (await addVolunteers(8, 'crash')) as TestUser[] & { groupId: number };
    const sent = await admin.post(`/api/event/${e.event.id}/send-mail`, {
      receivers: { groupIds: [people.groupId] },
      subject: 'Crash test',
      message: 'Hello',
    });
    expect(sent.statusCode).toBe(201);
    // The rate spaces the eight by 1 ms each: let all of them fall due so one claim takes the whole batch.
    clock.advance(50);

    // Worker A claims the whole batch, delivers two, then freezes for good in the middle of the third, as a
    // process killed with -9 would: its claimed rows stay `sending` under its lease.
    let delivered = 0;
    const dying: Mailer = {
      async send(mail) {
        if (delivered === 2) return new Promise<void>(() => {});
        delivered += 1;
        return t.app.mailer.send(mail);
      },
    };
    const workerA = createMailWorker(t.db, dying, t.app.log, WORKER_OPTIONS, clock);
    const claimedAt = clock.now();
    void workerA.runOnce();
    const countsNow = async () =>
      (await admin.get(`/api/event/${e.event.id}/get-mail/${sent.json().email.id}`)).json().email.counts;
    const deadline = Date.now() + 5000;
    while ((await countsNow()).sent < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const midway = await countsNow();
    expect(midway, JSON.stringify(midway)).toEqual({ queued: 0, sending: 6, sent: 2, failed: 0 });

    // A restarted server's worker takes over once the dead one's lease has run out (5 s on the queue's clock).
    await t.app.mail.worker.drain();
    expect(clock.now() - claimedAt).toBeGreaterThanOrEqual(5000);
    for (const person of people) expect(received(person.email), person.email).toHaveLength(1);
    const done = await admin.get(`/api/event/${e.event.id}/get-mail/${sent.json().email.id}`);
    expect(done.json().email.counts).toEqual({ queued: 0, sending: 0, sent: 8, failed: 0 });
  });

  it('lets two workers drain one queue side by side without sending anything twice', async () => {
    const people = (await addVolunteers(12, 'pair')) as TestUser[] & { groupId: number };
    await admin.post(`/api/event/${e.event.id}/send-mail`, {
      receivers: { groupIds: [people.groupId] },
      subject: 'Two workers',
      message: 'Hello',
    });
    const second = createMailWorker(t.db, t.app.mailer, t.app.log, { ...WORKER_OPTIONS, batchSize: 3 }, clock);
    // Each takes what is due until nothing is left, waiting in real time: a drain waits on the queue's clock, which
    // it moves, and a worker idle beside a busy one would move it past the busy one's lease.
    const waiting = async () =>
      Number(
        (
          await t.db
            .selectFrom('mail_queue')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('state', 'in', ['queued', 'sending'])
            .executeTakeFirstOrThrow()
        ).n,
      );
    const deadline = Date.now() + 10_000;
    const empty = async (worker: { runOnce(): Promise<number> }) => {
      while ((await worker.runOnce()) > 0 || (await waiting()) > 0) {
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    };
    await Promise.all([empty(t.app.mail.worker), empty(second)]);
    for (const person of people) expect(received(person.email), person.email).toHaveLength(1);
  });

  it('spaces the messages of one event by the configured rate', async () => {
    const ratedClock = new MovingClock();
    const rated = await createTestApp(
      { SMTP_URL: smtp.url, MAIL_WORKER: 'off', MAIL_RATE_PER_MINUTE: '600' },
      { clock: ratedClock },
    );
    try {
      const r = await createMailEvent(rated.db);
      const client = await loginAs(rated.app, r.admin);
      const preview = await client.post(`/api/event/${r.event.id}/mail-receivers/preview`, {
        receivers: { roleLevels: [0, 1, 2] },
      });
      expect(preview.json()).toMatchObject({ total: 5, ratePerMinute: 600, estimatedSeconds: 1 });
      await client.post(`/api/event/${r.event.id}/send-mail`, {
        receivers: { roleLevels: [0, 1, 2] },
        subject: 'Rated',
        message: 'Hello',
      });
      const second = await client.post(`/api/event/${r.event.id}/mail-receivers/preview`, {
        receivers: { roleLevels: [2] },
      });
      // The five already waiting come first: eight messages at 10 a second.
      expect(second.json().estimatedSeconds).toBe(1);
      const rows = await rated.db
        .selectFrom('mail_queue')
        .select('next_attempt_at')
        .where('event_id', '=', r.event.id)
        .orderBy('next_attempt_at')
        .execute();
      const times = rows.map((row) => Date.parse(row.next_attempt_at));
      for (let index = 1; index < times.length; index += 1) expect(times[index] - times[index - 1]).toBe(100);
      // Five messages 100 ms apart: the worker waits out the spacing on the queue's clock, not the test.
      const started = ratedClock.now();
      await rated.app.mail.worker.drain();
      expect(ratedClock.now() - started).toBeGreaterThanOrEqual(350);
      expect(smtp.messages.filter((mail) => /^Subject: Rated\r?$/m.test(mail.raw))).toHaveLength(5);
    } finally {
      await rated.close();
    }
  });
});
