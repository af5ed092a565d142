import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialect } from '../helpers/app.js';
import { type CoverEvent, coverEvent } from './fixtures.js';

/** Everyone asked accepting at the same moment, on PostgreSQL where requests really overlap. */
let e: CoverEvent;
beforeAll(async () => {
  if (dialect === 'postgres') e = await coverEvent();
});
afterAll(() => e?.t.close());

describe.runIf(dialect === 'postgres')('accepting a cover request at once on postgres', () => {
  it('gives the place to exactly one of five volunteers accepting together', async () => {
    for (let round = 0; round < 3; round++) {
      // Three free places: only the request's lock, not the shift's capacity, keeps the others out.
      const shiftId = await e.shift(e.kitchen.id, (round + 1) * 600, { capacity: 3 });
      const volunteers = [];
      for (let count = 0; count < 5; count++) volunteers.push(await e.volunteer(e.kitchen.id));
      const asked = await e.askForCover(e.kim, shiftId);
      expect(asked.statusCode, asked.body).toBe(201);
      const { id, askedCount } = asked.json().coverRequest;
      expect(askedCount).toBeGreaterThanOrEqual(5);
      const answers = await Promise.all(
        volunteers.map((volunteer) => volunteer.client.post(`/api/cover-requests/${id}/accept`)),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      for (const answer of answers.filter((one) => one.statusCode === 409)) {
        expect(answer.json().errors[0].code).toBe('error.coverRequestTaken');
      }
      const places = await e.t.db
        .selectFrom('shift_assignments')
        .select('event_user_id')
        .where('shift_id', '=', shiftId)
        .execute();
      expect(places).toHaveLength(1);
      const winner = answers.find((answer) => answer.statusCode === 200)?.json().assignment.eventUserId;
      expect(places[0].event_user_id).toBe(winner);
    }
  });
});
