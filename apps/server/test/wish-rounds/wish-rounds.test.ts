import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialect } from '../helpers/app.js';
import { addMember, createEvent, createUser, loginAs } from '../helpers/factories.js';
import { signInWithLanguage } from '../push/push-service.js';
import { inHours, type WishEvent, wishEvent } from './fixtures.js';

let w: WishEvent;
beforeAll(async () => {
  w = await wishEvent({ MAIL_RATE_PER_MINUTE: '60000' });
});
afterAll(() => w?.t.close());
afterEach(() => {
  vi.useRealTimers();
});

const codeOf = (response: { json(): { errors?: { code: string }[] } }) => response.json().errors?.[0]?.code;

/** After the round's closing time, with only the clock moved (the app's timers keep running). */
const afterClosing = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(inHours(25)) });

describe(`opening a wish round on ${dialect}`, () => {
  it('opens a round of the group’s shifts and answers it with its shifts, seed and options', async () => {
    const a = await w.shift(w.kitchen.id, 48, { title: 'Dishes' });
    const b = await w.shift(w.kitchen.id, 52, { title: 'Grill' });
    const round = await w.round(
      { title: 'Kitchen week', groupId: w.kitchen.id, shiftIds: [a, b], minShifts: 1, maxShifts: 2 },
      w.kim,
    );
    expect(round).toMatchObject({
      title: 'Kitchen week',
      group: { id: w.kitchen.id, name: 'Kitchen' },
      minShifts: 1,
      maxShifts: 2,
      status: 'open',
      wishCount: 0,
      myWishes: null,
      preview: null,
      publishedAt: null,
      options: { experienced: false, friends: true, fillToMinimum: false },
    });
    expect(
      (round.shifts as { id: number; title: string; taken: number }[]).map((s) => [s.id, s.title, s.taken]),
    ).toEqual([
      [a, 'Dishes', 0],
      [b, 'Grill', 0],
    ]);
    expect(Number.isInteger(round.seed)).toBe(true);
    const listed = await w.kim.get(w.e('/wish-rounds'));
    expect(listed.json().rounds.map((r: { id: number }) => r.id)).toContain(round.id);
  });

  it('refuses shifts of another event or group, a started shift, min above max and a past closing time', async () => {
    const kitchenShift = await w.shift(w.kitchen.id, 48);
    const barShift = await w.shift(w.bar.id, 48);
    const started = await w.shift(w.kitchen.id, -1, { hours: 3 });
    const otherAdmin = await createUser(w.t.db);
    const otherEvent = await createEvent(w.t.db, { adminId: otherAdmin.id });
    const made = await (await loginAs(w.t.app, otherAdmin)).post(`/api/event/${otherEvent.id}/shifts`, {
      title: 'Elsewhere',
      startsAt: inHours(48),
      endsAt: inHours(50),
      capacity: 1,
      groupId: null,
    });
    expect(made.statusCode, made.body).toBe(201);
    const foreign = made.json().shift.id;
    const body = { groupId: w.kitchen.id, closesAt: inHours(24), minShifts: 0, maxShifts: 2 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...body, shiftIds: [kitchenShift, foreign] }, 'shiftIds', 'error.wishRoundShiftInvalid'],
      [{ ...body, groupId: null, shiftIds: [kitchenShift, foreign] }, 'shiftIds', 'error.wishRoundShiftInvalid'],
      [{ ...body, shiftIds: [kitchenShift, barShift] }, 'shiftIds', 'error.wishRoundShiftInvalid'],
      [{ ...body, shiftIds: [kitchenShift, started] }, 'shiftIds', 'error.wishRoundShiftStarted'],
      [{ ...body, shiftIds: [kitchenShift], minShifts: 3, maxShifts: 2 }, 'minShifts', 'error.wishRoundMinAboveMax'],
      [{ ...body, shiftIds: [kitchenShift], closesAt: inHours(-1) }, 'closesAt', 'error.wishRoundClosesAtInvalid'],
      [{ ...body, shiftIds: [kitchenShift, kitchenShift] }, 'shiftIds', 'error.wishRoundShiftsDistinct'],
      [{ ...body, shiftIds: [] }, 'shiftIds', 'error.wishRoundShiftsCount'],
      [{ ...body, shiftIds: [kitchenShift], maxShifts: 21 }, 'maxShifts', 'error.wishRoundCountInvalid'],
    ];
    for (const [input, field, code] of cases) {
      const response = await w.admin.post(w.e('/wish-rounds'), input);
      expect(response.statusCode, `${code}: ${response.body}`).toBe(400);
      expect(codeOf(response)).toBe(code);
      expect(Object.keys(response.json().fieldErrors ?? {})).toContain(field);
    }
  });
});

