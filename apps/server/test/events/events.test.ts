import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { addMember, createApplication, createEvent, createUser, loginAs } from '../helpers/factories.js';
import { auditOf, createCast, PNG, uploadAvatar } from './fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`home: GET /api/events on ${dialect}`, () => {
  it('shows a new user nothing while no event takes applications', async () => {
    const lonely = await createTestApp();
    try {
      const user = await createUser(lonely.db);
      const closed = await createEvent(lonely.db, { applicationsOpen: false });
      expect(closed.id).toBeGreaterThan(0);
      const client = await loginAs(lonely.app, user);
      const response = await client.get('/api/events');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ events: [], total: 0 });
    } finally {
      await lonely.close();
    }
  });

  it("lists the user's events with their role, and ongoing open events once each", async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const mine = await createEvent(t.db, { name: 'Mine and open', adminId: user.id });
    const leading = await createEvent(t.db, { name: 'Leading closed', applicationsOpen: false });
    await addMember(t.db, leading.id, user.id, 1);
    const open = await createEvent(t.db, { name: 'Open to all', adminId: other.id });
    const applied = await createEvent(t.db, { name: 'Applied, now closed', applicationsOpen: false });
    await createApplication(t.db, applied.id, user.id, { status: 'reserve' });
    const closed = await createEvent(t.db, { name: 'Closed stranger', applicationsOpen: false });
    const completed = await createEvent(t.db, { name: 'Completed but open' });
    await t.db.updateTable('events').set({ status: 'completed' }).where('id', '=', completed.id).execute();

    const client = await loginAs(t.app, user);
    const response = await client.get('/api/events?pageSize=500');
    expect(response.statusCode).toBe(200);
    const { events, total } = response.json();
    const byId = new Map(events.map((event: { id: number }) => [event.id, event]));
    expect(events.length).toBe(byId.size);
    expect(total).toBe(events.length);
    expect(byId.get(mine.id)).toEqual({
      id: mine.id,
      name: 'Mine and open',
      avatarUrl: null,
      status: 'ongoing',
      applicationsOpen: true,
      roleLevel: 0,
      applicationStatus: null,
    });
    expect(byId.get(leading.id)).toMatchObject({ roleLevel: 1, applicationsOpen: false });
    expect(byId.get(open.id)).toMatchObject({ roleLevel: null, applicationStatus: null, applicationsOpen: true });
    expect(byId.get(applied.id)).toMatchObject({ roleLevel: null, applicationStatus: 'reserve' });
    expect(byId.has(closed.id)).toBe(false);
    expect(byId.has(completed.id)).toBe(false);
    // The events the user belongs to come first.
    const firstNonMember = events.findIndex((event: { roleLevel: number | null }) => event.roleLevel === null);
    expect(
      events
        .slice(0, firstNonMember)
        .map((event: { id: number }) => event.id)
        .sort(),
    ).toEqual([mine.id, leading.id].sort());
  });

  it('pages the list', async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const all = (await client.get('/api/events?pageSize=500')).json();
    const first = (await client.get('/api/events?page=1&pageSize=2')).json();
    const second = (await client.get('/api/events?page=2&pageSize=2')).json();
    expect(first.total).toBe(all.total);
    expect(first.events).toEqual(all.events.slice(0, 2));
    expect(second.events).toEqual(all.events.slice(2, 4));
    expect((await client.get('/api/events?pageSize=501')).statusCode).toBe(400);
  });
});

