import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { createUser, inviteAndAccept, loginAs, TEST_PASSWORD } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Two admins of an event with other members remove their accounts at the same moment.
 * The sole-admin check locks the events they administer, so exactly one removal succeeds and the event keeps
 * an admin. PostgreSQL runs the two transactions truly at once; SQLite serialises them (the test holds there too).
 */
describe(`two admins removing their accounts at once on ${dialect}`, () => {
  for (let round = 1; round <= 5; round++) {
    it(`leaves the event with one admin (round ${round})`, async () => {
      const first = await createUser(t.db);
      const second = await createUser(t.db);
      const volunteer = await createUser(t.db);
      const firstClient = await loginAs(t.app, first);
      const eventId = (await firstClient.post('/api/events', { name: `Race ${round}` })).json().event.id as number;
      await inviteAndAccept(t.app, firstClient, eventId, second, 0);
      await inviteAndAccept(t.app, firstClient, eventId, volunteer, 2);
      const secondClient = await loginAs(t.app, second);

      const answers = await Promise.all([
        firstClient.post('/api/remove-user', { password: TEST_PASSWORD }),
        secondClient.post('/api/remove-user', { password: TEST_PASSWORD }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409);
      expect(refused?.json().errors).toEqual([{ code: 'error.soleAdmin' }]);

      const admins = await t.db
        .selectFrom('event_users')
        .select('user_id')
        .where('event_id', '=', eventId)
        .where('role_level', '=', 0)
        .execute();
      expect(admins).toHaveLength(1);
    });
  }
});
