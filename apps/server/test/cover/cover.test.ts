import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialect } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { createEvent, createUser, loginAs } from '../helpers/factories.js';
import { startSmtpServer, textOf } from '../helpers/smtp.js';
import { decryptPush, deviceKeys, startPushService } from '../push/push-service.js';
import { type CoverEvent, coverEvent, offeredTo } from './fixtures.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let e: CoverEvent;
beforeAll(async () => {
  smtp = await startSmtpServer();
  pushService = await startPushService();
  e = await coverEvent({ SMTP_URL: smtp.url, MAIL_RATE_PER_MINUTE: '60000', PUSH_CA_FILE: pushService.caFile });
  const rules = await e.admin.post(`/api/event/${e.eventId}/scheduling-settings`, {
    minRestMinutes: 60,
    selfSignupGroupIds: [],
    signOffClosesHours: 0,
  });
  expect(rules.statusCode, rules.body).toBe(200);
});
afterAll(async () => {
  await e.t.close();
  await pushService.close();
  await smtp.close();
});

const HOURS = 60;

describe(`asking for cover on ${dialect}`, () => {
  it('asks the free, rested volunteers of the group once, by push where allowed and by e-mail otherwise', async () => {
    const shiftId = await e.shift(e.kitchen.id, 10 * HOURS, { title: 'Dishes', capacity: 2 });
    const pushed = await e.volunteer(e.kitchen.id, 'Petra');
    const mailed = await e.volunteer(e.kitchen.id, 'Mats');
    const busy = await e.volunteer(e.kitchen.id, 'Bertil');
    const onIt = await e.volunteer(e.kitchen.id, 'Olle');
    const tired = await e.volunteer(e.kitchen.id, 'Tove');
    const elsewhere = await e.volunteer(e.bar.id, 'Bo');
    // Busy: a shift overlapping. Tired: a shift ending 30 minutes before (the event asks for 60 minutes' rest).
    await e.place(await e.shift(null, 10 * HOURS + 60, { minutes: 60 }), busy.eventUserId);
    await e.place(await e.shift(null, 10 * HOURS - 90, { minutes: 60 }), tired.eventUserId);
    await e.place(shiftId, onIt.eventUserId);
    const device = deviceKeys();
    const subscribed = await pushed.client.post('/api/push/subscriptions', {
      endpoint: `${pushService.origin}/device/petra`,
      keys: device.keys,
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);

    const asked = await e.askForCover(e.kim, shiftId);
    expect(asked.statusCode, asked.body).toBe(201);
    const { coverRequest } = asked.json();
    expect(coverRequest).toMatchObject({ eventId: e.eventId, shiftId, state: 'open', askedCount: 2 });
    await e.t.app.mail.worker.drain();

    const notices = pushService.requests
      .filter((request) => request.path === '/device/petra')
      .map((request) => JSON.parse(decryptPush(request.body, device)));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: 'Can you cover a shift?',
      url: `/cover-requests/${coverRequest.id}`,
      kind: 'coverRequest',
    });
    expect(notices[0].body).toMatch(/^Dishes, .* – Lake festival$/);
    const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email));
    expect(mailsTo(pushed.user.email)).toEqual([]);
    expect(mailsTo(mailed.user.email)).toHaveLength(1);
    expect(textOf(mailsTo(mailed.user.email)[0].raw)).toContain(`http://funkis.test/cover-requests/${coverRequest.id}`);
    for (const person of [busy, onIt, tired, elsewhere]) {
      expect(mailsTo(person.user.email)).toEqual([]);
      expect(await offeredTo(person.client)).toEqual([]);
    }
    expect((await offeredTo(pushed.client)).map((request) => [request.id, request.state])).toEqual([
      [coverRequest.id, 'open'],
    ]);

    // Asking again answers the open request and asks nobody twice; a volunteer who joined since is asked.
    const again = await e.askForCover(e.admin, shiftId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().coverRequest).toMatchObject({ id: coverRequest.id, askedCount: 2 });
    const newcomer = await e.volunteer(e.kitchen.id, 'Nora');
    const third = await e.askForCover(e.admin, shiftId);
    expect(third.json().coverRequest).toMatchObject({ id: coverRequest.id, askedCount: 3 });
    await e.t.app.mail.worker.drain();
    expect(pushService.requests.filter((request) => request.path === '/device/petra')).toHaveLength(1);
    expect(mailsTo(mailed.user.email)).toHaveLength(1);
    expect(mailsTo(newcomer.user.email)).toHaveLength(1);
  });

  it('lets only organisers of the shift ask, with the CSRF token', async () => {
    const shiftId = await e.shift(e.kitchen.id, 30 * HOURS);
    const volunteer = await e.volunteer(e.kitchen.id);
    const refused = await e.askForCover(volunteer.client, shiftId);
    expect(refused.statusCode).toBe(403);
    const otherLeader = await e.askForCover(e.bea, shiftId);
    expect(otherLeader.statusCode).toBe(403);
    expect(otherLeader.json().errors[0].code).toBe('error.ownGroupOnly');
    const noCsrf = await e.kim.request(
      'POST',
      `/api/event/${e.eventId}/shifts/${shiftId}/cover-requests`,
      {},
      {
        csrf: null,
      },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect((await offeredTo(volunteer.client)).length).toBe(0);
  });

  it('refuses a full shift and an ended one', async () => {
    const full = await e.shift(e.kitchen.id, 40 * HOURS, { capacity: 1 });
    await e.place(full, (await e.volunteer(e.kitchen.id)).eventUserId);
    const answer = await e.askForCover(e.kim, full);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().errors[0].code).toBe('error.coverShiftFull');
    const ended = await e.shift(e.kitchen.id, -3 * HOURS, { minutes: 60 });
    const late = await e.askForCover(e.kim, ended);
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0].code).toBe('error.coverShiftEnded');
  });

  it("frees a late person's place for the cover and tells them; not before they are late, nor for another group", async () => {
    // Capacity 1, started 40 minutes ago, nobody arrived: the person is late (10 minutes by default).
    const started = await e.shift(e.kitchen.id, -40, { capacity: 1, title: 'Breakfast' });
    const lateOne = await e.volunteer(e.kitchen.id, 'Lasse');
    await e.place(started, lateOne.eventUserId);
    const coverer = await e.volunteer(e.kitchen.id, 'Cora');
    const ask = (client: typeof e.kim, shiftId: number, body: unknown) =>
      client.post(`/api/event/${e.eventId}/shifts/${shiftId}/cover-requests`, body);

    // Just started: not late yet.
    const fresh = await e.shift(e.kitchen.id, -5, { capacity: 1 });
    const onTime = await e.volunteer(e.kitchen.id, 'Otto');
    await e.place(fresh, onTime.eventUserId);
    const early = await ask(e.kim, fresh, { replacing: onTime.eventUserId });
    expect(early.statusCode).toBe(409);
    expect(early.json().errors[0].code).toBe('error.coverNotLate');
    // Not on the shift; another group's leader; a bad id.
    expect((await ask(e.kim, started, { replacing: coverer.eventUserId })).statusCode).toBe(404);
    expect((await ask(e.bea, started, { replacing: lateOne.eventUserId })).statusCode).toBe(403);
    expect((await ask(e.kim, started, { replacing: 'abc' })).statusCode).toBe(400);
    // Nothing was taken away by the refused calls.
    const before = (await e.admin.get(`/api/event/${e.eventId}/shifts`)).json().shifts;
    expect(before.find((shift: { id: number }) => shift.id === started).assignments).toHaveLength(1);

    const asked = await ask(e.kim, started, { replacing: lateOne.eventUserId });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().coverRequest.askedCount).toBeGreaterThanOrEqual(1);
    const after = (await e.admin.get(`/api/event/${e.eventId}/shifts`)).json().shifts;
    expect(after.find((shift: { id: number }) => shift.id === started).assignments).toEqual([]);
    await e.t.app.mail.worker.drain();
    const toLasse = smtp.messages
      .filter((mail) => mail.to.includes(lateOne.user.email))
      .map((mail) => textOf(mail.raw));
    expect(toLasse.some((text) => text.includes('an organiser of Lake festival took you off a shift:'))).toBe(true);
    const audit = await e.t.db
      .selectFrom('audit_log')
      .select('details')
      .where('event_id', '=', e.eventId)
      .where('action', '=', 'shift.unassigned')
      .execute();
    expect(audit.map((row) => JSON.parse(String(row.details)).reason)).toContain('cover');

    const request = (await offeredTo(coverer.client)).find((offer) => offer.state === 'open');
    expect(request).toBeDefined();
    const taken = await coverer.client.post(`/api/cover-requests/${request?.id}/accept`, {});
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().assignment.eventUserId).toBe(coverer.eventUserId);
  });

  it('gives the place to the first who accepts; the others see it taken', async () => {
    const shiftId = await e.shift(e.kitchen.id, 50 * HOURS, { capacity: 3 });
    const first = await e.volunteer(e.kitchen.id, 'Frida');
    const second = await e.volunteer(e.kitchen.id, 'Sven');
    const outsider = await e.volunteer(e.bar.id, 'Ulla');
    const asked = await e.askForCover(e.admin, shiftId);
    const id = asked.json().coverRequest.id;

    const notOffered = await outsider.client.post(`/api/cover-requests/${id}/accept`);
    expect(notOffered.statusCode).toBe(404);
    expect(notOffered.json().errors[0].code).toBe('error.coverRequestNotFound');

    const accepted = await first.client.post(`/api/cover-requests/${id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().assignment).toMatchObject({ shiftId, eventUserId: first.eventUserId });
    const shift = (await e.admin.get(`/api/event/${e.eventId}/shifts`))
      .json()
      .shifts.find((row: { id: number }) => row.id === shiftId);
    expect(shift.assignments.map((row: { eventUserId: number }) => row.eventUserId)).toEqual([first.eventUserId]);

    const late = await second.client.post(`/api/cover-requests/${id}/accept`);
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0].code).toBe('error.coverRequestTaken');
    expect(await offeredTo(second.client)).toMatchObject([{ id, state: 'taken', takenByMe: false }]);
    expect(await offeredTo(first.client)).toMatchObject([{ id, state: 'taken', takenByMe: true }]);

    // The shift still has free places: a new request may be made, and asks those free now.
    const next = await e.askForCover(e.admin, shiftId);
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().coverRequest.id).not.toBe(id);
    expect(next.json().coverRequest.askedCount).toBeGreaterThanOrEqual(1);
  });

  it('applies the rules again when accepting', async () => {
    const shiftId = await e.shift(e.kitchen.id, 70 * HOURS, { capacity: 1 });
    const clashing = await e.volunteer(e.kitchen.id, 'Cecilia');
    const other = await e.volunteer(e.kitchen.id, 'Dag');
    const id = (await e.askForCover(e.kim, shiftId)).json().coverRequest.id;
    // Cecilia takes another shift at the same time before she answers.
    await e.place(await e.shift(null, 70 * HOURS + 30), clashing.eventUserId);
    const refused = await clashing.client.post(`/api/cover-requests/${id}/accept`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].code).toBe('error.shiftOverlap');
    // Someone else fills the place meanwhile: the request is closed for everybody.
    await e.place(shiftId, (await e.volunteer(e.kitchen.id)).eventUserId);
    const full = await other.client.post(`/api/cover-requests/${id}/accept`);
    expect(full.statusCode).toBe(409);
    expect(full.json().errors[0].code).toBe('error.shiftFull');
    expect(await offeredTo(other.client)).toMatchObject([{ id, state: 'closed' }]);
  });

  it('lets the organisers of the shift withdraw a request nobody took: closed for the asked, once or twice', async () => {
    const shiftId = await e.shift(e.kitchen.id, 80 * HOURS, { capacity: 2, title: 'Soup' });
    const asked = await e.volunteer(e.kitchen.id, 'Wilma');
    const first = await e.askForCover(e.admin, shiftId);
    expect(first.statusCode, first.body).toBe(201);
    const id: number = first.json().coverRequest.id;
    // The board shows the open request with its shift (to the group's leader too), so it can be withdrawn there.
    const boardShift = async (client: TestClient) => {
      const from = new Date(Date.now() + 79 * HOURS * 60_000).toISOString();
      const to = new Date(Date.now() + 82 * HOURS * 60_000).toISOString();
      const board = await client.get(`/api/event/${e.eventId}/board?from=${from}&to=${to}`);
      expect(board.statusCode, board.body).toBe(200);
      return board.json().shifts.find((shift: { id: number }) => shift.id === shiftId);
    };
    expect((await boardShift(e.kim)).coverRequest).toMatchObject({
      id,
      shiftId,
      state: 'open',
      askedCount: first.json().coverRequest.askedCount,
    });

    // Not theirs to withdraw: a volunteer, the leader of another group, a call without the CSRF token.
    const byVolunteer = await e.withdraw(asked.client, id);
    expect(byVolunteer.statusCode).toBe(403);
    const byOtherLeader = await e.withdraw(e.bea, id);
    expect(byOtherLeader.statusCode).toBe(403);
    expect(byOtherLeader.json().errors[0].code).toBe('error.ownGroupOnly');
    const noCsrf = await e.kim.request('DELETE', `/api/event/${e.eventId}/cover-requests/${id}`, undefined, {
      csrf: null,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await offeredTo(asked.client)).toMatchObject([{ id, state: 'open' }]);

    // The shift's group leader withdraws it: the volunteer sees it closed and can no longer take it.
    const withdrawn = await e.withdraw(e.kim, id);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await boardShift(e.admin)).coverRequest).toBeNull();
    expect(await offeredTo(asked.client)).toMatchObject([{ id, state: 'closed', takenByMe: false }]);
    const late = await asked.client.post(`/api/cover-requests/${id}/accept`);
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0].code).toBe('error.coverRequestClosed');
    // Withdrawing again changes nothing and says so with 200; the log has one entry.
    const again = await e.withdraw(e.admin, id);
    expect(again.statusCode, again.body).toBe(200);
    const audit = await e.t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'subject', 'details'])
      .where('event_id', '=', e.eventId)
      .where('action', '=', 'shift.cover_withdrawn')
      .execute();
    expect(audit.filter((row) => JSON.parse(String(row.details)).coverRequestId === id)).toMatchObject([
      { subject: `shift:${shiftId}` },
    ]);
    const places = await e.t.db.selectFrom('shift_assignments').select('id').where('shift_id', '=', shiftId).execute();
    expect(places).toEqual([]);

    // Asking again makes a new request, which an admin may withdraw too.
    const next = await e.askForCover(e.kim, shiftId);
    expect(next.statusCode, next.body).toBe(201);
    const nextId: number = next.json().coverRequest.id;
    expect(nextId).not.toBe(id);
    expect((await e.withdraw(e.admin, nextId)).statusCode).toBe(200);
    expect(await offeredTo(asked.client)).toMatchObject([
      { id, state: 'closed' },
      { id: nextId, state: 'closed' },
    ]);
  });

  it('refuses to withdraw a request someone took, and one of another event or none', async () => {
    const shiftId = await e.shift(e.kitchen.id, 90 * HOURS, { capacity: 2 });
    const taker = await e.volunteer(e.kitchen.id, 'Tage');
    const id: number = (await e.askForCover(e.kim, shiftId)).json().coverRequest.id;
    const accepted = await taker.client.post(`/api/cover-requests/${id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const taken = await e.withdraw(e.kim, id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0].code).toBe('error.coverRequestTaken');
    expect(await offeredTo(taker.client)).toMatchObject([{ id, state: 'taken', takenByMe: true }]);

    // The admin of another event cannot reach this event's request through theirs.
    const otherAdminUser = await createUser(e.t.db, { firstname: 'Otto', lastname: 'Other' });
    const otherEvent = await createEvent(e.t.db, { adminId: otherAdminUser.id, name: 'Other festival' });
    const otherAdmin = await loginAs(e.t.app, otherAdminUser);
    const elsewhere = await otherAdmin.delete(`/api/event/${otherEvent.id}/cover-requests/${id}`);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().errors[0].code).toBe('error.coverRequestNotFound');

    for (const [bad, status] of [
      ['99999999999999999999', 400],
      ['abc', 400],
      ['0', 400],
      ['2147483647', 404],
    ] as const) {
      const answer = await e.withdraw(e.admin, bad);
      expect(answer.statusCode, `${bad}: ${answer.body}`).toBe(status);
    }
  });

  it('answers 400 or 404 for ids that name nothing, never 500', async () => {
    const volunteer = await e.volunteer(e.kitchen.id);
    for (const [id, status] of [
      ['99999999999999999999', 400],
      ['abc', 400],
      ['0', 400],
      ['2147483647', 404],
    ] as const) {
      const answer = await volunteer.client.post(`/api/cover-requests/${id}/accept`);
      expect(answer.statusCode, `${id}: ${answer.body}`).toBe(status);
      const ask = await e.admin.post(`/api/event/${e.eventId}/shifts/${id}/cover-requests`);
      expect(ask.statusCode, `${id}: ${ask.body}`).toBe(status);
    }
  });
});