describe(`creating an event on ${dialect}`, () => {
  it('makes the creator its admin, with an empty form, and records it', async () => {
    const user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const response = await client.post('/api/events', { name: '  Summer Camp  ', description: 'By the lake' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body._csrf).toBe(client.csrf);
    expect(body.event).toEqual({
      id: expect.any(Number),
      name: 'Summer Camp',
      description: 'By the lake',
      avatarUrl: null,
      status: 'ongoing',
      applicationsOpen: false,
      useWeekSeparation: false,
      weekSeparationConfig: null,
      startsAt: null,
      endsAt: null,
      // The server's zone until an admin chooses one.
      timeZone: new Intl.DateTimeFormat().resolvedOptions().timeZone,
    });

    const detail = await client.get(`/api/event/${body.event.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual({
      event: body.event,
      eventUser: {
        id: expect.any(Number),
        userId: user.id,
        role: { eventRole: { roleLevel: 0 }, eventGroup: null },
      },
      eventForm: { fields: [] },
    });
    const audit = await auditOf(t.db, body.event.id);
    expect(audit.map((entry) => entry.action)).toEqual(['event.created', 'member.added']);
    expect(audit[0].actor_id).toBe(user.id);
  });

  it('checks the name with the texts of the spec', async () => {
    const client = await loginAs(t.app, await createUser(t.db));
    const short = await client.post('/api/events', { name: ' ab ' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      success: false,
      errorMessages: ['Event name must be at least 3 characters long.'],
      errors: [{ code: 'error.eventNameTooShort', params: { length: 3 }, field: 'name' }],
      fieldErrors: { name: 'Event name must be at least 3 characters long.' },
    });
    const long = await client.post('/api/events', { name: 'x'.repeat(256) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errorMessages).toEqual(['Event name must be less than 255 characters long.']);
    const missing = await client.post('/api/events', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.name).toBe('Event name must be at least 3 characters long.');
    expect((await client.post('/api/events', { name: 'x'.repeat(255) })).statusCode).toBe(201);
  });

  it('stores names and descriptions as plain text', async () => {
    const client = await loginAs(t.app, await createUser(t.db));
    const name = '<script>alert(1)</script>';
    const response = await client.post('/api/events', { name, description: '<b>bold</b>' });
    expect(response.statusCode).toBe(201);
    expect(response.json().event.name).toBe(name);
    expect(response.headers['content-type']).toContain('application/json');
  });
});

describe(`GET /api/event/:id on ${dialect}`, () => {
  it("gives a member their role, group and the event's form", async () => {
    const cast = await createCast(t.app, t.db);
    const fields = [{ name: 'form-field-custom-1', type: 'text', label: 'Name', required: true }];
    await t.db
      .updateTable('event_forms')
      .set({ fields: JSON.stringify(fields) })
      .where('event_id', '=', cast.eventId)
      .execute();
    const response = await cast.clients.leaderA.get(`/api/event/${cast.eventId}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.eventUser).toEqual({
      id: cast.eventUserIds.leaderA,
      userId: cast.users.leaderA.id,
      role: { eventRole: { roleLevel: 1 }, eventGroup: { id: cast.groupA.id, name: 'Group A' } },
    });
    expect(body.eventForm).toEqual({ fields });
    expect(Object.keys(body.event).sort()).toEqual(
      [
        'id',
        'name',
        'description',
        'avatarUrl',
        'useWeekSeparation',
        'weekSeparationConfig',
        'status',
        'applicationsOpen',
        'startsAt',
        'endsAt',
        'timeZone',
      ].sort(),
    );
  });
});

describe(`settings on ${dialect}`, () => {
  it('changes only what is given and records the change', async () => {
    const cast = await createCast(t.app, t.db);
    const url = `/api/event/${cast.eventId}/settings`;
    const response = await cast.clients.admin.post(url, {
      name: 'Renamed event',
      description: 'New description',
      status: 'completed',
      startsAt: '2026-07-01',
      endsAt: '2026-07-10',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().event).toMatchObject({
      name: 'Renamed event',
      description: 'New description',
      status: 'completed',
      startsAt: '2026-07-01',
      endsAt: '2026-07-10',
      useWeekSeparation: false,
    });
    const again = await cast.clients.admin.post(url, { description: 'Only this' });
    expect(again.json().event).toMatchObject({ name: 'Renamed event', description: 'Only this' });

    const audit = (await auditOf(t.db, cast.eventId)).filter((entry) => entry.action === 'event.settings_changed');
    expect(audit).toHaveLength(2);
    expect(JSON.parse(audit[0].details).changes.name).toEqual({ from: expect.any(String), to: 'Renamed event' });
    expect(JSON.parse(audit[1].details).changes).toEqual({
      description: { from: 'New description', to: 'Only this' },
    });
    expect(audit[1].actor_id).toBe(cast.users.admin.id);

    // Nothing changed: nothing recorded.
    await cast.clients.admin.post(url, { description: 'Only this' });
    expect((await auditOf(t.db, cast.eventId)).filter((e) => e.action === 'event.settings_changed')).toHaveLength(2);
  });

  it('refuses bad values with clear messages', async () => {
    const cast = await createCast(t.app, t.db);
    const url = `/api/event/${cast.eventId}/settings`;
    const admin = cast.clients.admin;
    const short = await admin.post(url, { name: 'ab' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errorMessages).toEqual(['Event name must be at least 3 characters long.']);
    const reversed = await admin.post(url, { startsAt: '2026-07-10', endsAt: '2026-07-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fieldErrors).toEqual({ endsAt: 'The end date cannot be before the start date.' });
    await admin.post(url, { startsAt: '2026-07-10' });
    const beforeStored = await admin.post(url, { endsAt: '2026-07-01' });
    expect(beforeStored.statusCode).toBe(400);
    expect((await admin.post(url, { status: 'archived' })).statusCode).toBe(400);
    expect((await admin.post(url, { startsAt: '2026-13-01' })).statusCode).toBe(400);
  });
});

describe(`applications open/close on ${dialect}`, () => {
  it('switches and records each switch', async () => {
    const cast = await createCast(t.app, t.db);
    const url = `/api/event/${cast.eventId}/applications-open`;
    const opened = await cast.clients.admin.post(url, { open: true });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().event.applicationsOpen).toBe(true);
    const closed = await cast.clients.admin.post(url, { open: false });
    expect(closed.json().event.applicationsOpen).toBe(false);
    await cast.clients.admin.post(url, { open: false });
    const actions = (await auditOf(t.db, cast.eventId)).map((entry) => entry.action);
    expect(actions.filter((action) => action.startsWith('event.applications'))).toEqual([
      'event.applications_opened',
      'event.applications_closed',
    ]);
    expect((await cast.clients.admin.post(url, { open: 'yes' })).statusCode).toBe(400);
  });
});

describe(`event avatar on ${dialect}`, () => {
  it('stores an image and serves it to members, and to anyone while applications are open', async () => {
    const cast = await createCast(t.app, t.db, { applicationsOpen: true });
    const response = await uploadAvatar(cast.clients.admin, cast.eventId);
    expect(response.statusCode).toBe(200);
    const { avatarUrl } = response.json().event;
    expect(avatarUrl).toMatch(new RegExp(`^/api/event/${cast.eventId}/avatar\\?v=[\\w-]+$`));

    const image = await cast.clients.volunteer.get(avatarUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await cast.clients.nonMember.get(avatarUrl)).statusCode).toBe(200);
    // The apply link's preview shows it to visitors not logged in too.
    expect((await cast.clients.anonymous.get(avatarUrl)).statusCode).toBe(200);

    await cast.clients.admin.post(`/api/event/${cast.eventId}/applications-open`, { open: false });
    expect((await cast.clients.nonMember.get(avatarUrl)).statusCode).toBe(403);
    expect((await cast.clients.anonymous.get(avatarUrl)).statusCode).toBe(401);

    const home = (await cast.clients.volunteer.get('/api/events?pageSize=500')).json();
    expect(home.events.find((event: { id: number }) => event.id === cast.eventId).avatarUrl).toBe(avatarUrl);
    expect((await auditOf(t.db, cast.eventId)).map((entry) => entry.action)).toContain('event.avatar_changed');
  });

  it('replaces the previous image and refuses other types and big files', async () => {
    const cast = await createCast(t.app, t.db);
    const first = (await uploadAvatar(cast.clients.admin, cast.eventId)).json().event.avatarUrl;
    const second = (await uploadAvatar(cast.clients.admin, cast.eventId)).json().event.avatarUrl;
    expect(second).not.toBe(first);

    const text = await uploadAvatar(cast.clients.admin, cast.eventId, Buffer.from('<svg/>'), 'image/svg+xml');
    expect(text.statusCode).toBe(415);
    expect(text.json().fieldErrors).toEqual({ file: 'Only PNG, JPEG, GIF or WebP images can be used.' });
    expect(text.json().errors).toEqual([{ code: 'error.imageType', field: 'file' }]);

    // The declared type is not believed: HTML sent as image/png is refused by its first bytes.
    const disguised = await uploadAvatar(
      cast.clients.admin,
      cast.eventId,
      Buffer.from('<html><script>alert(1)</script></html>'),
      'image/png',
    );
    expect(disguised.statusCode).toBe(415);

    const big = await uploadAvatar(cast.clients.admin, cast.eventId, Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().errorMessages).toEqual(['The image cannot be larger than 5 MB.']);

    const detail = (await cast.clients.admin.get(`/api/event/${cast.eventId}`)).json();
    expect(detail.event.avatarUrl).toBe(second);
  });

  it('answers 404 while the event has no avatar', async () => {
    const cast = await createCast(t.app, t.db);
    expect((await cast.clients.admin.get(`/api/event/${cast.eventId}/avatar`)).statusCode).toBe(404);
  });
});

describe(`groups on ${dialect}`, () => {
  it('lists groups with member counts', async () => {
    const cast = await createCast(t.app, t.db);
    const response = await cast.clients.volunteer.get(`/api/event/${cast.eventId}/groups`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      groups: [
        { id: cast.groupA.id, name: 'Group A', description: '', memberCount: 2, wanted: null },
        { id: cast.groupB.id, name: 'Group B', description: '', memberCount: 1, wanted: null },
      ],
      total: 2,
    });
  });

  it('creates, renames and deletes; members of a deleted group stay without a group', async () => {
    const cast = await createCast(t.app, t.db);
    const admin = cast.clients.admin;
    const base = `/api/event/${cast.eventId}/groups`;
    const created = await admin.post(base, { name: ' Kitchen ', description: 'Food' });
    expect(created.statusCode).toBe(201);
    const group = created.json().group;
    expect(group).toEqual({
      id: expect.any(Number),
      name: 'Kitchen',
      description: 'Food',
      memberCount: 0,
      wanted: null,
    });

    const duplicate = await admin.post(base, { name: 'kitchen' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errorMessages).toEqual(['The event already has a group with this name.']);
    const empty = await admin.post(base, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ name: 'Group name is required.' });
    expect((await admin.post(base, { name: 'x'.repeat(101) })).json().errorMessages).toEqual([
      'Group name cannot be longer than 100 characters.',
    ]);

    const renamed = await admin.post(`${base}/${group.id}`, { name: 'Kitchen crew' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().group).toEqual({ ...group, name: 'Kitchen crew' });
    expect((await admin.post(`${base}/${group.id}`, { name: 'Group A' })).statusCode).toBe(409);
    // Its own name in another case is no conflict.
    expect((await admin.post(`${base}/${group.id}`, { name: 'KITCHEN CREW' })).statusCode).toBe(200);

    const removed = await admin.delete(`${base}/${cast.groupA.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, _csrf: admin.csrf });
    const members = await t.db
      .selectFrom('event_users')
      .select(['id', 'group_id'])
      .where('id', 'in', [cast.eventUserIds.leaderA, cast.eventUserIds.volunteer])
      .execute();
    expect(members).toHaveLength(2);
    expect(members.every((member) => member.group_id === null)).toBe(true);
    const leader = (await cast.clients.leaderA.get(`/api/event/${cast.eventId}`)).json();
    expect(leader.eventUser.role.eventGroup).toBeNull();

    const actions = (await auditOf(t.db, cast.eventId, cast.auditMark)).map((entry) => [
      entry.action,
      JSON.parse(entry.details),
    ]);
    expect(actions).toEqual([
      ['group.created', { name: 'Kitchen' }],
      ['group.updated', { changes: { name: { from: 'Kitchen', to: 'Kitchen crew' } } }],
      ['group.updated', { changes: { name: { from: 'Kitchen crew', to: 'KITCHEN CREW' } } }],
      ['group.deleted', { name: 'Group A', membersLeftWithoutGroup: 2 }],
    ]);
  });
});

describe(`control panel: access section on ${dialect}`, () => {
  it('lists admins, group leaders and volunteers with their e-mail and group', async () => {
    const cast = await createCast(t.app, t.db);
    const response = await cast.clients.admin.get(`/api/event/${cast.eventId}/access`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.admins).toEqual([
      {
        id: cast.eventUserIds.admin,
        userId: cast.users.admin.id,
        firstname: 'Ada',
        lastname: 'Admin',
        email: cast.users.admin.email,
        group: null,
      },
    ]);
    expect(body.groupLeaders.map((person: { lastname: string }) => person.lastname)).toEqual(['Alpha', 'Beta']);
    expect(body.groupLeaders[1].group).toEqual({ id: cast.groupB.id, name: 'Group B' });
    expect(body.volunteers.map((person: { email: string }) => person.email)).toEqual([cast.users.volunteer.email]);
    expect(body.totals).toEqual({ admins: 1, groupLeaders: 2, volunteers: 1 });
  });
});

describe(`audit log on ${dialect}`, () => {
  it('shows who did what and when, newest first, paged', async () => {
    const cast = await createCast(t.app, t.db);
    const admin = cast.clients.admin;
    // The cast's own setup (event, groups, members) is in the log too.
    const setup = (await auditOf(t.db, cast.eventId)).length;
    await admin.post(`/api/event/${cast.eventId}/groups`, { name: 'Bar' });
    await admin.post(`/api/event/${cast.eventId}/users/${cast.eventUserIds.volunteer}`, { roleLevel: 1 });
    await admin.post(`/api/event/${cast.eventId}/applications-open`, { open: true });

    const page = await admin.get(`/api/event/${cast.eventId}/audit?page=1&pageSize=2`);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.total).toBe(setup + 3);
    expect(body.entries).toHaveLength(2);
    expect(body.entries[0]).toEqual({
      id: expect.any(Number),
      action: 'event.applications_opened',
      subject: `event:${cast.eventId}`,
      details: {},
      actor: { id: cast.users.admin.id, firstname: 'Ada', lastname: 'Admin' },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      // What the screen needs to say it in words: the subject named as it is now, no other person, no count.
      target: { kind: 'event', id: cast.eventId, name: expect.any(String), exists: true, startsAt: null },
      person: null,
      count: null,
    });
    expect(body.entries[1]).toMatchObject({
      action: 'member.role_changed',
      subject: `event_user:${cast.eventUserIds.volunteer}`,
      details: { from: 2, to: 1, userId: cast.users.volunteer.id },
    });
    const rest = (await admin.get(`/api/event/${cast.eventId}/audit?page=2&pageSize=2`)).json();
    expect(rest.entries[0]).toMatchObject({ action: 'group.created', details: { name: 'Bar' } });
    expect(rest.total).toBe(setup + 3);
  });
});

describe(`OpenAPI on ${dialect}`, () => {
  it('documents the routes of the module', async () => {
    const anonymous = new TestClient(t.app);
    const json = (await anonymous.get('/api/docs/json')).json();
    expect(json.paths['/api/events']).toBeDefined();
    expect(json.paths['/api/event/{id}/users']).toBeDefined();
    expect(json.paths['/api/event/{id}/users/export']).toBeDefined();
    expect(json.paths['/api/event/{id}/audit'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['id', 'page', 'pageSize']),
    );
  });
});
