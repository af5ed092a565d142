import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationTokenFromMailDir } from '../account/helpers.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { createUser, loginAs, TEST_PASSWORD } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The whole path a person takes: an organiser's event, an applicant who applies and then renames themselves. */
describe(`applications search after an account change on ${dialect}`, () => {
  it('finds the application by the new name and e-mail and not by the old ones', async () => {
    const organiser = await loginAs(t.app, await createUser(t.db));
    const created = await organiser.post('/api/events', { name: 'Harbour Festival' });
    expect(created.statusCode).toBe(201);
    const eventId = created.json().event.id as number;
    expect((await organiser.post(`/api/event/${eventId}/applications-open`, { open: true })).statusCode).toBe(200);

    const applicantUser = await createUser(t.db, {
      firstname: 'Oskar',
      lastname: 'Lindqvist',
      email: 'oskar.lindqvist@example.test',
    });
    const applicant = await loginAs(t.app, applicantUser);
    expect((await applicant.post(`/api/event/${eventId}/apply`, { answers: {} })).statusCode).toBe(201);

    const search = async (term: string) => {
      const response = await organiser.get(`/api/event/${eventId}/applications?search=${encodeURIComponent(term)}`);
      expect(response.statusCode).toBe(200);
      return (response.json().applications as { user: { firstname: string; email: string } }[]).map(
        (application) => application.user.email,
      );
    };
    expect(await search('lindqvist')).toEqual(['oskar.lindqvist@example.test']);

    const renamed = await applicant.post('/api/user/update-info', { firstname: 'Åke', lastname: 'Sjöberg' });
    expect(renamed.statusCode).toBe(200);
    expect(await search('sjöberg')).toEqual(['oskar.lindqvist@example.test']);
    expect(await search('åke')).toEqual(['oskar.lindqvist@example.test']);
    expect(await search('lindqvist')).toEqual(['oskar.lindqvist@example.test']); // still in the e-mail address
    expect(await search('oskar l')).toEqual([]);

    const moved = await applicant.post('/api/change-email', {
      newEmail: 'ake.sjoberg@example.test',
      password: TEST_PASSWORD,
    });
    expect(moved.statusCode).toBe(200);
    // The address changes when its link is opened (decision 020).
    expect(await search('ake.sjoberg')).toEqual([]);
    const token = await confirmationTokenFromMailDir(t.app, t.dataDir, 'ake.sjoberg@example.test');
    expect((await applicant.post('/api/confirm-email', { token })).statusCode).toBe(200);
    expect(await search('ake.sjoberg')).toEqual(['ake.sjoberg@example.test']);
    expect(await search('lindqvist')).toEqual([]);
    expect(await search('oskar')).toEqual([]);
  });

  it('leaves other applicants untouched', async () => {
    const organiser = await loginAs(t.app, await createUser(t.db));
    const eventId = (await organiser.post('/api/events', { name: 'Quiet Fair' })).json().event.id as number;
    await organiser.post(`/api/event/${eventId}/applications-open`, { open: true });
    const first = await loginAs(t.app, await createUser(t.db, { firstname: 'Maja', lastname: 'Ström' }));
    const second = await loginAs(t.app, await createUser(t.db, { firstname: 'Nils', lastname: 'Ström' }));
    await first.post(`/api/event/${eventId}/apply`, { answers: {} });
    await second.post(`/api/event/${eventId}/apply`, { answers: {} });
    await first.post('/api/user/update-info', { firstname: 'Maja', lastname: 'Holm' });
    const found = await organiser.get(`/api/event/${eventId}/applications?search=str%C3%B6m`);
    expect(found.json().applications.map((a: { user: { firstname: string } }) => a.user.firstname)).toEqual(['Nils']);
    expect(new TestClient(t.app)).toBeDefined();
  });

  it('sorts by the new name after a rename (the name copied into the application follows)', async () => {
    const organiser = await loginAs(t.app, await createUser(t.db));
    const eventId = (await organiser.post('/api/events', { name: 'Sorted Fair' })).json().event.id as number;
    await organiser.post(`/api/event/${eventId}/applications-open`, { open: true });
    const people = [
      ['Cilla', 'Berg'],
      ['Anna', 'Dahl'],
      ['Bo', 'Dahl'],
      ['Dan', 'Ek'],
    ];
    const clients = [];
    for (const [firstname, lastname] of people) {
      const client = await loginAs(t.app, await createUser(t.db, { firstname, lastname }));
      expect((await client.post(`/api/event/${eventId}/apply`, { answers: {} })).statusCode).toBe(201);
      clients.push(client);
    }
    const order = async (sort: string) =>
      (
        (await organiser.get(`/api/event/${eventId}/applications?sort=${sort}`)).json().applications as {
          user: { firstname: string };
        }[]
      ).map((application) => application.user.firstname);
    expect(await order('lastname')).toEqual(['Cilla', 'Anna', 'Bo', 'Dan']);
    expect(await order('-lastname')).toEqual(['Dan', 'Bo', 'Anna', 'Cilla']);
    expect(await order('firstname')).toEqual(['Anna', 'Bo', 'Cilla', 'Dan']);

    // Cilla Berg becomes Cilla Ahl (first by last name), Dan Ek becomes Aron Ek (first by first name).
    expect((await clients[0].post('/api/user/update-info', { firstname: 'Cilla', lastname: 'Ahl' })).statusCode).toBe(
      200,
    );
    expect((await clients[3].post('/api/user/update-info', { firstname: 'Aron', lastname: 'Ek' })).statusCode).toBe(
      200,
    );
    expect(await order('lastname')).toEqual(['Cilla', 'Anna', 'Bo', 'Aron']);
    expect(await order('firstname')).toEqual(['Anna', 'Aron', 'Bo', 'Cilla']);
  });
});
