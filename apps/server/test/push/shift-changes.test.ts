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

describe(`changes to my shifts by push on ${dialect}`, () => {
  it('tells a changed time, a removed place and a cancelled shift by push, and by the mail to those without push', async () => {
    const adminUser = await createUser(t.db);
    const event = await createEvent(t.db, { adminId: adminUser.id, name: 'Lake festival' });
    const admin = await loginAs(t.app, adminUser);
    const shiftOf = async (title: string, start: number) => {
      const created = await admin.post(`/api/event/${event.id}/shifts`, {
        title,
        description: '',
        location: 'Main gate',
        startsAt: inHours(start),
        endsAt: inHours(start + 2),
        capacity: 5,
        groupId: null,
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().shift.id as number;
    };
    const gate = await shiftOf('Gate', 30);
    const bar = await shiftOf('Bar', 40);

    const pushedUser = await createUser(t.db, { firstname: 'Sigrid' });
    const offUser = await createUser(t.db, { firstname: 'Otto' });
    const sigrid = await signInWithLanguage(t.app, pushedUser, 'sv');
    const otto = await signInWithLanguage(t.app, offUser, 'en');
    const device = await subscribeDevice(sigrid, service.origin, 'sigrid');
    await subscribeDevice(otto, service.origin, 'otto');
    // Otto keeps reminders by push but wants changes by e-mail.
    const off = await otto.post('/api/account/notifications', { notifications: { shiftChange: { push: false } } });
    expect(off.statusCode).toBe(200);

    const places = new Map<number, number>();
    for (const user of [pushedUser, offUser]) {
      const eventUserId = await addMember(t.db, event.id, user.id, 2, null);
      for (const shiftId of [gate, bar]) {
        const assigned = await admin.post(`/api/event/${event.id}/shifts/${shiftId}/assignments`, { eventUserId });
        expect(assigned.statusCode, assigned.body).toBe(201);
        if (user === pushedUser && shiftId === bar) places.set(shiftId, assigned.json().assignment.id);
      }
    }

    const moved = await admin.post(`/api/event/${event.id}/shifts/${gate}`, {
      startsAt: inHours(31),
      endsAt: inHours(33),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const removed = await admin.delete(`/api/event/${event.id}/shifts/${bar}/assignments/${places.get(bar)}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const cancelled = await admin.delete(`/api/event/${event.id}/shifts/${gate}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.app.mail.worker.drain();

    const notices = service.requests
      .filter((request) => request.path === '/device/sigrid')
      .map((request) => JSON.parse(decryptPush(request.body, device)));
    expect(notices.map((notice) => notice.title)).toEqual([
      'Ditt pass har ändrats: Gate',
      'Du är inte längre med på: Bar',
      'Passet är inställt: Gate',
    ]);
    for (const notice of notices) {
      expect(notice).toMatchObject({ url: `/event/${event.id}/scheduling`, kind: 'shiftChange' });
      expect(notice.body).toMatch(/– Lake festival$/);
    }
    expect(mailsTo(pushedUser)).toEqual([]);

    // Push off for changes: nothing reaches Otto's device, the change comes as the usual mail.
    expect(service.requests.filter((request) => request.path === '/device/otto')).toEqual([]);
    const subjects = mailsTo(offUser).map((mail) => textOf(mail.raw));
    expect(subjects.some((text) => text.includes('an organiser of Lake festival changed a shift you have.'))).toBe(
      true,
    );
    expect(mailsTo(offUser)).toHaveLength(2);
  });
});
