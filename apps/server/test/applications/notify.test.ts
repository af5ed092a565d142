import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { createGroup, loginAs, type TestUser } from '../helpers/factories.js';
import { type ReceivedMail, startSmtpServer, textOf } from '../helpers/smtp.js';
import { createApplicant, createReviewWorld, type ReviewWorld, statusesOf } from './fixtures.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let world: ReviewWorld;
let admin: TestClient;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // The worker is off: each test empties the queue itself (drain), so what was queued is what arrives.
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_WORKER: 'off', MAIL_RATE_PER_MINUTE: '60000' });
  world = await createReviewWorld(t);
  admin = await loginAs(t.app, world.admin);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const updateUrl = () => `/api/event/${world.eventId}/applications/update`;
const mailsTo = (user: TestUser) => smtp.messages.filter((mail) => mail.to.includes(user.email));
const headerOf = (mail: ReceivedMail, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)))?.[1] ?? '';
/** Messages queued for these people about a status change, sent or not. */
const queuedFor = (users: TestUser[]) =>
  t.db
    .selectFrom('mail_queue')
    .select(['user_id', 'to_email', 'subject', 'body_text', 'state'])
    .where(
      'user_id',
      'in',
      users.map((user) => user.id),
    )
    .where('reason', '=', 'application_status')
    .execute();
const setLanguage = (user: TestUser, language: string) =>
  t.db.updateTable('users').set({ language }).where('id', '=', user.id).execute();

const notice = { subject: 'News about your application', message: 'Hello {firstname},\n\nWelcome to the team!' };