describe(`who may run and join a round on ${dialect}`, () => {
  it('refuses volunteers, another group’s leader, a volunteer of another group and a request without CSRF', async () => {
    const shift = await w.shift(w.kitchen.id, 60);
    const cook = await w.volunteer(w.kitchen.id, 'Cook');
    const barista = await w.volunteer(w.bar.id, 'Barista');
    const body = { groupId: w.kitchen.id, shiftIds: [shift], closesAt: inHours(24), minShifts: 0, maxShifts: 1 };
    expect((await cook.client.post(w.e('/wish-rounds'), body)).statusCode).toBe(403);
    const beaCreates = await w.bea.post(w.e('/wish-rounds'), body);
    expect(beaCreates.statusCode).toBe(403);
    expect(codeOf(beaCreates)).toBe('error.ownGroupOnly');
    expect((await w.kim.post(w.e('/wish-rounds'), { ...body, groupId: null })).statusCode).toBe(403);
    const round = await w.round(body, w.kim);
    const path = (tail = '') => w.e(`/wish-rounds/${round.id}${tail}`);
    expect((await cook.client.post(path('/allocate'))).statusCode).toBe(403);
    expect((await cook.client.post(path('/publish'))).statusCode).toBe(403);
    expect((await cook.client.delete(path())).statusCode).toBe(403);
    const beaAllocates = await w.bea.post(path('/allocate'));
    expect(beaAllocates.statusCode).toBe(403);
    expect((await w.bea.post(path('/publish'))).statusCode).toBe(403);
    expect((await w.bea.get(path())).statusCode).toBe(404);
    expect((await barista.client.get(path())).statusCode).toBe(404);
    const baristaWishes = await barista.client.post(path('/wishes'), { ranked: [shift], cannot: [], count: 1 });
    expect(baristaWishes.statusCode).toBe(403);
    expect(codeOf(baristaWishes)).toBe('error.wishRoundNotParticipant');
    expect(
      (await barista.client.get(w.e('/wish-rounds'))).json().rounds.map((r: { id: number }) => r.id),
    ).not.toContain(round.id);
    const noCsrf = await cook.client.request(
      'POST',
      path('/wishes'),
      { ranked: [shift], cannot: [], count: 1 },
      { csrf: null },
    );
    expect(noCsrf.statusCode).toBe(403);
    const noCsrfAllocate = await w.admin.request('POST', path('/allocate'), {}, { csrf: null });
    expect(noCsrfAllocate.statusCode).toBe(403);
    const noCsrfCreate = await w.admin.request('POST', w.e('/wish-rounds'), body, { csrf: null });
    expect(noCsrfCreate.statusCode).toBe(403);
    // The Kitchen's volunteer sees the round and their (empty) wishes with a friend code.
    const seen = await cook.client.get(path());
    expect(seen.statusCode).toBe(200);
    expect(seen.json().round.myWishes).toMatchObject({ ranked: [], cannot: [], count: null, friend: null });
    expect(seen.json().round.myWishes.friendCode).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(seen.json().round.wishCount).toBeNull();
    expect(seen.json().round.preview).toBeNull();
  });

  it('answers 400 for ids that are not ids and 404 for ids of nothing, never 500', async () => {
    const round = await w.round({ shiftIds: [await w.shift(null, 70)] });
    for (const bad of ['abc', '2147483648', '0', '-1', '1.5']) {
      expect((await w.admin.get(w.e(`/wish-rounds/${bad}`))).statusCode).toBe(400);
      expect((await w.admin.post(w.e(`/wish-rounds/${bad}/allocate`))).statusCode).toBe(400);
      expect((await w.admin.post(w.e(`/wish-rounds/${bad}/publish`))).statusCode).toBe(400);
      expect((await w.admin.get(w.e(`/wish-rounds/${bad}/my-result`))).statusCode).toBe(400);
      expect((await w.admin.delete(w.e(`/wish-rounds/${bad}`))).statusCode).toBe(400);
      expect([400, 404]).toContain((await w.admin.get(`/api/event/${bad}/wish-rounds`)).statusCode);
    }
    const none = w.e('/wish-rounds/2147483647');
    expect((await w.admin.get(none)).statusCode).toBe(404);
    expect((await w.admin.post(`${none}/allocate`)).statusCode).toBe(404);
    expect((await w.admin.post(`${none}/publish`)).statusCode).toBe(404);
    expect((await w.admin.delete(none)).statusCode).toBe(404);
    const volunteer = await w.volunteer(null);
    expect((await volunteer.client.post(`${none}/wishes`, { ranked: [], cannot: [], count: 0 })).statusCode).toBe(404);
    expect((await volunteer.client.get(`${none}/my-result`)).statusCode).toBe(404);
    const hugeShift = await volunteer.client.post(w.e(`/wish-rounds/${round.id}/wishes`), {
      ranked: [2147483648],
      cannot: [],
      count: 1,
    });
    expect(hugeShift.statusCode).toBe(400);
    const hugeCreate = await w.admin.post(w.e('/wish-rounds'), {
      groupId: 2147483648,
      shiftIds: [2147483648],
      closesAt: inHours(24),
      minShifts: 0,
      maxShifts: 1,
    });
    expect(hugeCreate.statusCode).toBe(400);
    const unknownGroup = await w.admin.post(w.e('/wish-rounds'), {
      groupId: 2147483647,
      shiftIds: [await w.shift(null, 71)],
      closesAt: inHours(24),
      minShifts: 0,
      maxShifts: 1,
    });
    expect(unknownGroup.statusCode).toBe(404);
  });
});

