import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { addMember, createEvent, createUser, loginAs, type TestUser } from '../helpers/factories.js';
import { type ReceivedMail, startSmtpServer, textOf } from '../helpers/smtp.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  // Both workers off: the test runs a reminder pass and empties the queue itself.
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_WORKER: 'off',
    REMINDER_WORKER: 'off',
    MAIL_RATE_PER_MINUTE: '60000',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/** Logs in with the web's language cookie: the account remembers the language for later mail. */
async function loginSwedish(user: TestUser): Promise<TestClient> {
  const client = new TestClient(t.app);
  client.cookie = 'language=sv';
  await client.login(user.email, user.password);
  return client;
}

const mailsTo = (user: TestUser) => smtp.messages.filter((mail) => mail.to.includes(user.email));
const bodyOf = (mail: ReceivedMail) => textOf(mail.raw);

/** The Subject header, unfolded and with its MIME encoded-words (RFC 2047) decoded. */
function subjectOf(mail: ReceivedMail): string {
  const headers = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  const value = /^Subject: (.*)$/m.exec(headers)?.[1] ?? '';
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

async function setup(name: string, settings?: { reminderHours: number }) {
  const adminUser = await createUser(t.db);
  const event = await createEvent(t.db, { adminId: adminUser.id, name });
  const admin = await loginAs(t.app, adminUser);
  expect((await admin.post(`/api/event/${event.id}/settings`, { timeZone: 'Europe/Stockholm' })).statusCode).toBe(200);
  if (settings) {
    const saved = await admin.post(`/api/event/${event.id}/scheduling-settings`, {
      minRestMinutes: 0,
      selfSignupGroupIds: [],
      signOffClosesHours: 0,
      ...settings,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.reminderHours).toBe(settings.reminderHours);
  }
  const shift = async (title: string, startsInHours: number, location = 'Main gate') => {
    const response = await admin.post(`/api/event/${event.id}/shifts`, {
      title,
      description: '',
      location,
      startsAt: inHours(startsInHours),
      endsAt: inHours(startsInHours + 2),
      capacity: 5,
      groupId: null,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().shift.id as number;
  };
  const assign = async (shiftId: number, eventUserId: number) => {
    const response = await admin.post(`/api/event/${event.id}/shifts/${shiftId}/assignments`, { eventUserId });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().assignment.id as number;
  };
  return { eventId: event.id, admin, shift, assign };
}

describe(`shift reminders and change mail on ${dialect}`, () => {
  it('reminds each assignment once, in the reader language, within each event’s reminder time', async () => {
    const english = await createUser(t.db, { firstname: 'Edith' });
    const swedish = await createUser(t.db, { firstname: 'Sigrid' });
    await loginAs(t.app, english);
    await loginSwedish(swedish);

    const daily = await setup('Lake festival');
    const englishId = await addMember(t.db, daily.eventId, english.id, 2, null);
    const swedishId = await addMember(t.db, daily.eventId, swedish.id, 2, null);
    const soon = await daily.shift('Gate', 2);
    const later = await daily.shift('Bar', 30);
    await daily.assign(soon, englishId);
    await daily.assign(soon, swedishId);
    await daily.assign(later, englishId);

    const early = await setup('Forest camp', { reminderHours: 48 });
    const earlyId = await addMember(t.db, early.eventId, english.id, 2, null);
    await early.assign(await early.shift('Kitchen', 30), earlyId);

    const none = await setup('Quiet camp', { reminderHours: 0 });
    await none.assign(await none.shift('Nothing', 1), await addMember(t.db, none.eventId, swedish.id, 2, null));

    const queued = await t.app.reminders.tick();
    expect(queued).toBe(3);
    await t.app.mail.worker.drain();

    const toEnglish = mailsTo(english).filter((mail) => subjectOf(mail).startsWith('Reminder'));
    expect(toEnglish.map(subjectOf).sort()).toEqual([
      expect.stringMatching(/^Reminder: Gate, .* \(Europe\/Stockholm\) – Lake festival$/),
      expect.stringMatching(/^Reminder: Kitchen, .* – Forest camp$/),
    ]);
    const gate = bodyOf(toEnglish.find((mail) => subjectOf(mail).includes('Gate')) as ReceivedMail);
    expect(gate).toContain('Hello Edith,');
    expect(gate).toContain('a reminder of your shift at Lake festival:');
    expect(gate).toContain('Place: Main gate');
    expect(gate).toContain(`http://funkis.test/event/${daily.eventId}/scheduling`);
    expect(gate).toContain('You get this e-mail from Lake festival through Funkis because you have this shift');
    expect(gate).toContain('24 hours before each shift');
    // The time is the event's wall-clock time.
    const stockholm = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Stockholm',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const shifts = (await daily.admin.get(`/api/event/${daily.eventId}/shifts`)).json().shifts;
    expect(gate).toContain(stockholm.format(new Date(shifts[0].startsAt)));

    const toSwedish = mailsTo(swedish);
    expect(toSwedish).toHaveLength(1);
    const swedishText = bodyOf(toSwedish[0]);
    expect(swedishText).toContain('Hej Sigrid,');
    expect(swedishText).toContain('en påminnelse om ditt pass på Lake festival:');
    expect(swedishText).toContain('Plats: Main gate');

    // Another pass (a restart, another server) finds nothing: every reminder is recorded.
    const before = smtp.messages.length;
    expect(await t.app.reminders.tick()).toBe(0);
    await t.app.mail.worker.drain();
    expect(smtp.messages.length).toBe(before);
    const reminded = await t.db
      .selectFrom('shift_assignments')
      .select(['shift_id', 'reminded_at'])
      .where('shift_id', 'in', [soon, later])
      .execute();
    expect(reminded.filter((row) => row.shift_id === soon).every((row) => row.reminded_at !== null)).toBe(true);
    expect(reminded.filter((row) => row.shift_id === later).every((row) => row.reminded_at === null)).toBe(true);

    // The later shift's reminder comes when its time is within 24 hours: a pass 7 hours from now sends it.
    expect(await t.app.reminders.tick(new Date(Date.now() + 7 * HOUR))).toBe(1);
    await t.app.mail.worker.drain();
    expect(mailsTo(english).filter((mail) => subjectOf(mail).startsWith('Reminder: Bar'))).toHaveLength(1);

    // A changed time resets the reminder (and tells the people at once).
    const moved = await daily.admin.post(`/api/event/${daily.eventId}/shifts/${soon}`, {
      startsAt: inHours(3),
      endsAt: inHours(5),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await t.app.reminders.tick()).toBe(2);
    expect(await t.app.reminders.tick()).toBe(0);
    await t.app.mail.worker.drain();
    expect(mailsTo(english).filter((mail) => subjectOf(mail).startsWith('Reminder: Gate'))).toHaveLength(2);
  });

  it('tells people when an organiser changes the time or place, takes them off or deletes the shift; not oneself', async () => {
    const english = await createUser(t.db, { firstname: 'Elmer' });
    const swedish = await createUser(t.db, { firstname: 'Sune' });
    await loginAs(t.app, english);
    await loginSwedish(swedish);
    const s = await setup('River days', { reminderHours: 0 });
    const englishId = await addMember(t.db, s.eventId, english.id, 2, null);
    const swedishId = await addMember(t.db, s.eventId, swedish.id, 2, null);
    const gate = await s.shift('Gate', 50);
    await s.assign(gate, englishId);
    const swedishAssignment = await s.assign(gate, swedishId);

    // A new title only: nobody is told.
    expect((await s.admin.post(`/api/event/${s.eventId}/shifts/${gate}`, { title: 'Gate A' })).statusCode).toBe(200);
    await t.app.mail.worker.drain();
    expect(mailsTo(english)).toHaveLength(0);

    const changed = await s.admin.post(`/api/event/${s.eventId}/shifts/${gate}`, { location: 'South gate' });
    expect(changed.statusCode).toBe(200);
    await t.app.mail.worker.drain();
    const [changeMail] = mailsTo(english);
    expect(subjectOf(changeMail)).toBe('Your shift was changed: Gate A – River days');
    const changeText = bodyOf(changeMail);
    expect(changeText).toContain('an organiser of River days changed a shift you have.');
    expect(changeText).toMatch(
      /Now:\n {2}Gate A\n.*\n {2}Place: South gate\n\nBefore:\n {2}Gate A\n.*\n {2}Place: Main gate/,
    );
    expect(bodyOf(mailsTo(swedish)[0])).toContain('en arrangör av River days har ändrat ett pass som du har.');
    const audit = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('event_id', '=', s.eventId)
      .where('action', '=', 'shift.updated')
      .execute();
    expect(audit.map((row) => JSON.parse(row.details).told)).toEqual([undefined, 2]);

    const removed = await s.admin.delete(`/api/event/${s.eventId}/shifts/${gate}/assignments/${swedishAssignment}`);
    expect(removed.statusCode).toBe(200);
    await t.app.mail.worker.drain();
    expect(mailsTo(swedish)).toHaveLength(2);
    expect(bodyOf(mailsTo(swedish)[1])).toContain('en arrangör av River days har tagit bort dig från ett pass:');

    const deleted = await s.admin.delete(`/api/event/${s.eventId}/shifts/${gate}`);
    expect(deleted.statusCode).toBe(200);
    await t.app.mail.worker.drain();
    expect(mailsTo(english)).toHaveLength(2);
    expect(subjectOf(mailsTo(english)[1])).toBe('You no longer have the shift Gate A – River days');
    expect(bodyOf(mailsTo(english)[1])).toContain('an organiser of River days deleted a shift you had:');
    expect(mailsTo(swedish)).toHaveLength(2);

    // Taking oneself off tells nobody.
    const own = await s.shift('Own', 60);
    const adminMembership = (await s.admin.get(`/api/event/${s.eventId}`)).json().eventUser.id as number;
    const adminAssignment = await s.assign(own, adminMembership);
    const before = smtp.messages.length;
    expect(
      (await s.admin.delete(`/api/event/${s.eventId}/shifts/${own}/assignments/${adminAssignment}`)).statusCode,
    ).toBe(200);
    await t.app.mail.worker.drain();
    expect(smtp.messages.length).toBe(before);
  });

  it('queues each reminder once when two passes run at the same moment (two servers)', async () => {
    const s = await setup('Twin servers');
    const people: number[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      const user = await createUser(t.db, { firstname: `Twin${n}` });
      people.push(await addMember(t.db, s.eventId, user.id, 2, null));
    }
    const shiftA = await s.shift('Dock', 3);
    const shiftB = await s.shift('Deck', 6);
    for (const person of people) {
      await s.assign(shiftA, person);
      await s.assign(shiftB, person);
    }
    const counts = await Promise.all([t.app.reminders.tick(), t.app.reminders.tick(), t.app.reminders.tick()]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(10);
    const queued = await t.db
      .selectFrom('mail_queue')
      .select(['to_email', 'subject'])
      .where('event_id', '=', s.eventId)
      .where('reason', '=', 'shift_reminder')
      .execute();
    expect(queued).toHaveLength(10);
    expect(new Set(queued.map((row) => `${row.to_email} ${row.subject}`)).size).toBe(10);
  });
});
