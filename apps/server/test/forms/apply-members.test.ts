import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsService } from '../../src/modules/events/service.js';
import { uploadAvatar } from '../events/fixtures.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { addMember, createEvent, createGroup, createUser, loginAs } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fields = [{ name: 'form-field-custom-1', type: 'text' as const, label: 'Nickname', required: false }];

/** Members are in the event already: the apply page shows their membership and the server refuses their application. */
describe(`members and the apply page on ${dialect}`, () => {
  it('refuses an application from a volunteer (409) and shows the membership instead', async () => {
    const admin = await createUser(t.db);
    const event = await createEvent(t.db, { adminId: admin.id, fields });
    const security = await createGroup(t.db, event.id, 'Security');
    const volunteer = await createUser(t.db);
    await addMember(t.db, event.id, volunteer.id, 2, security.id);
    const client = await loginAs(t.app, volunteer);

    const page = (await client.get(`/api/event/${event.id}/apply`)).json();
    expect(page.membership).toEqual({ roleLevel: 2, group: { id: security.id, name: 'Security' } });
    expect(page.applicationsOpen).toBe(true);

    const sent = await client.post(`/api/event/${event.id}/apply`, { answers: {} });
    expect(sent.statusCode).toBe(409);
    expect(sent.json().errors).toEqual([{ code: 'error.memberCannotApply' }]);
    const review = (await (await loginAs(t.app, admin)).get(`/api/event/${event.id}/applications`)).json();
    expect(review.total).toBe(0);
  });

  it('refuses the admin too (their application would land in their own review)', async () => {
    const admin = await createUser(t.db);
    const event = await createEvent(t.db, { adminId: admin.id, fields });
    const client = await loginAs(t.app, admin);
    expect((await client.get(`/api/event/${event.id}/apply`)).json().membership).toEqual({ roleLevel: 0, group: null });
    const sent = await client.post(`/api/event/${event.id}/apply`, { answers: { 'form-field-custom-1': 'Boss' } });
    expect(sent.statusCode).toBe(409);
    expect(sent.json().errorMessages).toEqual(['You are already a member of this event.']);
  });

  it('lets a non-member apply and tells them they are no member', async () => {
    const event = await createEvent(t.db, { fields });
    const client = await loginAs(t.app, await createUser(t.db));
    expect((await client.get(`/api/event/${event.id}/apply`)).json().membership).toBeNull();
    expect((await client.post(`/api/event/${event.id}/apply`, { answers: {} })).statusCode).toBe(201);
  });
});

/** The apply link opened while logged out: the event's name and picture, only while it takes applications. */
describe(`the apply preview for visitors not logged in on ${dialect}`, () => {
  it("answers the event's name and picture, and the picture loads without a session", async () => {
    const admin = await createUser(t.db);
    const event = await createEvent(t.db, { adminId: admin.id, name: 'Harbour Festival', fields });
    await eventsService(t.app.serverContext).updateSettings(event.id, admin.id, { description: 'Internal plans' });
    const uploaded = await uploadAvatar(await loginAs(t.app, admin), event.id);
    expect(uploaded.statusCode).toBe(200);

    const guest = new TestClient(t.app);
    const preview = await guest.get(`/api/event/${event.id}/apply/preview`);
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body).toEqual({
      event: { id: event.id, name: 'Harbour Festival', avatarUrl: expect.stringMatching(/^\/api\/event\/\d+\/avatar/) },
    });
    // Nothing but the name and the picture: no description, no form.
    expect(preview.body).not.toContain('Internal plans');
    expect(preview.body).not.toContain('Nickname');
    const image = await guest.get(body.event.avatarUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('answers 404 while the event does not take applications, for an unknown id, and keeps the picture behind login', async () => {
    const admin = await createUser(t.db);
    const closed = await createEvent(t.db, { adminId: admin.id, applicationsOpen: false });
    await uploadAvatar(await loginAs(t.app, admin), closed.id);
    const completed = await createEvent(t.db, { adminId: admin.id });
    await eventsService(t.app.serverContext).updateSettings(completed.id, admin.id, { status: 'completed' });
    const guest = new TestClient(t.app);
    for (const id of [closed.id, completed.id, 999999]) {
      const preview = await guest.get(`/api/event/${id}/apply/preview`);
      expect(preview.statusCode, `event ${id}`).toBe(404);
    }
    expect([400, 404]).toContain((await guest.get('/api/event/99999999999/apply/preview')).statusCode);
    expect((await guest.get(`/api/event/${closed.id}/avatar`)).statusCode).toBe(401);
  });
});
