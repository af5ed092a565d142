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

  it('gives a withdrawal and an acceptance at once exactly one outcome: the place taken or the request closed', async () => {
    for (let round = 0; round < 12; round++) {
      const shiftId = await e.shift(e.kitchen.id, 3000 + round * 300, { capacity: 2 });
      const volunteer = await e.volunteer(e.kitchen.id);
      const asked = await e.askForCover(e.kim, shiftId);
      expect(asked.statusCode, asked.body).toBe(201);
      const { id } = asked.json().coverRequest;
      // Which goes first alternates, so both orders reach the database first in some rounds.
      const withdrawing = () => e.withdraw(round % 2 === 0 ? e.kim : e.admin, id);
      const accepting = () => volunteer.client.post(`/api/cover-requests/${id}/accept`);
      const [withdrawn, accepted] =
        round % 2 === 0
          ? await Promise.all([withdrawing(), accepting()])
          : await Promise.all([accepting(), withdrawing()]).then(([a, w]) => [w, a]);
      const places = await e.t.db
        .selectFrom('shift_assignments')
        .select('event_user_id')
        .where('shift_id', '=', shiftId)
        .execute();
      const row = await e.t.db
        .selectFrom('cover_requests')
        .select(['taken_at', 'closed_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (accepted.statusCode === 200) {
        expect(withdrawn.statusCode, withdrawn.body).toBe(409);
        expect(withdrawn.json().errors[0].code).toBe('error.coverRequestTaken');
        expect(places.map((place) => place.event_user_id)).toEqual([volunteer.eventUserId]);
        expect(row.taken_at).not.toBeNull();
        expect(row.closed_at).toBeNull();
      } else {
        expect(accepted.statusCode, accepted.body).toBe(409);
        expect(accepted.json().errors[0].code).toBe('error.coverRequestClosed');
        expect(withdrawn.statusCode, withdrawn.body).toBe(200);
        expect(places).toEqual([]);
        expect(row.taken_at).toBeNull();
        expect(row.closed_at).not.toBeNull();
      }
    }
  });
});
