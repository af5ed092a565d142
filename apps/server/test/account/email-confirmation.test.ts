import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_RATE_LIMITS } from '../../src/modules/account/rate-limits.js';
import { CONFIRMATION_TOKEN_VALID_MS } from '../../src/modules/account/service.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient, type TestResponse } from '../helpers/client.js';
import { createEvent, createUser, loginAs } from '../helpers/factories.js';
import { type ReceivedMail, startSmtpServer, textOf } from '../helpers/smtp.js';
import { registerClient, resetLinkIn } from './helpers.js';

/**
 * Confirmed e-mail addresses (decision 020): the link of a new account and of a change of address, mailed
 * through the queue to a real SMTP server; the change waits for it; invitations need a confirmed address.
 */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  // X-Forwarded-For from the test (inject comes from 127.0.0.1) gives each person an address of their own.
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_RATE_PER_MINUTE: '60000', TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let sequence = 0;
const unique = (prefix: string) => `${prefix}${++sequence}-${Date.now().toString(36)}@confirm.test`;
/** Each person calls from an address (and network) of their own, as in life: limits per address stay out of the way. */
const fromOwnAddress = (client: TestClient) => {
  sequence += 1;
  const ip = `10.${sequence % 250}.${Math.floor(sequence / 250) % 250}.7`;
  const request = client.request.bind(client);
  client.request = (method, url, body, options = {}) =>
    request(method, url, body, { ...options, headers: { 'x-forwarded-for': ip, ...options.headers } });
  client.get = (url) => client.request('GET', url);
  client.post = (url, body) => client.request('POST', url, body ?? {});
  return client;
};

const LINK = /https?:\/\/\S+\/authentication\/confirm-email\?token=([\w-]+)/;

/** The newest mail to `email` whose text matches `pattern` (waiting for it). */
async function mailTo(email: string, pattern: RegExp = /./): Promise<{ mail: ReceivedMail; text: string }> {
  const matches = (mail: ReceivedMail) => mail.to.includes(email) && pattern.test(textOf(mail.raw));
  await smtp.waitFor(matches, 15_000);
  const mail = smtp.messages.filter(matches).at(-1) as ReceivedMail;
  return { mail, text: textOf(mail.raw) };
}

async function confirmationTokenFor(email: string): Promise<string> {
  const { text } = await mailTo(email, LINK);
  return (text.match(LINK) as RegExpMatchArray)[1];
}

const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email));

/** What the queue holds for an address (delivered or not). */
const queuedTo = (email: string) =>
  t.db.selectFrom('mail_queue').select(['reason', 'subject', 'state']).where('to_email', '=', email).execute();

const confirm = (client: TestClient, token: string) => client.post('/api/confirm-email', { token });

function expectTokenRefused(response: TestResponse) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    success: false,
    errors: [{ code: 'error.tokenInvalid', field: 'token' }],
    errorMessages: ['The link is invalid or has expired.'],
  });
}

