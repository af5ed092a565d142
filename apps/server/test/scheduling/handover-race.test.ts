import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { codesOf, handoverEvent } from './handover-fixtures.js';

/** Five volunteers taking the same offered place at the same moment, on PostgreSQL where requests really overlap. */
let t: TestApp;
beforeAll(async () => {
  if (dialect === 'postgres') t = await createTestApp({ MAIL_WORKER: 'off' });
});
afterAll(() => t?.close());

describe.runIf(dialect === 'postgres')('taking an offered place at once on postgres', () => {
  it('hands the place to exactly one of five, removes the one who offered once, never over capacity', async () => {
    const e = await handoverEvent(t);
    for (let round = 0; round < 4; round++) {
      const shiftId = await e.shift(e.bar.id, 24 + round * 4, 2);
      const offerer = await e.person(2, e.bar.id, `Offerer${round}`);
      const other = await e.person(2, e.bar.id, `Other${round}`);
      await e.place(shiftId, offerer);
      await e.place(shiftId, other);
      const takers = [];
      for (let count = 0; count < 5; count++) takers.push(await e.person(2, e.bar.id));
      const offered = await e.offer(offerer, shiftId);
      expect(offered.statusCode, offered.body).toBe(201);
      const offerId = offered.json().offer.id as number;

      const answers = await Promise.all(takers.map((taker) => e.take(taker, offerId)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      for (const answer of answers.filter((one) => one.statusCode === 409)) {
        expect(codesOf(answer.body)).toEqual(['error.offerTaken']);
      }
      const winner = answers.find((answer) => answer.statusCode === 200)?.json().assignment.eventUserId;
      const holders = await e.holders(shiftId);
      expect(holders).toHaveLength(2);
      expect([...holders].sort((a, b) => a - b)).toEqual([other.eventUserId, winner].sort((a, b) => a - b));
      const handovers = (await e.audit('shift.handover')).filter((row) => {
        const details = (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as {
          offerId: number;
        };
        return details.offerId === offerId;
      });
      expect(handovers).toHaveLength(1);
    }
  });
});
