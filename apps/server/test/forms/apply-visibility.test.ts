import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsService } from '../../src/modules/events/service.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { createEvent, createUser, loginAs } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fields = [{ name: 'form-field-custom-1', type: 'text' as const, label: 'Secret question', required: false }];

/** Issue 10, finding 3: the apply page shows an event's description and form to outsiders only while it takes applications. */
describe(`what the apply page shows outsiders on ${dialect}`, () => {
  it('shows only the name and the closed state of an event that does not take applications', async () => {
    const admin = await createUser(t.db);
    const event = await createEvent(t.db, { adminId: admin.id, applicationsOpen: false, fields });
    await eventsService(t.db, dialect).updateSettings(event.id, admin.id, { description: 'Internal plans' });
    const outsider = await loginAs(t.app, await createUser(t.db));
    const page = await outsider.get(`/api/event/${event.id}/apply`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      event: { id: event.id, name: event.name, description: '', avatarUrl: null },
      form: { fields: [] },
      applicationsOpen: false,
      application: null,
    });
    // A member (the admin previewing) sees it all.
    const own = (await (await loginAs(t.app, admin)).get(`/api/event/${event.id}/apply`)).json();
    expect(own.event.description).toBe('Internal plans');
    expect(own.form.fields).toHaveLength(1);
  });

  it('shows everything while the event takes applications', async () => {
    const event = await createEvent(t.db, { fields });
    const outsider = await loginAs(t.app, await createUser(t.db));
    const page = (await outsider.get(`/api/event/${event.id}/apply`)).json();
    expect(page.applicationsOpen).toBe(true);
    expect(page.form.fields.map((field: { label: string }) => field.label)).toEqual(['Secret question']);
  });

  it('treats a completed event as closed even when its switch was left on (409 on apply)', async () => {
    const admin = await createUser(t.db);
    const event = await createEvent(t.db, { adminId: admin.id, fields });
    await eventsService(t.db, dialect).updateSettings(event.id, admin.id, { status: 'completed' });
    const outsider = await loginAs(t.app, await createUser(t.db));
    const page = (await outsider.get(`/api/event/${event.id}/apply`)).json();
    expect(page.applicationsOpen).toBe(false);
    expect(page.form.fields).toEqual([]);
    const sent = await outsider.post(`/api/event/${event.id}/apply`, { answers: {} });
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