describe(`address confirmation on ${dialect}`, () => {
  it('mails a new account a link; the user is unconfirmed until it is opened, in any browser, once', async () => {
    const { client, user } = await registerClient(t.app, { email: unique('new'), firstname: 'Nina' });
    expect(user).toMatchObject({ emailConfirmed: false });
    expect(user).not.toHaveProperty('pendingEmail');
    expect((await client.get('/api/me')).json().user.emailConfirmed).toBe(false);

    const { mail, text } = await mailTo(user.email, LINK);
    expect(mail.raw).toMatch(/^Subject: Confirm your e-mail address for Funkis/m);
    expect(text).toContain('Hello Nina,');
    expect(text).toContain('within 24 hours');
    const token = (text.match(LINK) as RegExpMatchArray)[1];
    // Only a keyed hash is stored.
    const rows = await t.db
      .selectFrom('email_confirmation_tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await queuedTo(user.email)).toEqual([
      expect.objectContaining({ reason: 'email_confirmation', state: expect.any(String) }),
    ]);

    // Another browser, logged in as nobody, with no CSRF token.
    const elsewhere = fromOwnAddress(new TestClient(t.app));
    const confirmed = await confirm(elsewhere, token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      success: true,
      user: { id: user.id, email: user.email, emailConfirmed: true },
    });
    expect(confirmed.json().user).not.toHaveProperty('pendingEmail');
    expect((await client.get('/api/me')).json().user.emailConfirmed).toBe(true);
    // Single use.
    expectTokenRefused(await confirm(elsewhere, token));
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `user:${user.id}`)
      .execute();
    expect(audit).toContainEqual({ action: 'account.email_confirmed' });
  });

  it("writes the link in the registering person's language", async () => {
    const client = fromOwnAddress(new TestClient(t.app));
    const email = unique('sv');
    const response = await client.request(
      'POST',
      '/api/register',
      { email, firstname: 'Sven', lastname: 'Berg', password: 'secret-password-1' },
      { headers: { 'accept-language': 'sv-SE,sv;q=0.9' } },
    );
    expect(response.statusCode).toBe(201);
    const { mail, text } = await mailTo(email, LINK);
    expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?|^Subject: Bekräfta/m);
    expect(text).toContain('Hej Sven,');
    expect(text).toContain('inom 24 timmar');
  });

  it('refuses unknown, malformed and expired tokens with 400 error.tokenInvalid, never 5xx', async () => {
    const anonymous = fromOwnAddress(new TestClient(t.app));
    expectTokenRefused(await confirm(anonymous, 'no-such-token'));
    expect((await confirm(anonymous, '')).statusCode).toBe(400);
    expect((await confirm(anonymous, 'x'.repeat(201))).statusCode).toBe(400);
    expect((await anonymous.post('/api/confirm-email', { token: 12 })).statusCode).toBe(400);
    expect((await anonymous.post('/api/confirm-email', {})).statusCode).toBe(400);

    const { user } = await registerClient(t.app, { email: unique('late') });
    const token = await confirmationTokenFor(user.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + CONFIRMATION_TOKEN_VALID_MS + 60_000);
    expectTokenRefused(await confirm(anonymous, token));
    vi.useRealTimers();
    const row = await t.db
      .selectFrom('users')
      .select('email_confirmed_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.email_confirmed_at).toBeNull();
  });

  it('resends the link (CSRF, logged in, limited): the newest link works, older ones are void', async () => {
    const { client, user } = await registerClient(t.app, { email: unique('resend') });
    const first = await confirmationTokenFor(user.email);
    expect((await new TestClient(t.app).post('/api/resend-confirmation')).statusCode).toBe(401);
    const withoutCsrf = await client.request('POST', '/api/resend-confirmation', {}, { csrf: null });
    expect(withoutCsrf.statusCode).toBe(403);
    expect(withoutCsrf.json().errors).toEqual([{ code: 'error.csrf' }]);
    expect(mailsTo(user.email)).toHaveLength(1);

    const resent = await client.post('/api/resend-confirmation');
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ success: true, _csrf: client.csrf });
    await smtp.waitFor(() => mailsTo(user.email).length === 2, 15_000);
    const second = await confirmationTokenFor(user.email);
    expect(second).not.toBe(first);
    const anonymous = fromOwnAddress(new TestClient(t.app));
    expectTokenRefused(await confirm(anonymous, first));
    expect((await confirm(anonymous, second)).statusCode).toBe(200);

    // Confirmed, nothing waiting: the same answer, no mail.
    expect((await client.post('/api/resend-confirmation')).statusCode).toBe(200);
    const { max } = ACCOUNT_RATE_LIMITS.resendConfirmationPerUser;
    for (let i = 2; i < max; i++) expect((await client.post('/api/resend-confirmation')).statusCode).toBe(200);
    const limited = await client.post('/api/resend-confirmation');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors).toEqual([{ code: 'error.tooManyRequests' }]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await t.app.mail.worker.drain();
    expect(mailsTo(user.email)).toHaveLength(2);
  });

  it('limits link openings per address', async () => {
    const anonymous = fromOwnAddress(new TestClient(t.app));
    const { max } = ACCOUNT_RATE_LIMITS.confirmEmailPerAddress;
    for (let i = 0; i < max; i++) expect((await confirm(anonymous, `guess-${i}`)).statusCode).toBe(400);
    const limited = await confirm(anonymous, 'guess-last');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors).toEqual([{ code: 'error.tooManyRequests' }]);
  });

  it('keeps login, registration and applying open before confirmation', async () => {
    const { client, payload, user } = await registerClient(t.app, { email: unique('early') });
    const login = await fromOwnAddress(new TestClient(t.app)).post('/api/login', {
      email: payload.email,
      password: payload.password,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ id: user.id, emailConfirmed: false });
    const event = await createEvent(t.db, { name: 'Early Fest' });
    const applied = await client.post(`/api/event/${event.id}/apply`, { answers: {} });
    expect(applied.statusCode, applied.body).toBe(201);
  });

  it('confirms the address when a password-reset link mailed to it is opened', async () => {
    const { user } = await registerClient(t.app, { email: unique('reset') });
    const anonymous = fromOwnAddress(new TestClient(t.app));
    expect((await anonymous.post('/api/recover-password', { email: user.email })).statusCode).toBe(200);
    const { mail } = await mailTo(user.email, /password-reset\?token=/);
    const { token } = resetLinkIn(mail.raw);
    expect((await anonymous.post('/api/reset-password', { token, newPassword: 'a new secret 1' })).statusCode).toBe(
      200,
    );
    const client = await fromOwnAddress(new TestClient(t.app)).post('/api/login', {
      email: user.email,
      password: 'a new secret 1',
    });
    expect(client.json().user.emailConfirmed).toBe(true);
  });
});

