import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { addMember, createUser, loginAs } from '../helpers/factories.js';
import { partsOf, startSmtpServer } from '../helpers/smtp.js';
import { createMailEvent, type MailEvent } from './fixtures.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let e: MailEvent;
let admin: TestClient;
let leader: TestClient;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_WORKER: 'off', MAIL_RATE_PER_MINUTE: '60000' });
  e = await createMailEvent(t.db);
  admin = await loginAs(t.app, e.admin);
  leader = await loginAs(t.app, e.leader);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300, 0x20), Buffer.from('\n%%EOF\n')]);

/** An event file uploaded the way the browser does it (the files module's own route). */
async function upload(name: string, roles: string): Promise<number> {
  const boundary = `----funkis${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="roles"\r\n\r\n${roles}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await admin.request('POST', `/api/event/${e.event.id}/files`, undefined, {
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().file.id;
}

const DIRTY = [
  '<div>Hello <b>{firstname}</b>,</div>',
  '<script>alert("x")</script>',
  '<p onclick="steal()" style="color:red" class="big">Bring <em>gloves</em> and <i>boots</i>.</p>',
  '<p><a href="javascript:alert(1)">click me</a> <a href="https://example.org/map?a=1&b=2" onmouseover="x()" target="_blank">the map</a> <a href="mailto:crew@example.org">crew@example.org</a></p>',
  '<iframe src="https://evil.example"></iframe><style>p { display: none }</style><img src=x onerror="alert(1)">',
  '<ul><li>Gate 8</li><li>Bar</li></ul><ol><li>First</li><li>Second</li></ol>',
  '<h3>Parking</h3><blockquote>As last year.</blockquote><a href="data:text/html,evil">data</a>',
].join('');

describe(`rich-text mail on ${dialect}`, () => {
  it('stores only what the allow-list lets through and sends it as HTML and text', async () => {
    const sent = await admin.post(`/api/event/${e.event.id}/send-mail`, {
      receivers: { userIds: [e.volunteerB.id] },
      subject: 'Rich briefing',
      message: DIRTY,
      format: 'html',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const stored = (await admin.get(`/api/event/${e.event.id}/get-mail/${sent.json().email.id}`)).json().email;
    expect(stored.format).toBe('html');
    for (const gone of [
      '<script',
      'alert',
      'onclick',
      'onmouseover',
      'onerror',
      'style',
      'class=',
      'iframe',
      'javascript:',
      'data:',
      '<img',
      '<div',
      'target=',
    ]) {
      expect(stored.message, gone).not.toContain(gone);
    }
    for (const kept of [
      '<p>Hello <strong>{firstname}</strong>,</p>',
      '<em>gloves</em>',
      '<em>boots</em>',
      '<a href="https://example.org/map?a=1&amp;b=2" rel="noopener noreferrer">the map</a>',
      '<a href="mailto:crew@example.org" rel="noopener noreferrer">crew@example.org</a>',
      '<ul><li>Gate 8</li><li>Bar</li></ul>',
      '<ol><li>First</li><li>Second</li></ol>',
      '<h3>Parking</h3>',
      '<blockquote>As last year.</blockquote>',
    ]) {
      expect(stored.message).toContain(kept);
    }
    // The link that was javascript: is its text now.
    expect(stored.message).toContain('click me');

    await t.app.mail.worker.drain();
    const copies = smtp.messages.filter((mail) => mail.to.includes(e.volunteerB.email));
    expect(copies).toHaveLength(1);
    expect(copies[0].raw).toMatch(/^Content-Type: multipart\/alternative/im);
    const parts = partsOf(copies[0].raw);
    const text = parts.find((part) => part.type === 'text/plain')?.text ?? '';
    const html = parts.find((part) => part.type === 'text/html')?.text ?? '';
    expect(text).toContain(`Hello ${e.volunteerB.firstname},`);
    expect(text).toContain('- Gate 8\n- Bar');
    expect(text).toContain('1. First\n2. Second');
    expect(text).toContain('the map (https://example.org/map?a=1&b=2)');
    expect(text).not.toContain('<');
    expect(text).toContain('You get it because the sender chose you as a receiver.');
    expect(html).toContain(`<p>Hello <strong>${e.volunteerB.firstname}</strong>,</p>`);
    expect(html).toContain('<a href="https://example.org/map?a=1&amp;b=2" rel="noopener noreferrer">the map</a>');
    expect(html).not.toContain('<script');
    expect(html).toContain('You get it because the sender chose you as a receiver.');
  });

  it("keeps the message once, on the e-mail, and composes each receiver's copy with their name when it is sent", async () => {
    const sent = await admin.post(`/api/event/${e.event.id}/send-mail`, {
      receivers: { userIds: [e.volunteerA.id, e.volunteerB.id] },
      subject: 'Once stored',
      message: `<p>Hi {firstname}, ${'the plan '.repeat(200)}</p>`,
      format: 'html',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // The queue holds no body per receiver (docs/decisions/021): the copies are composed from the e-mail.
    const queued = await t.db
      .selectFrom('mail_queue as q')
      .innerJoin('mail_receivers as r', 'r.id', 'q.receiver_id')
      .select(['q.body_text', 'q.body_html'])
      .where('r.mail_id', '=', sent.json().email.id)
      .execute();
    expect(queued).toHaveLength(2);
    for (const row of queued) expect([row.body_text, row.body_html]).toEqual(['', null]);

    await t.app.mail.worker.drain();
    for (const person of [e.volunteerA, e.volunteerB]) {
      const copies = smtp.messages.filter((mail) => mail.to.includes(person.email) && mail.raw.includes('Once stored'));
      expect(copies).toHaveLength(1);
      const parts = partsOf(copies[0].raw);
      expect(parts.find((part) => part.type === 'text/plain')?.text).toContain(`Hi ${person.firstname}, the plan`);
      expect(parts.find((part) => part.type === 'text/html')?.text).toContain(`<p>Hi ${person.firstname}, the plan`);
    }
  });

  it('makes a relative link absolute against PUBLIC_URL in the stored message and both parts sent', async () => {
    const sent = await admin.post(`/api/event/${e.event.id}/send-mail`, {
      receivers: { userIds: [e.volunteerB.id] },
      subject: 'Where the files are',
      message:
        '<p>See <a href="/event/7/files?sort=name#top">the files</a>, <a href="schedule">the schedule</a>, ' +
        '<a href="//evil.example/x">elsewhere</a> and <a href=" java&#9;script:alert(1)">this</a>.</p>',
      format: 'html',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const base = t.app.config.PUBLIC_URL;
    const stored = (await admin.get(`/api/event/${e.event.id}/get-mail/${sent.json().email.id}`)).json().email;
    expect(stored.message).toBe(
      `<p>See <a href="${base}/event/7/files?sort=name#top" rel="noopener noreferrer">the files</a>, ` +
        `<a href="${base}/schedule" rel="noopener noreferrer">the schedule</a>, elsewhere and this.</p>`,
    );
    await t.app.mail.worker.drain();
    const copy = smtp.messages.filter((mail) => mail.raw.includes('Subject: Where the files are')).at(-1);
    const parts = partsOf(copy?.raw ?? '');
    expect(parts.find((part) => part.type === 'text/html')?.text).toContain(
      `<a href="${base}/event/7/files?sort=name#top" rel="noopener noreferrer">the files</a>`,
    );
    expect(parts.find((part) => part.type === 'text/plain')?.text).toContain(
      `the files (${base}/event/7/files?sort=name#top)`,
    );
  });

  it('refuses rich text that is empty once sanitised, and keeps plain text a single part', async () => {
    const empty = await admin.post(`/api/event/${e.event.id}/send-mail`, {
      receivers: { userIds: [e.volunteerB.id] },
      subject: 'Nothing',
      message: '<script>alert(1)</script><p> </p>',
      format: 'html',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toMatchObject({ message: 'Message is required.' });

    const plain = await admin.post(`/api/event/${e.event.id}/send-mail`, {
      receivers: { userIds: [e.loner.id] },
      subject: 'Plain <b>text</b>',
      message: 'Keep <b>this</b> as typed',
    });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().email).toMatchObject({ format: 'text', message: 'Keep <b>this</b> as typed' });
    await t.app.mail.worker.drain();
    const copy = smtp.messages.find((mail) => mail.to.includes(e.loner.email));
    expect(copy?.raw).not.toMatch(/multipart/i);
  });
});

