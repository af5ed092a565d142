import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { addMember, createEvent, createUser, loginAs, type TestUser } from '../helpers/factories.js';
import { startSmtpServer, textOf } from '../helpers/smtp.js';
import { decryptPush, signInWithLanguage, startPushService, subscribeDevice } from './push-service.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let service: Awaited<ReturnType<typeof startPushService>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  service = await startPushService();
  // Both workers off: the test runs a reminder pass and empties the queue itself.
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_WORKER: 'off',
    REMINDER_WORKER: 'off',
    MAIL_RATE_PER_MINUTE: '60000',
    PUSH_CA_FILE: service.caFile,
  });
});
afterAll(async () => {
  await t.close();
  await service.close();
  await smtp.close();
});

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const mailsTo = (user: TestUser) => smtp.messages.filter((mail) => mail.to.includes(user.email));

describe(`shift reminders by push on ${dialect}`, () => {
  it('reminds by push where the person allows it, by the reminder mail otherwise', async () => {
    const adminUser = await createUser(t.db);
    const event = await createEvent(t.db, { adminId: adminUser.id, name: 'Lake festival' });
    const admin = await loginAs(t.app, adminUser);
    expect((await admin.post(`/api/event/${event.id}/settings`, { timeZone: 'Europe/Stockholm' })).statusCode).toBe(
      200,
    );
    const created = await admin.post(`/api/event/${event.id}/shifts`, {
      title: 'Gate',
      description: '',
      location: 'Main gate',
      startsAt: inHours(2),
      endsAt: inHours(4),
      capacity: 5,
      groupId: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    const shiftId = created.json().shift.id as number;

    const pushed = await createUser(t.db, { firstname: 'Sigrid' });
    const off = await createUser(t.db, { firstname: 'Otto' });
    const deviceless = await createUser(t.db, { firstname: 'Dora' });
    const sigrid = await signInWithLanguage(t.app, pushed, 'sv');
    const otto = await signInWithLanguage(t.app, off, 'en');
    await signInWithLanguage(t.app, deviceless, 'en');
    const device = await subscribeDevice(sigrid, service.origin, 'sigrid');
    await subscribeDevice(otto, service.origin, 'otto');
    const turnedOff = await otto.post('/api/account/notifications', {
      notifications: { shiftReminder: { push: false } },
    });
    expect(turnedOff.statusCode).toBe(200);

    for (const user of [pushed, off, deviceless]) {
      const eventUserId = await addMember(t.db, event.id, user.id, 2, null);
      const assigned = await admin.post(`/api/event/${event.id}/shifts/${shiftId}/assignments`, { eventUserId });
      expect(assigned.statusCode, assigned.body).toBe(201);
    }

    expect(await t.app.reminders.tick()).toBe(3);
    await t.app.mail.worker.drain();
    // Once only: the next pass finds nothing due.
    expect(await t.app.reminders.tick()).toBe(0);

    const toSigrid = service.requests.filter((request) => request.path === '/device/sigrid');
    expect(toSigrid).toHaveLength(1);
    const notice = JSON.parse(decryptPush(toSigrid[0].body, device));
    expect(notice).toMatchObject({
      title: 'Snart pass: Gate',
      url: `/event/${event.id}/scheduling`,
      kind: 'shiftReminder',
    });
    expect(notice.body).toMatch(/\(Europe\/Stockholm\) – Lake festival$/);
    expect(mailsTo(pushed)).toEqual([]);

    expect(service.requests.filter((request) => request.path === '/device/otto')).toEqual([]);
    for (const user of [off, deviceless]) {
      const [mail] = mailsTo(user);
      expect(mail, user.firstname).toBeDefined();
      const text = textOf(mail.raw);
      expect(text).toContain(`Hello ${user.firstname},`);
      expect(text).toContain('a reminder of your shift at Lake festival:');
    }
    const reasons = await t.db
      .selectFrom('mail_queue')
      .select(['reason', 'state'])
      .where('user_id', 'in', [pushed.id, off.id, deviceless.id])
      .orderBy('reason')
      .execute();
    expect(reasons).toEqual([
      { reason: 'push_shiftReminder', state: 'sent' },
      { reason: 'shift_reminder', state: 'sent' },
      { reason: 'shift_reminder', state: 'sent' },
    ]);
  });
});