describe(`changing the address waits for its link on ${dialect}`, () => {
  it('answers the user with the old address and pendingEmail; the link makes the change and ends other sessions', async () => {
    const user = await createUser(t.db, { firstname: 'Olle', email: unique('old') });
    const client = fromOwnAddress(await loginAs(t.app, user));
    const other = await loginAs(t.app, user);
    const wrong = await client.post('/api/change-email', { newEmail: unique('x'), password: 'wrong password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ code: 'error.wrongPassword', field: 'password' }]);

    const newEmail = unique('New').toUpperCase();
    const asked = await client.post('/api/change-email', { newEmail, password: user.password });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().user).toMatchObject({
      id: user.id,
      email: user.email,
      emailConfirmed: true,
      pendingEmail: newEmail.toLowerCase(),
    });
    expect((await client.get('/api/me')).json().user).toMatchObject({
      email: user.email,
      pendingEmail: newEmail.toLowerCase(),
    });
    // Nothing changed yet: both sessions live, the old address logs in, the new one does not.
    expect((await other.get('/api/me')).statusCode).toBe(200);
    await new TestClient(t.app).login(user.email, user.password);
    expect(
      (await fromOwnAddress(new TestClient(t.app)).post('/api/login', { email: newEmail, password: user.password }))
        .statusCode,
    ).toBe(401);

    const { mail, text } = await mailTo(newEmail.toLowerCase(), LINK);
    expect(mail.raw).toMatch(/^Subject: Confirm your new e-mail address for Funkis/m);
    expect(text).toContain('Hello Olle,');
    expect(text).not.toContain(user.email);
    const token = (text.match(LINK) as RegExpMatchArray)[1];
    expect(mailsTo(user.email)).toHaveLength(0);

    // Opened in a browser where nobody is logged in.
    const opened = await confirm(fromOwnAddress(new TestClient(t.app)), token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().user).toMatchObject({ id: user.id, email: newEmail.toLowerCase(), emailConfirmed: true });
    expect(opened.json().user).not.toHaveProperty('pendingEmail');
    // The session that asked stays; the others end; the old address is told.
    expect((await client.get('/api/me')).json().user.email).toBe(newEmail.toLowerCase());
    expect((await other.get('/api/me')).statusCode).toBe(401);
    await new TestClient(t.app).login(newEmail, user.password);
    const notice = await mailTo(user.email, /now uses the address/);
    expect(notice.mail.raw).toMatch(/^Subject: The e-mail address of your Funkis account was changed/m);
    expect(notice.text).toContain(`Your Funkis account now uses the address ${newEmail.toLowerCase()}`);
    expectTokenRefused(await confirm(fromOwnAddress(new TestClient(t.app)), token));
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `user:${user.id}`)
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['account.email_change_requested', 'account.email_changed']),
    );
  });

  it("answers the same for another account's address; its owner is told and nothing changes", async () => {
    const owner = await createUser(t.db, { firstname: 'Ottilia', email: unique('owner-a') });
    const user = await createUser(t.db, { email: unique('asker') });
    const client = fromOwnAddress(await loginAs(t.app, user));
    const free = owner.email.replace('owner-a', 'owner-b');

    const answers: string[] = [];
    for (const newEmail of [owner.email.toUpperCase(), free]) {
      const response = await client.post('/api/change-email', { newEmail, password: user.password });
      expect(response.statusCode).toBe(200);
      answers.push(
        response.body.replaceAll(newEmail.toLowerCase(), '<new>').replace(/"_csrf":"[^"]+"/, '"_csrf":"<t>"'),
      );
    }
    expect(answers[1]).toBe(answers[0]);

    const { mail, text } = await mailTo(owner.email);
    expect(mail.raw).toMatch(/^Subject: Someone tried to use your e-mail address in Funkis/m);
    expect(text).toContain('Hello Ottilia,');
    expect(text).not.toMatch(LINK);
    await confirmationTokenFor(free);
    await t.app.mail.worker.drain();
    expect(mailsTo(owner.email)).toHaveLength(1);
    // Nothing changed for either account.
    await new TestClient(t.app).login(owner.email, owner.password);
    await new TestClient(t.app).login(user.email, user.password);

    // While the taken address waits, resending mails nobody (its owner was told once).
    const again = await client.post('/api/change-email', { newEmail: owner.email, password: user.password });
    expect(again.json().user.pendingEmail).toBe(owner.email);
    await mailTo(owner.email);
    await smtp.waitFor(() => mailsTo(owner.email).length === 2, 15_000);
    expect((await client.post('/api/resend-confirmation')).statusCode).toBe(200);
    await t.app.mail.worker.drain();
    expect(mailsTo(owner.email)).toHaveLength(2);
    // Asking for the own address again drops the waiting change.
    const own = await client.post('/api/change-email', { newEmail: user.email, password: user.password });
    expect(own.statusCode).toBe(200);
    expect(own.json().user).not.toHaveProperty('pendingEmail');
  });

  it('fails cleanly (409, no duplicate) when another account took the address before the link was opened', async () => {
    const user = await createUser(t.db, { email: unique('slow') });
    const client = fromOwnAddress(await loginAs(t.app, user));
    const wanted = unique('contested');
    expect((await client.post('/api/change-email', { newEmail: wanted, password: user.password })).statusCode).toBe(
      200,
    );
    const token = await confirmationTokenFor(wanted);
    await registerClient(t.app, { email: wanted });

    const opened = await confirm(fromOwnAddress(new TestClient(t.app)), token);
    expect(opened.statusCode).toBe(409);
    expect(opened.json().errors).toEqual([{ code: 'error.confirmationEmailTaken', field: 'token' }]);
    const me = (await client.get('/api/me')).json().user;
    expect(me.email).toBe(user.email);
    expect(me).not.toHaveProperty('pendingEmail');
    const owners = await t.db.selectFrom('users').select('id').where('email', '=', wanted).execute();
    expect(owners).toHaveLength(1);
    expectTokenRefused(await confirm(fromOwnAddress(new TestClient(t.app)), token));
  });
});

