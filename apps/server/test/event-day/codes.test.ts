import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialect } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { createUser, loginAs } from '../helpers/factories.js';
import { type EventDay, eventDay } from './fixtures.js';

let day: EventDay;
beforeAll(async () => {
  day = await eventDay();
});
afterAll(() => day?.t.close());

const scan = (client: TestClient, code: string) =>
  client.post(`/api/event/${day.eventId}/check-ins`, { code, kind: 'arrive' });

describe(`personal codes on ${dialect}`, () => {
  it("gives a member their code, the same each time, and refuses people who aren't members", async () => {
    const code = await day.codeOf(day.anna);
    expect(code).toMatch(new RegExp(`^F1\\.${day.eventId}\\.${day.ids.anna}\\.1\\.[A-Za-z0-9_-]{22}$`));
    expect(await day.codeOf(day.anna)).toBe(code);
    expect((await new TestClient(day.t.app).get(`/api/event/${day.eventId}/my-code`)).statusCode).toBe(401);
    const outsider = await loginAs(day.t.app, await createUser(day.t.db));
    expect((await outsider.get(`/api/event/${day.eventId}/my-code`)).statusCode).toBe(403);
  });

  it('checks in by a real code and refuses forged, tampered and other events’ codes with 400', async () => {
    const code = await day.codeOf(day.anna);
    const [, , , version, mac] = code.split('.');
    const flipped = mac[0] === 'A' ? `B${mac.slice(1)}` : `A${mac.slice(1)}`;
    const forged = [
      `F1.${day.eventId}.${day.ids.anna}.${version}.${flipped}`,
      // Someone else's membership with Anna's mac.
      `F1.${day.eventId}.${day.ids.bo}.${version}.${mac}`,
      `F1.${day.eventId}.${day.ids.anna}.${version}.${'A'.repeat(22)}`,
      'not a code',
      `F1.${day.eventId}.99999999999999999999.1.${mac}`,
      // Anna's valid code of her other event.
      await day.codeOf(day.anna, day.otherEventId),
    ];
    for (const text of forged) {
      const refused = await scan(day.admin, text);
      expect(refused.statusCode, text).toBe(400);
      expect(refused.json().errors[0].code).toBe('error.codeInvalid');
    }
    const accepted = await scan(day.admin, code);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().checkIn.person).toMatchObject({ eventUserId: day.ids.anna, firstname: 'Anna' });
  });

  it('revokes a code (admins only): the old one is refused, the new one works', async () => {
    const old = await day.codeOf(day.anna);
    const revokeUrl = `/api/event/${day.eventId}/users/${day.ids.anna}/code/revoke`;
    expect((await day.kim.post(revokeUrl)).statusCode).toBe(403);
    expect((await day.anna.post(revokeUrl)).statusCode).toBe(403);
    expect((await scan(day.admin, old)).statusCode).toBe(201);
    const revoked = await day.admin.post(revokeUrl);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const refused = await scan(day.admin, old);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].code).toBe('error.codeInvalid');
    const fresh = await day.codeOf(day.anna);
    expect(fresh).not.toBe(old);
    expect((await scan(day.admin, fresh)).statusCode).toBe(201);
    // Unknown members and other events' members are not found.
    expect((await day.admin.post(`/api/event/${day.eventId}/users/${day.ids.otherAnna}/code/revoke`)).statusCode).toBe(
      404,
    );
  });
});
