import { SHIFTS_PER_BATCH_MAXIMUM } from '@funkis/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wishRoundsService } from '../../src/modules/wish-rounds/service.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { longestBlockMs } from '../helpers/event-loop.js';
import { addMember, createEvent, createUser, loginAs } from '../helpers/factories.js';

/**
 * Publishing a big wish round keeps the event loop within 50 ms (decisions 021, 035): every volunteer wants 2
 * shifts of 5 places and ranked 5, the shifts' places exactly what they want, so the preview fills every place
 * and publishing writes them all, audits each and tells every volunteer (mail). 3,000 volunteers and 6,000 places
 * (1,500 on PostgreSQL), in two such rounds (the measurement's two tries, `ROUNDS`), take ≈ 40 s on SQLite and
 * ≈ 57 s on PostgreSQL on a small quiet 2-core machine (the code before decision 035's fix blocked the loop for 228 ms
 * at this size in one run of two); `PUBLISH_AT_SCALE_VOLUNTEERS=5000` measures decision 035's size (10,000 places,
 * 295–413 ms before in four runs of four; apps/server/bench/README.md). One try alone measured 52.3 and 62.1 ms in
 * two CI runs of 2026-11-29 (two test files at a time), against 26–37 ms on a quiet machine.
 */
const LIMIT_MS = 50;
// PostgreSQL seeds three times slower here, and its loop is not what SQLite's checkpoint held: a smaller default.
const VOLUNTEERS = Number(process.env.PUBLISH_AT_SCALE_VOLUNTEERS ?? (dialect === 'postgres' ? 1_500 : 3_000));
const PLACES = 5;
const COUNT = 2;
const SHIFTS = (VOLUNTEERS * COUNT) / PLACES;
const PLACE_COUNT = SHIFTS * PLACES;

let t: TestApp;
let admin: TestClient;
let eventId: number;
/**
 * Two rounds of the same size, one after the other in time, each wished for by every volunteer: a publish happens
 * once, so the second round is the measurement's second try (the smaller stretch counts: a real block repeats,
 * a pause of the machine in one try does not).
 */
const ROUNDS = 2;
const roundIds: number[] = [];

const e = (path: string) => `/api/event/${eventId}${path}`;

beforeAll(async () => {
  t = await createTestApp({ MAIL_WORKER: 'off' });
  t.answers.deferChecks();
  const owner = await createUser(t.db, { firstname: 'Ada', lastname: 'Admin' });
  eventId = (await createEvent(t.db, { adminId: owner.id, name: 'Big festival' })).id;
  admin = await loginAs(t.app, owner);
  // Shifts of an hour, four hours apart, so nobody's two places overlap or come too close; each round's after the
  // other's.
  const shiftIdsOf: number[][] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const shiftIds: number[] = [];
    for (let start = 0; start < SHIFTS; start += SHIFTS_PER_BATCH_MAXIMUM) {
      const made = await admin.post(e('/shifts/batch'), {
        shifts: Array.from({ length: Math.min(SHIFTS_PER_BATCH_MAXIMUM, SHIFTS - start) }, (_, offset) => {
          const at = Date.UTC(2030, 5, 1) + (round * SHIFTS + start + offset) * 4 * 3_600_000;
          return {
            title: `Shift ${start + offset}`,
            location: 'Main tent',
            startsAt: new Date(at).toISOString(),
            endsAt: new Date(at + 3_600_000).toISOString(),
            capacity: PLACES,
            groupId: null,
          };
        }),
      });
      expect(made.statusCode, made.body).toBe(201);
      shiftIds.push(...made.json().shifts.map((shift: { id: number }) => shift.id));
    }
    const made = await admin.post(e('/wish-rounds'), {
      groupId: null,
      shiftIds,
      closesAt: '2030-05-01T00:00:00.000Z',
      minShifts: 0,
      maxShifts: COUNT,
    });
    expect(made.statusCode, made.body).toBe(201);
    roundIds.push(made.json().round.id);
    shiftIdsOf.push(shiftIds);
  }
  const rounds = wishRoundsService(t.app.serverContext);
  for (let index = 0; index < VOLUNTEERS; index += 1) {
    const user = await createUser(t.db, { firstname: `Vol${index}` });
    const eventUserId = await addMember(t.db, eventId, user.id, 2, null);
    for (const [round, roundId] of roundIds.entries()) {
      const shiftIds = shiftIdsOf[round] as number[];
      // Each shift is ranked by 25 people (5 × its 5 places): first wishes 2 per shift, then spread.
      const ranked = [0, 1, 2 * SHIFTS + 7, 3 * SHIFTS + 11, 4 * SHIFTS + 13].map(
        (offset, k) => shiftIds[(2 * index + offset + (k > 1 ? Math.floor(index / 7) : 0)) % SHIFTS],
      );
      await rounds.saveWishes({ userId: user.id, eventId, eventUserId, roleLevel: 2, groupId: null }, roundId, {
        ranked: [...new Set(ranked)],
        cannot: [],
        count: COUNT,
        friendCode: null,
      });
    }
  }
  for (const roundId of roundIds) {
    const allocated = await admin.post(e(`/wish-rounds/${roundId}/allocate`), {});
    expect(allocated.statusCode, allocated.body).toBe(200);
  }
}, 300_000);

afterAll(() => t?.close());

describe(`publishing a wish round of ${VOLUNTEERS} volunteers and ${PLACE_COUNT} places`, () => {
  it('keeps every stretch on the event loop under 50 ms, writes every place and tells everyone', {
    timeout: 120_000,
  }, async () => {
    const answers: { status: number; body: string }[] = [];
    const longest = await longestBlockMs(
      async (attempt) => {
        // The answer (megabytes) is parsed after the measurement: that is the client's work, not the server's.
        const published = await admin.request(
          'POST',
          e(`/wish-rounds/${roundIds[attempt]}/publish`),
          {},
          {
            readAnswer: false,
          },
        );
        answers.push({ status: published.statusCode, body: published.body });
      },
      // Both rounds are published whatever the first measured.
      { tries: ROUNDS, enoughMs: 0 },
    );
    // The figure of apps/server/bench/README.md (run with PUBLISH_AT_SCALE_VOLUNTEERS=5000 for decision 035's size).
    console.log(
      `publish of ${VOLUNTEERS} volunteers, ${PLACE_COUNT} places on ${dialect}: longest block ${longest.toFixed(1)} ms`,
    );
    expect(answers).toHaveLength(ROUNDS);
    for (const { status, body } of answers) {
      expect(status, body).toBe(200);
      expect(JSON.parse(body).skipped).toEqual([]);
    }
    const places = await t.db
      .selectFrom('shift_assignments')
      .innerJoin('shifts', 'shifts.id', 'shift_assignments.shift_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('shifts.event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(Number(places.count)).toBe(ROUNDS * PLACE_COUNT);
    const audited = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('action', '=', 'shift.assigned')
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(Number(audited.count)).toBe(ROUNDS * PLACE_COUNT);
    const mails = await t.db
      .selectFrom('mail_queue')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('reason', '=', 'wish_round_published')
      .executeTakeFirstOrThrow();
    expect(Number(mails.count)).toBe(ROUNDS * VOLUNTEERS);
    if (dialect === 'sqlite') {
      // The automatic checkpoint, off during the publish's transaction, is on again.
      const setting = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(t.db);
      expect(setting.rows[0]?.wal_autocheckpoint).toBe(1000);
    }
    expect(longest).toBeLessThan(LIMIT_MS);
  });
});
