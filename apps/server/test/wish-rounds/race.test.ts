import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialect } from '../helpers/app.js';
import { type WishEvent, wishEvent } from './fixtures.js';

/** Several organisers publishing one round at the same moment, on PostgreSQL where requests really overlap. */
let w: WishEvent;
beforeAll(async () => {
  if (dialect === 'postgres') w = await wishEvent();
});
afterAll(() => w?.t.close());

describe.runIf(dialect === 'postgres')('publishing a wish round at once on postgres', () => {
  it('publishes exactly once: one 200, the others 409, every place written once', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const shifts = [
        await w.shift(w.kitchen.id, 200 + attempt * 10, { capacity: 3 }),
        await w.shift(w.kitchen.id, 204 + attempt * 10, { capacity: 3 }),
      ];
      const round = await w.round({ groupId: w.kitchen.id, shiftIds: shifts, minShifts: 1, maxShifts: 2 }, w.kim);
      const path = (tail: string) => w.e(`/wish-rounds/${round.id}${tail}`);
      for (let person = 0; person < 4; person++) {
        const volunteer = await w.volunteer(w.kitchen.id);
        const saved = await volunteer.client.post(path('/wishes'), { ranked: shifts, cannot: [], count: 2 });
        expect(saved.statusCode, saved.body).toBe(200);
      }
      const allocated = await w.admin.post(path('/allocate'));
      expect(allocated.statusCode, allocated.body).toBe(200);
      const planned = allocated.json().preview.assignments.length;
      expect(planned).toBe(6);
      const answers = await Promise.all([
        w.admin.post(path('/publish')),
        w.kim.post(path('/publish')),
        w.admin.post(path('/publish')),
        w.kim.post(path('/publish')),
        w.admin.post(path('/publish')),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      for (const answer of answers.filter((one) => one.statusCode === 409)) {
        expect(answer.json().errors[0].code).toBe('error.wishRoundPublished');
      }
      const places = await w.t.db
        .selectFrom('shift_assignments')
        .select(['shift_id', 'event_user_id'])
        .where('shift_id', 'in', shifts)
        .execute();
      expect(places).toHaveLength(planned);
      expect(new Set(places.map((place) => `${place.shift_id}:${place.event_user_id}`)).size).toBe(planned);
      const audits = await w.t.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'wish_round.published')
        .where('subject', '=', `wish_round:${round.id}`)
        .execute();
      expect(audits).toHaveLength(1);
    }
  });
});
