import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { createUser, loginAs } from '../helpers/factories.js';
import { startSmtpServer, textOf } from '../helpers/smtp.js';
import { codesOf, handoverEvent } from './handover-fixtures.js';

/**
 * Hand-over (decision 033): a volunteer offers their place until a deadline and keeps it until someone
 * takes it; free, rested volunteers of the group see it and take it (or ask, when a leader must approve); both are
 * told, the audit log says so.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_WORKER: 'off', MAIL_RATE_PER_MINUTE: '60000' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const detailsOf = (row: { details: unknown }) =>
  (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as Record<string, unknown>;
const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email));

describe(`hand-over on ${dialect}`, () => {
  it('offers a place, shows it to those who may take it, hands it over and tells both', async () => {
    const e = await handoverEvent(t, { minRestMinutes: 60 });
    const anna = await e.person(2, e.bar.id, 'Anna');
    const ben = await e.person(2, e.bar.id, 'Ben');
    const busy = await e.person(2, e.bar.id, 'Busy');
    const cook = await e.person(2, e.kitchen.id, 'Cook');
    const shift = await e.shift(e.bar.id, 48);
    const overlapping = await e.shift(e.bar.id, 49, 5);
    await e.place(shift, anna);
    await e.place(overlapping, busy);

    const offered = await e.offer(anna, shift);
    expect(offered.statusCode, offered.body).toBe(201);
    const offer = offered.json().offer;
    expect(offer).toMatchObject({
      shiftId: shift,
      status: 'open',
      offeredBy: { eventUserId: anna.eventUserId, firstname: 'Anna' },
      takenBy: null,
      shift: { id: shift, location: 'Quay', group: { id: e.bar.id, name: 'Bar' } },
    });
    // The deadline is the shift's start when not given.
    const start = (
      await t.db.selectFrom('shifts').select('starts_at').where('id', '=', shift).executeTakeFirstOrThrow()
    ).starts_at;
    expect(offer.until).toBe(start);
    const again = await e.offer(anna, shift);
    expect(again.statusCode).toBe(409);
    expect(codesOf(again.body)).toEqual(['error.offerExists']);

    // Who sees it: Ben (free, same group); not Busy (an overlapping shift), not the Kitchen's cook; Anna her own.
    expect((await e.offers(ben.client)).map((one) => one.id)).toEqual([offer.id]);
    expect(await e.offers(busy.client)).toEqual([]);
    expect(await e.offers(cook.client)).toEqual([]);
    expect((await e.offers(anna.client)).map((one) => one.id)).toEqual([offer.id]);
    // Organisers: the admin and the Bar's leader, not the Kitchen's.
    expect((await e.offers(e.admin)).map((one) => one.id)).toEqual([offer.id]);
    expect((await e.offers(e.bea.client)).map((one) => one.id)).toEqual([offer.id]);
    expect(await e.offers(e.kim.client)).toEqual([]);

    // The rules for the taker: overlap, another group, one's own offer.
    const overlap = await e.take(busy, offer.id);
    expect(overlap.statusCode).toBe(409);
    expect(codesOf(overlap.body)).toEqual(['error.shiftOverlap']);
    const otherGroup = await e.take(cook, offer.id);
    expect(otherGroup.statusCode).toBe(409);
    expect(codesOf(otherGroup.body)).toEqual(['error.shiftOtherGroup']);
    expect(codesOf((await e.take(anna, offer.id)).body)).toEqual(['error.offerOwn']);

    const taken = await e.take(ben, offer.id);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().assignment).toMatchObject({ shiftId: shift, eventUserId: ben.eventUserId });
    expect(await e.holders(shift)).toEqual([ben.eventUserId]);
    const late = await e.take(busy, offer.id);
    expect(late.statusCode).toBe(409);
    expect(codesOf(late.body)).toEqual(['error.offerTaken']);
    const listed = (await e.offers(e.admin)).find((one) => one.id === offer.id);
    expect(listed).toMatchObject({ status: 'taken', takenBy: { eventUserId: ben.eventUserId } });
    // Ben no longer sees it to take; Anna no longer holds it, so it is not hers to offer again.
    expect(await e.offers(ben.client)).toEqual([]);
    expect(codesOf((await e.offer(anna, shift)).body)).toEqual(['error.offerNotHolder']);

    await t.app.mail.worker.drain();
    const toBen = mailsTo(ben.email);
    expect(toBen).toHaveLength(1);
    expect(textOf(toBen[0].raw)).toContain('you took over the place Anna Person');
    const toAnna = mailsTo(anna.email);
    expect(toAnna).toHaveLength(1);
    expect(textOf(toAnna[0].raw)).toContain('took over the place you offered on a shift of Harbour fair');

    expect((await e.audit('shift.offered')).map(detailsOf)).toEqual([
      expect.objectContaining({ offerId: offer.id, eventUserId: anna.eventUserId }),
    ]);
    expect((await e.audit('shift.handover')).map(detailsOf)).toEqual([
      expect.objectContaining({ offerId: offer.id, from: anna.eventUserId, to: ben.eventUserId }),
    ]);
  });

  it('refuses a taker without enough rest, and a deadline that is past or after the start', async () => {
    const e = await handoverEvent(t, { minRestMinutes: 120 });
    const anna = await e.person(2, e.bar.id, 'Anna');
    const tired = await e.person(2, e.bar.id, 'Tired');
    const shift = await e.shift(e.bar.id, 48);
    const before = await e.shift(e.bar.id, 45);
    await e.place(shift, anna);
    await e.place(before, tired);
    const past = await e.offer(anna, shift, { until: new Date(Date.now() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(codesOf(past.body)).toEqual(['error.offerUntilInvalid']);
    const afterStart = await e.offer(anna, shift, { until: new Date(Date.now() + 49 * 3_600_000).toISOString() });
    expect(codesOf(afterStart.body)).toEqual(['error.offerUntilInvalid']);
    expect((await e.offer(anna, shift, { until: 'tomorrow' })).statusCode).toBe(400);
    const offer = (await e.offer(anna, shift)).json().offer;
    expect(await e.offers(tired.client)).toEqual([]);
    const refused = await e.take(tired, offer.id);
    expect(refused.statusCode).toBe(409);
    expect(codesOf(refused.body)).toEqual(['error.shiftRestTooShort']);
    expect(await e.holders(shift)).toEqual([anna.eventUserId]);
  });

  it('lets the one who offered withdraw it; signing off or being removed closes it; an expired one cannot be taken', async () => {
    const e = await handoverEvent(t);
    const anna = await e.person(2, e.bar.id, 'Anna');
    const ben = await e.person(2, e.bar.id, 'Ben');
    const shift = await e.shift(e.bar.id, 48);
    await e.place(shift, anna);
    const first = (await e.offer(anna, shift)).json().offer;
    // Only the one who offered withdraws.
    expect((await ben.client.delete(`${e.base}/offers/${first.id}`)).statusCode).toBe(403);
    const withdrawn = await anna.client.delete(`${e.base}/offers/${first.id}`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().offer.status).toBe('withdrawn');
    expect(codesOf((await e.take(ben, first.id)).body)).toEqual(['error.offerWithdrawn']);
    expect(await e.holders(shift)).toEqual([anna.eventUserId]);
    expect(await e.offers(ben.client)).toEqual([]);
    expect((await e.audit('shift.offer_withdrawn')).map(detailsOf)).toEqual([
      expect.objectContaining({ offerId: first.id }),
    ]);

    // Removed by an organiser: the offer closes with the place.
    const second = (await e.offer(anna, shift)).json().offer;
    const place = await t.db
      .selectFrom('shift_assignments')
      .select('id')
      .where('shift_id', '=', shift)
      .executeTakeFirstOrThrow();
    expect((await e.admin.delete(`${e.base}/shifts/${shift}/assignments/${place.id}`)).statusCode).toBe(200);
    expect(codesOf((await e.take(ben, second.id)).body)).toEqual(['error.offerWithdrawn']);
    expect(await e.holders(shift)).toEqual([]);

    // Past its deadline: expired, not takeable.
    await e.place(shift, anna);
    const soon = (await e.offer(anna, shift, { until: new Date(Date.now() + 1200).toISOString() })).json().offer;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const expired = await e.take(ben, soon.id);
    expect(expired.statusCode).toBe(409);
    expect(codesOf(expired.body)).toEqual(['error.offerExpired']);
    expect((await e.offers(anna.client)).find((one) => one.id === soon.id)?.status).toBe('expired');
    expect(await e.offers(ben.client)).toEqual([]);
    // The place may be offered again once the old offer ran out.
    expect((await e.offer(anna, shift)).statusCode).toBe(201);
    expect((await e.offers(anna.client)).map((one) => one.status)).toEqual([
      'withdrawn',
      'withdrawn',
      'expired',
      'open',
    ]);

    // Deleting the shift takes its offers with it.
    expect((await e.admin.delete(`${e.base}/shifts/${shift}`)).statusCode).toBe(200);
    expect(await e.offers(anna.client)).toEqual([]);
  });

  it('works after sign-off has closed, but not once the shift has started', async () => {
    const e = await handoverEvent(t, { signOffClosesHours: 72 });
    const anna = await e.person(2, e.bar.id, 'Anna');
    const shift = await e.shift(e.bar.id, 24);
    await e.place(shift, anna);
    expect((await e.offer(anna, shift)).statusCode).toBe(201);
    const started = await e.shift(e.bar.id, -1);
    await e.place(started, anna);
    const refused = await e.offer(anna, started);
    expect(refused.statusCode).toBe(409);
    expect(codesOf(refused.body)).toEqual(['error.shiftStarted']);
  });

  it("waits for a leader's approval when the event wants it; the leaders are told; decline opens it again", async () => {
    const e = await handoverEvent(t, { handoverApproval: true });
    const anna = await e.person(2, e.bar.id, 'Anna');
    const ben = await e.person(2, e.bar.id, 'Ben');
    const cleo = await e.person(2, e.bar.id, 'Cleo');
    const shift = await e.shift(e.bar.id, 48);
    await e.place(shift, anna);
    const offer = (await e.offer(anna, shift)).json().offer;

    const asked = await e.take(ben, offer.id);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().offer).toMatchObject({ status: 'pending', takenBy: { eventUserId: ben.eventUserId } });
    expect(await e.holders(shift)).toEqual([anna.eventUserId]);
    expect(codesOf((await e.take(cleo, offer.id)).body)).toEqual(['error.offerPending']);
    // Ben sees his request waiting; Cleo sees nothing to take; the Bar's leader sees it pending.
    expect((await e.offers(ben.client)).map((one) => one.status)).toEqual(['pending']);
    expect(await e.offers(cleo.client)).toEqual([]);
    expect((await e.offers(e.bea.client)).map((one) => one.status)).toEqual(['pending']);

    await t.app.mail.worker.drain();
    const toBea = mailsTo(e.bea.email);
    expect(toBea).toHaveLength(1);
    expect(textOf(toBea[0].raw)).toContain('would like to take over the place Anna Person');
    expect(mailsTo(e.kim.email)).toEqual([]);
    expect((await e.audit('shift.handover_pending')).map(detailsOf)).toEqual([
      expect.objectContaining({ from: anna.eventUserId, to: ben.eventUserId }),
    ]);

    // Another group's leader and volunteers may not decide it.
    expect((await e.kim.client.post(`${e.base}/offers/${offer.id}/approve`)).statusCode).toBe(403);
    expect((await cleo.client.post(`${e.base}/offers/${offer.id}/approve`)).statusCode).toBe(403);

    const declined = await e.bea.client.post(`${e.base}/offers/${offer.id}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().offer).toMatchObject({ status: 'open', takenBy: null });
    // Ben, who asked, is told; Anna, who keeps her place, and Cleo are not.
    await t.app.mail.worker.drain();
    const toBen = mailsTo(ben.email);
    expect(toBen).toHaveLength(1);
    expect(textOf(toBen[0].raw)).toContain('an organiser declined your request to take over the place Anna Person');
    expect(mailsTo(anna.email)).toEqual([]);
    expect(mailsTo(cleo.email)).toEqual([]);
    expect(codesOf((await e.bea.client.post(`${e.base}/offers/${offer.id}/approve`)).body)).toEqual([
      'error.offerNotPending',
    ]);

    expect((await e.take(cleo, offer.id)).statusCode).toBe(202);
    const approved = await e.admin.post(`${e.base}/offers/${offer.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().assignment).toMatchObject({ shiftId: shift, eventUserId: cleo.eventUserId });
    expect(await e.holders(shift)).toEqual([cleo.eventUserId]);
    expect((await e.audit('shift.handover')).map(detailsOf)).toEqual([
      expect.objectContaining({ from: anna.eventUserId, to: cleo.eventUserId, approved: true }),
    ]);
    await t.app.mail.worker.drain();
    expect(mailsTo(cleo.email)).toHaveLength(1);
    expect(mailsTo(anna.email)).toHaveLength(1);
  });

  it('re-checks the rules when approving', async () => {
    const e = await handoverEvent(t, { handoverApproval: true });
    const anna = await e.person(2, e.bar.id, 'Anna');
    const ben = await e.person(2, e.bar.id, 'Ben');
    const shift = await e.shift(e.bar.id, 48);
    const overlapping = await e.shift(e.bar.id, 49);
    await e.place(shift, anna);
    const offer = (await e.offer(anna, shift)).json().offer;
    expect((await e.take(ben, offer.id)).statusCode).toBe(202);
    // Meanwhile Ben got an overlapping shift.
    await e.place(overlapping, ben);
    const approved = await e.bea.client.post(`${e.base}/offers/${offer.id}/approve`);
    expect(approved.statusCode).toBe(409);
    expect(codesOf(approved.body)).toEqual(['error.shiftOverlap']);
    expect(await e.holders(shift)).toEqual([anna.eventUserId]);
  });

  it('refuses strangers, the wrong people, missing CSRF tokens and bad ids', async () => {
    const e = await handoverEvent(t);
    const anna = await e.person(2, e.bar.id, 'Anna');
    const ben = await e.person(2, e.bar.id, 'Ben');
    const shift = await e.shift(e.bar.id, 48);
    await e.place(shift, anna);
    // Not holding the place.
    const notHolder = await e.offer(ben, shift);
    expect(notHolder.statusCode).toBe(403);
    expect(codesOf(notHolder.body)).toEqual(['error.offerNotHolder']);
    const offer = (await e.offer(anna, shift)).json().offer;

    const stranger = await loginAs(t.app, await createUser(t.db));
    expect((await stranger.get(`${e.base}/offers`)).statusCode).toBe(403);
    expect((await stranger.post(`${e.base}/offers/${offer.id}/take`)).statusCode).toBe(403);
    expect((await stranger.post(`${e.base}/shifts/${shift}/offers`, {})).statusCode).toBe(403);
    expect((await stranger.delete(`${e.base}/offers/${offer.id}`)).statusCode).toBe(403);
    // Organisers place people themselves; taking is for volunteers. Volunteers do not approve or decline.
    expect((await e.admin.post(`${e.base}/offers/${offer.id}/take`)).statusCode).toBe(403);
    expect((await ben.client.post(`${e.base}/offers/${offer.id}/decline`)).statusCode).toBe(403);
    // No CSRF token.
    const withoutToken = await ben.client.request('POST', `${e.base}/offers/${offer.id}/take`, {}, { csrf: null });
    expect(withoutToken.statusCode).toBe(403);
    const offerWithoutToken = await anna.client.request('POST', `${e.base}/shifts/${shift}/offers`, {}, { csrf: null });
    expect(offerWithoutToken.statusCode).toBe(403);
    expect(await e.holders(shift)).toEqual([anna.eventUserId]);

    // Ids through the one id schema on both databases: 400 or 404, never 500.
    for (const bad of ['abc', '99999999999999999999', '-1', '1.5']) {
      expect((await ben.client.post(`${e.base}/offers/${bad}/take`)).statusCode).toBe(400);
      expect((await anna.client.post(`${e.base}/shifts/${bad}/offers`, {})).statusCode).toBe(400);
      expect((await e.admin.post(`${e.base}/offers/${bad}/approve`)).statusCode).toBe(400);
      expect((await anna.client.delete(`${e.base}/offers/${bad}`)).statusCode).toBe(400);
    }
    const missing = await ben.client.post(`${e.base}/offers/2147483647/take`);
    expect(missing.statusCode).toBe(404);
    expect(codesOf(missing.body)).toEqual(['error.offerNotFound']);
    expect((await anna.client.post(`${e.base}/shifts/2147483647/offers`, {})).statusCode).toBe(404);
    expect((await e.admin.post(`${e.base}/offers/2147483647/decline`)).statusCode).toBe(404);
    expect((await anna.client.delete(`${e.base}/offers/2147483647`)).statusCode).toBe(404);
    // An offer of another event is unknown here.
    const other = await handoverEvent(t);
    const otherAnna = await other.person(2, other.bar.id, 'Other');
    const otherShift = await other.shift(other.bar.id, 48);
    await other.place(otherShift, otherAnna);
    const foreign = (await other.offer(otherAnna, otherShift)).json().offer;
    expect((await ben.client.post(`${e.base}/offers/${foreign.id}/take`)).statusCode).toBe(404);
  });
});
