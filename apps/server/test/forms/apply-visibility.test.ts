import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsService } from '../../src/modules/events/service.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { addMember, createEvent, createUser, loginAs } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fields = [{ name: 'form-field-custom-1', type: 'text' as const, label: 'Secret question', required: false }];

/**
 * The apply page shows an event to outsiders only while it takes applications: otherwise it is not found, with the
 * very answer an id that names no event gets (ids are sequential; a private event's name is not for strangers).
 */
describe(`what the apply page shows outsiders on ${dialect}`, () => {
  it('answers a stranger 404 for an event that does not take applications, the same body as for no event', async () => {
    const admin = await createUser(t.db);
    const event = await createEvent(t.db, {
      adminId: admin.id,
      name: 'Private board meeting',
      applicationsOpen: false,
      fields,
    });
    await eventsService(t.app.serverContext).updateSettings(event.id, admin.id, { description: 'Internal plans' });
    const outsider = await loginAs(t.app, await createUser(t.db));
    const page = await outsider.get(`/api/event/${event.id}/apply`);
    const unknown = await outsider.get('/api/event/999999/apply');
    expect(page.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(page.body).toBe(unknown.body);
    expect(page.body).not.toContain('Private board meeting');
    // Sending an application tells no more than the page.
    const sent = await outsider.post(`/api/event/${event.id}/apply`, { answers: {} });
    const sentUnknown = await outsider.post('/api/event/999999/apply', { answers: {} });
    expect(sent.statusCode).toBe(404);
    expect(sent.json().errors).toEqual(sentUnknown.json().errors);
    // A member (the admin previewing) sees it all, and that it is closed.
    const own = (await (await loginAs(t.app, admin)).get(`/api/event/${event.id}/apply`)).json();
    expect(own.event).toMatchObject({ name: 'Private board meeting', description: 'Internal plans' });
    expect(own.applicationsOpen).toBe(false);
    expect(own.form.fields).toHaveLength(1);
  });

  it('still shows a closed event to someone who applied while it was open', async () => {
    const admin = await createUser(t.db);
    const event = await createEvent(t.db, { adminId: admin.id, fields });
    const applicantUser = await createUser(t.db);
    const applicant = await loginAs(t.app, applicantUser);
    expect((await applicant.post(`/api/event/${event.id}/apply`, { answers: {} })).statusCode).toBe(201);
    await eventsService(t.app.serverContext).setApplicationsOpen(event.id, admin.id, false);
    const page = await applicant.get(`/api/event/${event.id}/apply`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      event: { id: event.id, name: event.name },
      applicationsOpen: false,
      application: { status: 'pending' },
    });
  });

  it('shows everything while the event takes applications', async () => {
    const event = await createEvent(t.db, { fields });
    const outsider = await loginAs(t.app, await createUser(t.db));
    const page = (await outsider.get(`/api/event/${event.id}/apply`)).json();
    expect(page.applicationsOpen).toBe(true);
    expect(page.form.fields.map((field: { label: string }) => field.label)).toEqual(['Secret question']);
  });

  it('treats a completed event as closed even when its switch was left on (404 to strangers, 409 to members)', async () => {
    const admin = await createUser(t.db);
    const event = await createEvent(t.db, { adminId: admin.id, fields });
    await eventsService(t.app.serverContext).updateSettings(event.id, admin.id, { status: 'completed' });
    const outsider = await loginAs(t.app, await createUser(t.db));
    expect((await outsider.get(`/api/event/${event.id}/apply`)).statusCode).toBe(404);
    const memberUser = await createUser(t.db);
    await addMember(t.db, event.id, memberUser.id, 2);
    const member = await loginAs(t.app, memberUser);
    const page = (await member.get(`/api/event/${event.id}/apply`)).json();
    expect(page.applicationsOpen).toBe(false);
    const sent = await member.post(`/api/event/${event.id}/apply`, { answers: {} });
    expect(sent.statusCode).toBe(409);
    expect(sent.json().errors).toEqual([{ code: 'error.applicationsClosed' }]);
  });

  it('answers 404 for an id that names no event, and for ids beyond the integer bound', async () => {
    const outsider = await loginAs(t.app, await createUser(t.db));
    expect((await outsider.get('/api/event/999999/apply')).statusCode).toBe(404);
    const big = await outsider.get('/api/event/99999999999/apply');
    expect([400, 404]).toContain(big.statusCode);
  });
});