describe(`invitations need a confirmed address on ${dialect}`, () => {
  async function adminInvites(email: string) {
    const admin = await createUser(t.db, { firstname: 'Ada', lastname: 'Admin', email: unique('admin') });
    const event = await createEvent(t.db, { adminId: admin.id, name: 'Board', applicationsOpen: false });
    const adminClient = await loginAs(t.app, admin);
    const invited = await adminClient.post(`/api/event/${event.id}/users`, { email, roleLevel: 0, groupId: null });
    expect(invited.statusCode).toBe(201);
    return { event, invitationId: invited.json().invitation.id as number };
  }

  const invitationsOf = async (client: TestClient) => {
    const response = await client.get('/api/invitations');
    expect(response.statusCode).toBe(200);
    return response.json().invitations as { id: number }[];
  };

  const roleIn = async (client: TestClient, eventId: number) => (await client.get(`/api/event/${eventId}`)).statusCode;

  it('hides an admin invitation from whoever registers with the address until its owner proves it', async () => {
    const someone = unique('someone');
    const { event, invitationId } = await adminInvites(someone);
    const { client: attacker } = await registerClient(t.app, { email: someone, firstname: 'Mallory' });
    expect(await invitationsOf(attacker)).toEqual([]);
    for (const action of ['accept', 'decline']) {
      const refused = await attacker.post(`/api/invitations/${invitationId}/${action}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors).toEqual([{ code: 'error.emailNotConfirmed' }]);
    }
    expect(await roleIn(attacker, event.id)).toBe(403);

    // The owner of the mailbox takes the account back through the reset link sent there: proven, and the
    // attacker's session ends with the reset.
    const owner = fromOwnAddress(new TestClient(t.app));
    await owner.post('/api/recover-password', { email: someone });
    const { token } = resetLinkIn((await mailTo(someone, /password-reset\?token=/)).mail.raw);
    expect((await owner.post('/api/reset-password', { token, newPassword: 'owner secret 1' })).statusCode).toBe(200);
    expect((await attacker.get('/api/invitations')).statusCode).toBe(401);
    await owner.login(someone, 'owner secret 1');
    expect((await invitationsOf(owner)).map((invitation) => invitation.id)).toEqual([invitationId]);
    expect((await owner.post(`/api/invitations/${invitationId}/accept`)).statusCode).toBe(200);
    expect(await roleIn(owner, event.id)).toBe(200);
  });

  it('hides it from an account that only asked to move to the address; its owner sees it once confirmed', async () => {
    const someone = unique('someone');
    const { event, invitationId } = await adminInvites(someone);
    // A confirmed attacker asks to move to the invited address, which has no account yet.
    const attackerUser = await createUser(t.db, { email: unique('mallory') });
    const attacker = fromOwnAddress(await loginAs(t.app, attackerUser));
    const asked = await attacker.post('/api/change-email', { newEmail: someone, password: attackerUser.password });
    expect(asked.json().user.pendingEmail).toBe(someone);
    expect(await invitationsOf(attacker)).toEqual([]);
    expect((await attacker.post(`/api/invitations/${invitationId}/accept`)).statusCode).toBe(404);
    expect((await attacker.post(`/api/invitations/${invitationId}/decline`)).statusCode).toBe(404);

    // The real owner registers; unconfirmed they see nothing either; the link mailed to them changes that.
    const { client: owner } = await registerClient(t.app, { email: someone, firstname: 'Sonja' });
    expect(await invitationsOf(owner)).toEqual([]);
    const linkIn = (text: string) => (text.match(LINK) as RegExpMatchArray)[1];
    const attackerToken = linkIn((await mailTo(someone, /asked to move to this address/)).text);
    const ownToken = linkIn((await mailTo(someone, /Someone created a Funkis account/)).text);
    // Even the owner opening the attacker's link gives the attacker nothing: the address has an account now.
    expect((await confirm(owner, attackerToken)).statusCode).toBe(409);
    expect((await confirm(owner, ownToken)).statusCode).toBe(200);
    expect((await invitationsOf(owner)).map((invitation) => invitation.id)).toEqual([invitationId]);
    expect(await invitationsOf(attacker)).toEqual([]);
    expect((await owner.post(`/api/invitations/${invitationId}/accept`)).statusCode).toBe(200);
    expect(await roleIn(owner, event.id)).toBe(200);
    expect(await roleIn(attacker, event.id)).toBe(403);
  });

  it('does not give an invitation to an unconfirmed account that held the address, even after it confirms another', async () => {
    const someone = unique('squat');
    const { client: squatter } = await registerClient(t.app, { email: someone });
    const { invitationId } = await adminInvites(someone);
    // The squatter moves to an address it does own and confirms it: now a confirmed account.
    const own = unique('own');
    expect(
      (await squatter.post('/api/change-email', { newEmail: own, password: 'secret-password-1' })).statusCode,
    ).toBe(200);
    expect((await confirm(squatter, await confirmationTokenFor(own))).json().user).toMatchObject({
      email: own,
      emailConfirmed: true,
    });
    expect(await invitationsOf(squatter)).toEqual([]);
    expect((await squatter.post(`/api/invitations/${invitationId}/accept`)).statusCode).toBe(404);
  });
});