describe(`wishes on ${dialect}`, () => {
  it('validates, replaces, links friends by code (mutual once both gave it) and refuses changes once closed', async () => {
    const a = await w.shift(w.kitchen.id, 80);
    const b = await w.shift(w.kitchen.id, 84);
    const c = await w.shift(null, 88);
    const barShift = await w.shift(w.bar.id, 90);
    const round = await w.round({ shiftIds: [a, b, c, barShift], minShifts: 1, maxShifts: 2 });
    const path = w.e(`/wish-rounds/${round.id}/wishes`);
    const ann = await w.volunteer(w.kitchen.id, 'Ann');
    const bo = await w.volunteer(w.kitchen.id, 'Bo');
    const invalid: [Record<string, unknown>, string][] = [
      [{ ranked: [a, a], cannot: [], count: 1 }, 'error.wishRoundShiftsDistinct'],
      [{ ranked: [a], cannot: [a], count: 1 }, 'error.wishRoundRankedAndCannot'],
      [{ ranked: [a], cannot: [], count: 3 }, 'error.wishRoundCountOutOfRange'],
      [{ ranked: [a], cannot: [], count: 0 }, 'error.wishRoundCountOutOfRange'],
      [{ ranked: [await w.shift(w.kitchen.id, 92)], cannot: [], count: 1 }, 'error.wishRoundChoiceNotInRound'],
      [{ ranked: [barShift], cannot: [], count: 1 }, 'error.wishRoundShiftOtherGroup'],
      [{ ranked: Array.from({ length: 21 }, (_, i) => i + 1), cannot: [], count: 1 }, 'error.wishRoundTooManyRanked'],
      [{ ranked: [a], cannot: [], count: 1, friendCode: 'ZZZZZZZZ' }, 'error.wishRoundFriendCodeUnknown'],
    ];
    for (const [body, code] of invalid) {
      const response = await ann.client.post(path, body);
      expect(response.statusCode, `${code}: ${response.body}`).toBe(400);
      expect(codeOf(response)).toBe(code);
    }
    const first = await ann.client.post(path, { ranked: [a, b], cannot: [c], count: 2 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().wishes).toMatchObject({ ranked: [a, b], cannot: [c], count: 2, friend: null });
    const annCode = first.json().wishes.friendCode;
    const own = await ann.client.post(path, { ranked: [a], cannot: [], count: 1, friendCode: annCode });
    expect(codeOf(own)).toBe('error.wishRoundFriendCodeOwn');
    // Bo gives Ann's code (typed in lower case with a dash): linked, not yet mutual.
    const typed = `${annCode.slice(0, 4).toLowerCase()}-${annCode.slice(4)}`;
    const boSaved = await bo.client.post(path, { ranked: [b], cannot: [], count: 1, friendCode: typed });
    expect(boSaved.statusCode, boSaved.body).toBe(200);
    expect(boSaved.json().wishes.friend).toMatchObject({ firstname: 'Ann', mutual: false });
    // Ann saves again with Bo's code: her wishes are replaced, and both are now mutual friends.
    const boCode = boSaved.json().wishes.friendCode;
    const replaced = await ann.client.post(path, { ranked: [c], cannot: [], count: 1, friendCode: boCode });
    expect(replaced.json().wishes).toMatchObject({
      ranked: [c],
      cannot: [],
      count: 1,
      friend: { firstname: 'Bo', mutual: true },
    });
    const boView = await bo.client.get(w.e(`/wish-rounds/${round.id}`));
    expect(boView.json().round.myWishes.friend).toMatchObject({ firstname: 'Ann', mutual: true });
    const adminView = await w.admin.get(w.e(`/wish-rounds/${round.id}`));
    expect(adminView.json().round.wishCount).toBe(2);
    expect(adminView.json().round.myWishes).toBeNull();

    afterClosing();
    const closed = await ann.client.post(path, { ranked: [a], cannot: [], count: 1 });
    expect(closed.statusCode).toBe(409);
    expect(codeOf(closed)).toBe('error.wishRoundClosed');
    expect((await w.admin.get(w.e(`/wish-rounds/${round.id}`))).json().round.status).toBe('closed');
  });
});

describe(`allocating and publishing on ${dialect}`, () => {
  it('previews a known case exactly, publishes its places, tells everyone and explains each wish not met', async () => {
    const dishes = await w.shift(w.kitchen.id, 100, { capacity: 1, title: 'Dishes' });
    const grill = await w.shift(w.kitchen.id, 104, { capacity: 2, title: 'Grill' });
    const prep = await w.shift(w.kitchen.id, 101, { capacity: 1, title: 'Prep' }); // overlaps Dishes
    const round = await w.round({
      title: 'Kitchen weekend',
      groupId: w.kitchen.id,
      shiftIds: [dishes, grill, prep],
      minShifts: 1,
      maxShifts: 2,
    });
    const path = (tail = '') => w.e(`/wish-rounds/${round.id}${tail}`);
    const one = await w.volunteer(w.kitchen.id, 'Una');
    const two = await w.volunteer(w.kitchen.id, 'Tove');
    const three = await w.volunteer(w.kitchen.id, 'Tre');
    const silent = await w.volunteer(w.kitchen.id, 'Sam');
    const tove = await signInWithLanguage(w.t.app, two.user, 'sv');
    const save = async (client: typeof one.client, body: Record<string, unknown>) => {
      const response = await client.post(path('/wishes'), body);
      expect(response.statusCode, response.body).toBe(200);
    };
    await save(one.client, { ranked: [dishes, prep], cannot: [], count: 2 });
    await save(tove, { ranked: [grill, prep], cannot: [], count: 1 });
    await save(three.client, { ranked: [prep], cannot: [grill], count: 1 });

    const noPreview = await w.admin.post(path('/publish'));
    expect(noPreview.statusCode).toBe(409);
    expect(codeOf(noPreview)).toBe('error.wishRoundNoPreview');

    const allocated = await w.admin.post(path('/allocate'));
    expect(allocated.statusCode, allocated.body).toBe(200);
    const { preview } = allocated.json();
    const sorted = <T extends { shiftId: number; eventUserId: number }>(list: T[]) =>
      [...list].sort((x, y) => x.shiftId - y.shiftId || x.eventUserId - y.eventUserId);
    expect(sorted(preview.assignments)).toEqual(
      sorted([
        { shiftId: dishes, eventUserId: one.eventUserId, rank: 1 },
        { shiftId: grill, eventUserId: two.eventUserId, rank: 1 },
        { shiftId: prep, eventUserId: three.eventUserId, rank: 1 },
      ]),
    );
    expect(sorted(preview.unmet)).toEqual(
      sorted([
        { eventUserId: one.eventUserId, shiftId: prep, reason: 'overlap' },
        { eventUserId: two.eventUserId, shiftId: prep, reason: 'count' },
      ]),
    );
    expect(preview.stats).toMatchObject({
      volunteers: 3,
      places: 4,
      placesFilled: 3,
      emptyPlaces: 1,
      wishes: 5,
      wishesMet: 3,
      firstWishShare: 1,
      seed: round.seed,
    });
    expect(preview.stats.metByRank[0]).toBe(3);
    expect(
      preview.people.map((p: { firstname: string; got: number; wanted: number }) => [p.firstname, p.wanted, p.got]),
    ).toEqual([
      ['Una', 2, 1],
      ['Tove', 1, 1],
      ['Tre', 1, 1],
    ]);
    expect(preview.people.map((p: { position: number }) => p.position).sort()).toEqual([1, 2, 3]);
    // The same seed gives the same allocation; the preview is kept on the round for the organiser.
    const again = await w.admin.post(path('/allocate'), { seed: round.seed });
    expect(again.json().preview.assignments).toEqual(preview.assignments);
    const kept = await w.admin.get(path());
    expect(kept.json().round.preview.assignments).toEqual(preview.assignments);
    expect((await one.client.get(path('/my-result'))).statusCode).toBe(409);
    expect(codeOf(await one.client.get(path('/my-result')))).toBe('error.wishRoundNotPublished');

    const published = await w.admin.post(path('/publish'));
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().round.status).toBe('published');
    expect(published.json().skipped).toEqual([]);
    const places = await w.t.db
      .selectFrom('shift_assignments')
      .select(['shift_id', 'event_user_id'])
      .where('shift_id', 'in', [dishes, grill, prep])
      .execute();
    expect(places.map((p) => [p.shift_id, p.event_user_id]).sort()).toEqual(
      [
        [dishes, one.eventUserId],
        [grill, two.eventUserId],
        [prep, three.eventUserId],
      ].sort(),
    );
    const mine = await one.client.get(w.e('/shifts'));
    expect(mine.json().shifts.find((s: { id: number }) => s.id === dishes).mine).toBe(true);

    const result = await one.client.get(path('/my-result'));
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toMatchObject({
      assigned: [dishes],
      unmet: [{ shiftId: prep, reason: 'overlap' }],
      seed: round.seed,
    });
    expect([1, 2, 3]).toContain(result.json().position);
    expect((await silent.client.get(path('/my-result'))).json()).toMatchObject({
      assigned: [],
      unmet: [],
      position: null,
    });

    const again409 = await w.admin.post(path('/publish'));
    expect(again409.statusCode).toBe(409);
    expect(codeOf(again409)).toBe('error.wishRoundPublished');
    expect((await w.admin.post(path('/allocate'))).statusCode).toBe(409);
    expect((await w.admin.delete(path())).statusCode).toBe(409);
    const late = await one.client.post(path('/wishes'), { ranked: [dishes], cannot: [], count: 1 });
    expect(codeOf(late)).toBe('error.wishRoundClosed');

    // Each person who gave wishes is told once, in their language, with the link to the round.
    const mails = await w.t.db
      .selectFrom('mail_queue')
      .select(['user_id', 'subject', 'body_text', 'reason'])
      .where('reason', '=', 'wish_round_published')
      .execute();
    const to = (userId: number) => mails.filter((mail) => mail.user_id === userId);
    expect(to(one.user.id)).toHaveLength(1);
    expect(to(one.user.id)[0].subject).toBe('Your shifts from Kitchen weekend – Lake festival');
    expect(to(one.user.id)[0].body_text).toContain('Dishes');
    expect(to(one.user.id)[0].body_text).toContain('it overlaps another of your shifts');
    expect(to(one.user.id)[0].body_text).toContain(`http://funkis.test/event/${w.eventId}/wish-rounds/${round.id}`);
    expect(to(two.user.id)[0].subject).toBe('Dina pass från Kitchen weekend – Lake festival');
    expect(to(two.user.id)[0].body_text).toContain('du fick redan så många pass som du bad om');
    expect(to(three.user.id)).toHaveLength(1);
    expect(to(silent.user.id)).toHaveLength(0);
    const audit = await w.t.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `wish_round:${round.id}`)
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['wish_round.created', 'wish_round.published', 'shift.wish_round_placed']),
    );
  });

  it('skips a previewed place taken since, answers it and explains it as full', async () => {
    const stage = await w.shift(null, 120, { capacity: 1, title: 'Stage' });
    const round = await w.round({ shiftIds: [stage], minShifts: 1, maxShifts: 1 });
    const path = (tail = '') => w.e(`/wish-rounds/${round.id}${tail}`);
    const fan = await w.volunteer(null, 'Fan');
    expect((await fan.client.post(path('/wishes'), { ranked: [stage], cannot: [], count: 1 })).statusCode).toBe(200);
    const allocated = await w.admin.post(path('/allocate'));
    expect(allocated.json().preview.assignments).toEqual([{ shiftId: stage, eventUserId: fan.eventUserId, rank: 1 }]);
    const other = await w.volunteer(null, 'Other');
    await w.place(stage, other.eventUserId);
    const published = await w.admin.post(path('/publish'));
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().skipped).toEqual([{ shiftId: stage, eventUserId: fan.eventUserId, reason: 'full' }]);
    const result = await fan.client.get(path('/my-result'));
    expect(result.json()).toMatchObject({ assigned: [], unmet: [{ shiftId: stage, reason: 'full' }] });
  });

  it('sends the result by push to those who allow shift changes by push', async () => {
    const gate = await w.shift(null, 130, { capacity: 3, title: 'Gate' });
    const round = await w.round({ shiftIds: [gate], minShifts: 1, maxShifts: 1 });
    const pushed = await w.volunteer(null, 'Pia');
    const subscribed = await pushed.client.post('/api/push/subscriptions', {
      endpoint: 'https://push.example.org/device/pia',
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    expect(
      (await pushed.client.post(w.e(`/wish-rounds/${round.id}/wishes`), { ranked: [gate], cannot: [], count: 1 }))
        .statusCode,
    ).toBe(200);
    expect((await w.admin.post(w.e(`/wish-rounds/${round.id}/allocate`))).statusCode).toBe(200);
    expect((await w.admin.post(w.e(`/wish-rounds/${round.id}/publish`))).statusCode).toBe(200);
    const queued = await w.t.db
      .selectFrom('mail_queue')
      .select(['subject', 'push_subscription_id', 'reason'])
      .where('user_id', '=', pushed.user.id)
      .execute();
    expect(queued).toHaveLength(1);
    expect(queued[0].push_subscription_id).not.toBeNull();
    expect(queued[0].subject).toBe(`Your shifts from ${round.title || 'Lake festival'}`);
  });

  it('counts as experienced whoever has worked a shift that ended, at this event or another', async () => {
    const past = await w.shift(null, -30, { capacity: 5 });
    const veteran = await w.volunteer(null, 'Vet');
    await w.place(past, veteran.eventUserId);
    // Another event's volunteer with an ended shift there is experienced here too.
    const elsewhereAdmin = await createUser(w.t.db);
    const elsewhere = await createEvent(w.t.db, { adminId: elsewhereAdmin.id });
    const elsewhereClient = await loginAs(w.t.app, elsewhereAdmin);
    const oldShift = await elsewhereClient.post(`/api/event/${elsewhere.id}/shifts`, {
      title: 'Last year',
      startsAt: inHours(-50),
      endsAt: inHours(-48),
      capacity: 2,
      groupId: null,
    });
    expect(oldShift.statusCode, oldShift.body).toBe(201);
    const traveller = await w.volunteer(null, 'Tra');
    const theirThere = await addMember(w.t.db, elsewhere.id, traveller.user.id, 2);
    const placed = await elsewhereClient.post(
      `/api/event/${elsewhere.id}/shifts/${oldShift.json().shift.id}/assignments`,
      {
        eventUserId: theirThere,
      },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const newcomers = [await w.volunteer(null, 'New'), await w.volunteer(null, 'Nea')];
    const shifts = [
      await w.shift(null, 150, { capacity: 1 }),
      await w.shift(null, 160, { capacity: 1 }),
      await w.shift(null, 170, { capacity: 1 }),
    ];
    const round = await w.round({ shiftIds: shifts, minShifts: 1, maxShifts: 1 });
    const path = (tail = '') => w.e(`/wish-rounds/${round.id}${tail}`);
    for (const person of [veteran, traveller, ...newcomers]) {
      const saved = await person.client.post(path('/wishes'), { ranked: shifts, cannot: [], count: 1 });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const options = { experienced: true, friends: false, fillToMinimum: false };
    const preview = (await w.admin.post(path('/allocate'), { options })).json().preview;
    expect(preview.options).toEqual(options);
    expect(preview.stats.placesFilled).toBe(3);
    // Two experienced people for three shifts: exactly one shift is left without one.
    expect(preview.stats.shiftsWithoutExperienced).toBe(1);
    const experienced = new Set([veteran.eventUserId, traveller.eventUserId]);
    const byShift = new Map(
      preview.assignments.map((a: { shiftId: number; eventUserId: number }) => [a.shiftId, a.eventUserId]),
    );
    expect(shifts.filter((id) => experienced.has(byShift.get(id) as number))).toHaveLength(2);
  });

  it('allocates a round when it closes, with its own seed and options, once; publishing stays with the organiser', async () => {
    const grill = await w.shift(w.kitchen.id, 150, { capacity: 1, title: 'Closing grill' });
    const round = await w.round({ title: 'Closing round', groupId: w.kitchen.id, shiftIds: [grill], maxShifts: 1 });
    const path = w.e(`/wish-rounds/${round.id}`);
    const ula = await w.volunteer(w.kitchen.id, 'Ula');
    const saved = await ula.client.post(`${path}/wishes`, { ranked: [grill], cannot: [], count: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    // A look before closing, with another seed: the closing pass makes a fresh one (wishes may change until then).
    const early = await w.admin.post(`${path}/allocate`, { seed: 7 });
    expect(early.statusCode, early.body).toBe(200);
    const closesAt = Date.parse(String(round.closesAt));
    expect(await w.t.app.wishRoundCloser.tick(new Date(closesAt - 1000))).not.toContain(round.id);

    const closed = new Date(closesAt + 1000);
    expect(await w.t.app.wishRoundCloser.tick(closed)).toContain(round.id);
    const answer = (await w.admin.get(path)).json().round;
    expect(answer.publishedAt).toBeNull();
    expect(answer.preview.stats.seed).toBe(round.seed);
    expect(answer.preview.assignments).toEqual([{ shiftId: grill, eventUserId: ula.eventUserId, rank: 1 }]);
    // Once allocated since its closing, a round is left alone.
    expect(await w.t.app.wishRoundCloser.tick(new Date(closesAt + 60_000))).not.toContain(round.id);
    const logged = await w.t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject', '=', `wish_round:${round.id}`)
      .where('action', '=', 'wish_round.allocated')
      .execute();
    expect(logged).toEqual([{ action: 'wish_round.allocated', actor_id: null }]);
    // Nothing was placed: the shift is still free until the organiser publishes.
    const shifts = (await w.admin.get(w.e('/shifts'))).json().shifts as { id: number; assignments: unknown[] }[];
    expect(shifts.find((shift) => shift.id === grill)?.assignments).toEqual([]);
  });

  it('lets the admin delete a round that is not published', async () => {
    const round = await w.round({ shiftIds: [await w.shift(null, 140)] });
    const deleted = await w.admin.delete(w.e(`/wish-rounds/${round.id}`));
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await w.admin.get(w.e(`/wish-rounds/${round.id}`))).statusCode).toBe(404);
  });

  it('documents every wish-round call in OpenAPI with a summary and answers', async () => {
    const document = (await w.admin.get('/api/docs/json')).json();
    const paths = [
      ['post', '/api/event/{id}/wish-rounds'],
      ['get', '/api/event/{id}/wish-rounds'],
      ['get', '/api/event/{id}/wish-rounds/{roundId}'],
      ['delete', '/api/event/{id}/wish-rounds/{roundId}'],
      ['post', '/api/event/{id}/wish-rounds/{roundId}/wishes'],
      ['post', '/api/event/{id}/wish-rounds/{roundId}/allocate'],
      ['post', '/api/event/{id}/wish-rounds/{roundId}/publish'],
      ['get', '/api/event/{id}/wish-rounds/{roundId}/my-result'],
    ];
    for (const [method, url] of paths) {
      const operation = document.paths[url]?.[method];
      expect(operation, `${method} ${url}`).toBeDefined();
      expect(operation.summary.length).toBeGreaterThan(10);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining([expect.stringMatching(/^20[01]$/)]));
    }
  });
});
