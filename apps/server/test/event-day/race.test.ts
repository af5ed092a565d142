import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialect } from '../helpers/app.js';
import { attendanceOf, type EventDay, eventDay } from './fixtures.js';

/** Two desks (or one phone replaying its queue) at the same moment, on PostgreSQL where requests really overlap. */
let day: EventDay;
beforeAll(async () => {
  if (dialect === 'postgres') day = await eventDay();
});
afterAll(() => day?.t.close());

describe.runIf(dialect === 'postgres')('simultaneous check-ins on postgres', () => {
  it('stores one row for the same clientId sent twice at once, answering both', async () => {
    for (let round = 0; round < 5; round++) {
      const body = { eventUserId: day.ids.bo, kind: 'arrive', clientId: `twice-${round}` };
      const answers = await Promise.all([
        day.admin.post(`/api/event/${day.eventId}/check-ins`, body),
        day.bea.post(`/api/event/${day.eventId}/check-ins`, body),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
      expect(answers[0].json().checkIn.id).toBe(answers[1].json().checkIn.id);
      const rows = await day.t.db
        .selectFrom('check_ins')
        .select('id')
        .where('client_id', '=', `twice-${round}`)
        .execute();
      expect(rows).toHaveLength(1);
    }
  });

  it('records two check-ins of one person at once, one after the other', async () => {
    const shiftId = await day.shift(day.kitchen.id, -10);
    const cook = await day.volunteer(day.kitchen.id);
    await day.place(shiftId, cook);
    const at = new Date(Date.now() - 60_000).toISOString();
    const answers = await Promise.all([
      day.admin.post(`/api/event/${day.eventId}/check-ins`, { eventUserId: cook, shiftId, kind: 'arrive', at }),
      day.kim.post(`/api/event/${day.eventId}/check-ins`, { eventUserId: cook, shiftId, kind: 'arrive', at }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    // Same time: the later one stored stands too, and the first's "previous attendance" is what the second saw.
    const rows = await day.t.db
      .selectFrom('check_ins')
      .select(['id', 'applied', 'previous_attendance'])
      .where('shift_id', '=', shiftId)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.applied, row.previous_attendance])).toEqual([
      [1, null],
      [1, 'arrived'],
    ]);
    expect(await attendanceOf(day, shiftId, cook)).toBe('arrived');
    // Undoing both, in any order, leaves no mark.
    for (const answer of answers) {
      const undone = await day.admin.delete(`/api/event/${day.eventId}/check-ins/${answer.json().checkIn.id}`);
      expect(undone.statusCode, undone.body).toBe(200);
    }
    expect(await attendanceOf(day, shiftId, cook)).toBeNull();
  });
});