describe(`notifying applicants of a status change on ${dialect}`, () => {
  it('mails each applicant whose status changed once, in their language, with the reviewer as reply-to', async () => {
    const anna = await createApplicant(t.db, world.eventId, { firstname: 'Anna', groupId: world.bar.id });
    const bo = await createApplicant(t.db, world.eventId, { firstname: 'Bo', groupId: world.bar.id });
    const cilla = await createApplicant(t.db, world.eventId, {
      firstname: 'Cilla',
      groupId: world.bar.id,
      status: 'accepted',
    });
    await setLanguage(bo.user, 'sv');
    const response = await admin.post(updateUrl(), {
      ids: [anna.id, bo.id, cilla.id],
      status: 'accepted',
      notify: notice,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ updated: 2, notified: 2 });

    // Queued with the change, one per changed applicant: Cilla was accepted already.
    const queued = await queuedFor([anna.user, bo.user, cilla.user]);
    expect(queued.map((row) => row.user_id).sort()).toEqual([anna.user.id, bo.user.id].sort());

    await t.app.mail.worker.drain();
    expect(mailsTo(cilla.user)).toHaveLength(0);
    const [toAnna] = mailsTo(anna.user);
    const [toBo] = mailsTo(bo.user);
    expect(mailsTo(anna.user)).toHaveLength(1);
    expect(mailsTo(bo.user)).toHaveLength(1);
    expect(headerOf(toAnna, 'Subject')).toBe(notice.subject);
    expect(headerOf(toAnna, 'Reply-To')).toContain(world.admin.email);
    expect(headerOf(toAnna, 'From')).toContain('Ada Admin via Funkis');
    const english = textOf(toAnna.raw);
    expect(english).toContain('Ada Admin sent you this message from the event');
    expect(english).toContain('Hello Anna,\n\nWelcome to the team!');
    expect(english).toContain('You get it because your application to the group Bar is accepted.');
    const swedish = textOf(toBo.raw);
    expect(swedish).toContain('Ada Admin skickade dig detta meddelande från evenemanget');
    expect(swedish).toContain('Hello Bo,\n\nWelcome to the team!');
    expect(swedish).toContain('Du får det eftersom din ansökan till gruppen Bar har status antagen.');

    // Nothing more is queued by a second drain: exactly once.
    await t.app.mail.worker.drain();
    expect(mailsTo(anna.user)).toHaveLength(1);
  });

  it('mails nobody without the notification, and queues nothing when the update fails', async () => {
    const plain = await createApplicant(t.db, world.eventId, { groupId: world.bar.id });
    expect((await admin.post(updateUrl(), { ids: [plain.id], status: 'rejected' })).statusCode).toBe(200);

    // An application of another event in the selection: the whole update is refused inside its transaction.
    const other = await createReviewWorld(t);
    const foreign = await createApplicant(t.db, other.eventId, {});
    const failing = await createApplicant(t.db, world.eventId, { groupId: world.bar.id });
    const refused = await admin.post(updateUrl(), {
      ids: [failing.id, foreign.id],
      status: 'accepted',
      notify: notice,
    });
    expect(refused.statusCode).toBe(400);
    expect((await statusesOf(t.db, [failing.id]))[failing.id].status).toBe('pending');
    expect(await queuedFor([plain.user, failing.user, foreign.user])).toEqual([]);
    await t.app.mail.worker.drain();
    expect([...mailsTo(plain.user), ...mailsTo(failing.user), ...mailsTo(foreign.user)]).toEqual([]);
  });

  it('lets a leader notify their own group’s applicants, and refuses a volunteer and another group’s leader', async () => {
    const own = await createApplicant(t.db, world.eventId, { firstname: 'Own', groupId: world.bar.id });
    const stageApplicant = await createApplicant(t.db, world.eventId, { groupId: world.stage.id });

    const volunteer = await loginAs(t.app, world.volunteer);
    const byVolunteer = await volunteer.post(updateUrl(), { ids: [own.id], status: 'accepted', notify: notice });
    expect(byVolunteer.statusCode).toBe(403);

    const leader = await loginAs(t.app, world.leader);
    // Their own applicant beside another group's: nobody is changed or mailed.
    const otherGroup = await leader.post(updateUrl(), {
      ids: [own.id, stageApplicant.id],
      status: 'rejected',
      notify: notice,
    });
    expect(otherGroup.statusCode).toBe(403);
    expect(otherGroup.json().errorMessages).toEqual(['You can only change applications of your own group.']);

    // A leader of another event's group (admin there) is no reviewer here at all.
    const elsewhere = await createReviewWorld(t);
    const stranger = await loginAs(t.app, elsewhere.leader);
    expect((await stranger.post(updateUrl(), { ids: [own.id], status: 'accepted', notify: notice })).statusCode).toBe(
      403,
    );

    expect(await queuedFor([own.user, stageApplicant.user])).toEqual([]);
    await t.app.mail.worker.drain();
    expect([...mailsTo(own.user), ...mailsTo(stageApplicant.user)]).toEqual([]);
    const after = await statusesOf(t.db, [own.id, stageApplicant.id]);
    expect([after[own.id].status, after[stageApplicant.id].status]).toEqual(['pending', 'pending']);

    const allowed = await leader.post(updateUrl(), { ids: [own.id], status: 'reserve', notify: notice });
    expect(allowed.statusCode, allowed.body).toBe(200);
    await t.app.mail.worker.drain();
    const [mail] = mailsTo(own.user);
    expect(mailsTo(own.user)).toHaveLength(1);
    expect(headerOf(mail, 'Reply-To')).toContain(world.leader.email);
    expect(textOf(mail.raw)).toContain('Leo Leader sent you this message');
    expect(textOf(mail.raw)).toContain('your application to the group Bar is reserve');
  });

  it('notifies those of a filter update whose status changes, with the group the update sets', async () => {
    const kitchen = await createGroup(t.db, world.eventId, 'Kitchen');
    const a = await createApplicant(t.db, world.eventId, { groupId: kitchen.id, status: 'staged' });
    const b = await createApplicant(t.db, world.eventId, { groupId: kitchen.id, status: 'staged' });
    const response = await admin.post(updateUrl(), {
      filter: { groupId: String(kitchen.id), status: 'staged' },
      status: 'accepted',
      groupId: world.stage.id,
      notify: notice,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().updated).toBe(2);
    await t.app.mail.worker.drain();
    for (const applicant of [a, b]) {
      expect(mailsTo(applicant.user)).toHaveLength(1);
      expect(textOf(mailsTo(applicant.user)[0].raw)).toContain('your application to the group Stage is accepted');
    }
  });

  it('refuses a notification without a status, and subjects and messages out of bounds', async () => {
    const applicant = await createApplicant(t.db, world.eventId, { groupId: world.bar.id });
    const cases = [
      [{ ids: [applicant.id], groupId: world.stage.id, notify: notice }, 'error.applicationsNotifyWithoutStatus'],
      [{ ids: [applicant.id], status: 'accepted', notify: { ...notice, subject: ' ' } }, 'mail.subjectRequired'],
      [{ ids: [applicant.id], status: 'accepted', notify: { ...notice, message: '' } }, 'mail.messageRequired'],
      [
        { ids: [applicant.id], status: 'accepted', notify: { ...notice, subject: 'x'.repeat(201) } },
        'mail.subjectTooLong',
      ],
      [
        { ids: [applicant.id], status: 'accepted', notify: { ...notice, message: 'x'.repeat(5001) } },
        'error.applicationsNotifyTooLong',
      ],
    ] as const;
    for (const [body, code] of cases) {
      const response = await admin.post(updateUrl(), body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body).toContain(code);
    }
    expect((await statusesOf(t.db, [applicant.id]))[applicant.id]).toEqual({
      status: 'pending',
      groupId: world.bar.id,
    });
    expect(await queuedFor([applicant.user])).toEqual([]);
  });
});