describe(`event files linked from mail on ${dialect}`, () => {
  let everyone: number;
  let leadersOnly: number;
  let adminsOnly: number;
  beforeAll(async () => {
    everyone = await upload('Site map.pdf', '0,1,2');
    leadersOnly = await upload('Cash routine.pdf', '0,1');
    adminsOnly = await upload('Budget.pdf', '0');
  });

  it('warns in the preview which picked files some receivers cannot open', async () => {
    // Group A: the leader (1) and Vera (2, accepted); Petra (a pending applicant, no role at all) chosen by name.
    const preview = await admin.post(`/api/event/${e.event.id}/mail-receivers/preview`, {
      receivers: { groupIds: [e.groupA.id], userIds: [e.pendingA.id] },
      fileIds: [everyone, leadersOnly],
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().total).toBe(3);
    expect(preview.json().attachmentWarnings).toEqual([
      { fileId: everyone, name: 'Site map.pdf', receiversWithoutAccess: 1 },
      { fileId: leadersOnly, name: 'Cash routine.pdf', receiversWithoutAccess: 2 },
    ]);
    const none = await admin.post(`/api/event/${e.event.id}/mail-receivers/preview`, {
      receivers: { roleLevels: [0] },
      fileIds: [adminsOnly],
    });
    expect(none.json().attachmentWarnings).toEqual([]);
  });

  it('stores the links with the e-mail, shows them in Sent and sends the download addresses', async () => {
    const sent = await admin.post(`/api/event/${e.event.id}/send-mail`, {
      receivers: { userIds: [e.volunteerB.id] },
      subject: 'With files',
      message: '<p>See the <strong>map</strong>.</p>',
      format: 'html',
      fileIds: [everyone, leadersOnly],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const url = (id: number) => `/api/event/${e.event.id}/files/${id}/download`;
    const email = (await admin.get(`/api/event/${e.event.id}/get-mail/${sent.json().email.id}`)).json().email;
    expect(email.attachments).toEqual([
      { fileId: everyone, name: 'Site map.pdf', url: url(everyone) },
      { fileId: leadersOnly, name: 'Cash routine.pdf', url: url(leadersOnly) },
    ]);
    await t.app.mail.worker.drain();
    const copy = smtp.messages.find((mail) => mail.to.includes(e.volunteerB.email) && mail.raw.includes('With files'));
    const parts = partsOf(copy?.raw ?? '');
    const text = parts.find((part) => part.type === 'text/plain')?.text ?? '';
    const html = parts.find((part) => part.type === 'text/html')?.text ?? '';
    expect(text).toContain(`- Site map.pdf: ${t.app.config.PUBLIC_URL}${url(everyone)}`);
    expect(html).toContain(
      `<a href="${t.app.config.PUBLIC_URL}${url(everyone)}" rel="noopener noreferrer">Site map.pdf</a>`,
    );
    // The link is the files' own download: a volunteer's role opens the one, not the other.
    const volunteer = await loginAs(t.app, e.volunteerB);
    expect((await volunteer.get(url(everyone))).statusCode).toBe(200);
    expect((await volunteer.get(url(leadersOnly))).statusCode).toBe(404);
  });

  it('refuses files of other events, unknown ones, and files the sender cannot see', async () => {
    const attempt = (client: TestClient, fileIds: number[]) =>
      client.post(`/api/event/${e.event.id}/send-mail`, {
        receivers: { groupIds: [e.groupA.id] },
        subject: 'Files',
        message: 'Hi',
        fileIds,
      });
    const unknown = await attempt(admin, [999_999]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toMatchObject({
      fileIds: 'Some of the chosen files are not files of this event you can see.',
    });
    const hidden = await attempt(leader, [adminsOnly]);
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().fieldErrors).toMatchObject({
      fileIds: 'Some of the chosen files are not files of this event you can see.',
    });
    expect((await attempt(leader, [leadersOnly])).statusCode).toBe(201);
    expect(
      (
        await attempt(
          admin,
          Array.from({ length: 21 }, (_, i) => i + 1),
        )
      ).statusCode,
    ).toBe(400);
    expect((await attempt(admin, [2 ** 31])).statusCode).toBe(400);
  });
});

describe(`unread counts per user on ${dialect}`, () => {
  it('counts what each organiser has not opened, in Sent and in custom labels', async () => {
    const otherAdminUser = await createUser(t.db, { firstname: 'Second', lastname: 'Admin' });
    await addMember(t.db, e.event.id, otherAdminUser.id, 0, null);
    const otherAdmin = await loginAs(t.app, otherAdminUser);
    const label = (await admin.post(`/api/event/${e.event.id}/mail-labels`, { name: 'Unread test' })).json().label;
    const unread = async (client: TestClient) =>
      Object.fromEntries(
        (await client.get(`/api/event/${e.event.id}/mail-labels`))
          .json()
          .labels.map((l: { id: string | number; unreadCount: number; totalCount: number }) => [
            l.id,
            [l.unreadCount, l.totalCount],
          ]),
      );
    const before = await unread(admin);
    const send = async (subject: string) =>
      (
        await admin.post(`/api/event/${e.event.id}/send-mail`, {
          receivers: { userIds: [e.loner.id] },
          subject,
          message: 'Hi',
        })
      ).json().email.id as number;
    const first = await send('Unread one');
    const second = await send('Unread two');
    await admin.post(`/api/event/${e.event.id}/get-mail/${first}/labels`, { labelIds: [label.id] });
    await admin.post(`/api/event/${e.event.id}/get-mail/${second}/labels`, { labelIds: [label.id] });

    const [sentUnread, sentTotal] = before.sent;
    expect((await unread(admin)).sent).toEqual([sentUnread + 2, sentTotal + 2]);
    expect((await unread(admin))[label.id]).toEqual([2, 2]);
    const otherBefore = await unread(otherAdmin);
    expect(otherBefore[label.id]).toEqual([2, 2]);

    // Opening it marks it read for that user only; opening it again changes nothing.
    expect((await admin.get(`/api/event/${e.event.id}/get-mail/${first}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/event/${e.event.id}/get-mail/${first}`)).statusCode).toBe(200);
    expect((await unread(admin)).sent).toEqual([sentUnread + 1, sentTotal + 2]);
    expect((await unread(admin))[label.id]).toEqual([1, 2]);
    expect(await unread(otherAdmin)).toEqual(otherBefore);
    const list = (await admin.get(`/api/event/${e.event.id}/get-mails?customLabel=${label.id}`)).json().emails;
    expect(list.map((m: { subject: string; isRead: boolean }) => [m.subject, m.isRead])).toEqual([
      ['Unread two', false],
      ['Unread one', true],
    ]);

    await otherAdmin.get(`/api/event/${e.event.id}/get-mail/${second}`);
    expect((await unread(otherAdmin))[label.id]).toEqual([1, 2]);
    expect((await unread(admin))[label.id]).toEqual([1, 2]);
    // Changing labels does not mark an e-mail read.
    expect((await unread(admin))[label.id][0]).toBe(1);
  });
});
