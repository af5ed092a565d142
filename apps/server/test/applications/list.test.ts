import { APPLICATION_STATUSES, type ApplicationStatus } from '@funkis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { createEvent, createUser, loginAs } from '../helpers/factories.js';
import { createApplicant, createReviewWorld, type ReviewWorld } from './fixtures.js';

let t: TestApp;
let world: ReviewWorld;
let admin: TestClient;
const ids: Record<string, number> = {};

interface Spec {
  key: string;
  firstname: string;
  lastname: string;
  email: string;
  status: ApplicationStatus;
  group: 'bar' | 'stage' | null;
  week: 'week-1' | 'week-2' | null;
  note: string;
}

// Created in this order, one minute apart: createdAt ascending is the order of this list.
const SPECS: Spec[] = [
  {
    key: 'anna',
    firstname: 'Anna',
    lastname: 'Berg',
    email: 'anna@example.test',
    status: 'pending',
    group: 'bar',
    week: 'week-1',
    note: 'I love making coffee',
  },
  {
    key: 'bo',
    firstname: 'Bo',
    lastname: 'Ek',
    email: 'bo.ek@mail.test',
    status: 'pending',
    group: 'stage',
    week: 'week-2',
    note: 'Rigging and sound',
  },
  {
    key: 'cecilia',
    firstname: 'Cecilia',
    lastname: 'Dahl',
    email: 'cecilia@example.test',
    status: 'staged',
    group: 'bar',
    week: 'week-1',
    note: '100% available',
  },
  {
    key: 'david',
    firstname: 'David',
    lastname: 'Falk',
    email: 'david@example.test',
    status: 'accepted',
    group: 'stage',
    week: 'week-1',
    note: 'Forklift licence',
  },
  {
    key: 'eva',
    firstname: 'Eva',
    lastname: 'Gran',
    email: 'eva@example.test',
    status: 'reserve',
    group: null,
    week: 'week-2',
    note: 'Only evenings',
  },
  {
    key: 'filip',
    firstname: 'Filip',
    lastname: 'Holm',
    email: 'filip@example.test',
    status: 'rejected',
    group: 'bar',
    week: 'week-2',
    note: 'Barista course',
  },
  {
    key: 'gun',
    firstname: 'Gun',
    lastname: 'Isaksson',
    email: 'gun@example.test',
    status: 'none',
    group: 'stage',
    week: null,
    note: 'First time',
  },
  {
    key: 'hugo',
    firstname: 'Hugo',
    lastname: 'Jansson',
    email: 'hugo@example.test',
    status: 'pending',
    group: null,
    week: 'week-1',
    note: 'Coffee addict',
  },
];

const base = Date.parse('2025-05-01T10:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp();
  world = await createReviewWorld(t);
  for (const [index, spec] of SPECS.entries()) {
    const answers: Record<string, string> = { note: spec.note };
    if (spec.week) answers.week = spec.week;
    const created = await createApplicant(t.db, world.eventId, {
      firstname: spec.firstname,
      lastname: spec.lastname,
      email: spec.email,
      status: spec.status,
      groupId: spec.group ? world[spec.group].id : null,
      answers,
      createdAt: new Date(base + index * 60_000).toISOString(),
    });
    ids[spec.key] = created.id;
  }
  // Another event's application must never show up here.
  const other = await createEvent(t.db, { adminId: world.admin.id });
  await createApplicant(t.db, other.id, { firstname: 'Anna', lastname: 'Elsewhere', status: 'pending' });
  admin = await loginAs(t.app, world.admin);
});
afterAll(() => t.close());

const url = (query = '') => `/api/event/${world.eventId}/applications${query ? `?${query}` : ''}`;
const keysOf = (body: { applications: { id: number }[] }) =>
  body.applications.map((application) => SPECS.find((spec) => ids[spec.key] === application.id)?.key ?? '?');
const expectKeys = (predicate: (spec: Spec) => boolean) =>
  SPECS.filter(predicate)
    .map((spec) => spec.key)
    .reverse(); // default sort: newest first

describe(`applications list on ${dialect}`, () => {
  it('lists every application of the event, newest first, with applicant, group, week and answers', async () => {
    const response = await admin.get(url());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(SPECS.length);
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(25);
    expect(keysOf(body)).toEqual(expectKeys(() => true));
    const anna = body.applications.find((application: { id: number }) => application.id === ids.anna);
    expect(anna).toMatchObject({
      user: { firstname: 'Anna', lastname: 'Berg', email: 'anna@example.test' },
      status: 'pending',
      group: { id: world.bar.id, name: 'Bar' },
      week: 'week-1',
      answers: { note: 'I love making coffee', week: 'week-1' },
      createdAt: '2025-05-01T10:00:00.000Z',
    });
    expect(typeof anna.user.id).toBe('number');
    expect(body.applications.find((application: { id: number }) => application.id === ids.eva).group).toBeNull();
  });

  it.each(APPLICATION_STATUSES)('filters by status %s', async (status) => {
    const body = (await admin.get(url(`status=${status}`))).json();
    expect(keysOf(body)).toEqual(expectKeys((spec) => spec.status === status));
    expect(body.total).toBe(SPECS.filter((spec) => spec.status === status).length);
  });

  it('filters by a comma list of statuses, and by repeated parameters', async () => {
    const expected = expectKeys((spec) => spec.status === 'pending' || spec.status === 'staged');
    expect(keysOf((await admin.get(url('status=pending,staged'))).json())).toEqual(expected);
    expect(keysOf((await admin.get(url('status=pending&status=staged'))).json())).toEqual(expected);
  });

  it('refuses an unknown status with 400', async () => {
    const response = await admin.get(url('status=pending,maybe'));
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });

  it('filters by group, by no group, and by both', async () => {
    expect(keysOf((await admin.get(url(`groupId=${world.bar.id}`))).json())).toEqual(
      expectKeys((spec) => spec.group === 'bar'),
    );
    expect(keysOf((await admin.get(url('groupId=none'))).json())).toEqual(expectKeys((spec) => spec.group === null));
    expect(keysOf((await admin.get(url(`groupId=${world.stage.id},none`))).json())).toEqual(
      expectKeys((spec) => spec.group === 'stage' || spec.group === null),
    );
    expect((await admin.get(url('groupId=abc'))).statusCode).toBe(400);
  });

  it('filters by week and combines filters', async () => {
    expect(keysOf((await admin.get(url('week=week-2'))).json())).toEqual(expectKeys((spec) => spec.week === 'week-2'));
    const combined = (await admin.get(url(`week=week-1&status=pending&groupId=${world.bar.id}`))).json();
    expect(keysOf(combined)).toEqual(['anna']);
    expect(combined.total).toBe(1);
  });

  it('searches name, e-mail and answers, case-insensitively', async () => {
    expect(keysOf((await admin.get(url('search=ANNA'))).json())).toEqual(['anna']);
    expect(keysOf((await admin.get(url('search=isaks'))).json())).toEqual(['gun']);
    expect(keysOf((await admin.get(url('search=mail.test'))).json())).toEqual(['bo']);
    expect(keysOf((await admin.get(url('search=coffee'))).json())).toEqual(['hugo', 'anna']);
    expect(keysOf((await admin.get(url('search=coffee&status=pending&groupId=none'))).json())).toEqual(['hugo']);
    expect((await admin.get(url('search=nobody-has-this'))).json().total).toBe(0);
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect(keysOf((await admin.get(url(`search=${encodeURIComponent('100%')}`))).json())).toEqual(['cecilia']);
    expect((await admin.get(url(`search=${encodeURIComponent('%')}`))).json().total).toBe(1);
    expect((await admin.get(url('search=_'))).json().total).toBe(0);
  });

  it('sorts by every column in both directions, ties broken by id', async () => {
    const order = async (sort: string) => keysOf((await admin.get(url(`sort=${sort}`))).json());
    const byKey = (key: keyof Spec) => [...SPECS].sort((a, b) => String(a[key]).localeCompare(String(b[key]), 'en'));
    expect(await order('createdAt')).toEqual(SPECS.map((spec) => spec.key));
    expect(await order('-createdAt')).toEqual(SPECS.map((spec) => spec.key).reverse());
    expect(await order('firstname')).toEqual(byKey('firstname').map((spec) => spec.key));
    expect(await order('-lastname')).toEqual(
      byKey('lastname')
        .map((spec) => spec.key)
        .reverse(),
    );
    expect(await order('email')).toEqual(byKey('email').map((spec) => spec.key));
    // Status in the product's order: pending, staged, accepted, reserve, rejected, none; then by id.
    expect(await order('status')).toEqual(['anna', 'bo', 'hugo', 'cecilia', 'david', 'eva', 'filip', 'gun']);
    expect(await order('-status')).toEqual(['gun', 'filip', 'eva', 'david', 'cecilia', 'hugo', 'bo', 'anna']);
    // Group by name, no group last either way.
    expect(await order('group')).toEqual(['anna', 'cecilia', 'filip', 'bo', 'david', 'gun', 'eva', 'hugo']);
    expect(await order('-group')).toEqual(['gun', 'david', 'bo', 'filip', 'cecilia', 'anna', 'hugo', 'eva']);
    // updatedAt: the review's setup changed some rows after they were created; the order follows the stored times.
    const rows = (await admin.get(url('sort=createdAt&pageSize=100'))).json().applications as {
      id: number;
      updatedAt: string;
    }[];
    const byUpdate = [...rows].sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.id - b.id);
    const keyOf = new Map(Object.entries(ids).map(([key, id]) => [id, key]));
    expect(await order('updatedAt')).toEqual(byUpdate.map((row) => keyOf.get(row.id)));
    expect(await order('-updatedAt')).toEqual(
      [...rows].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id).map((row) => keyOf.get(row.id)),
    );
    expect((await admin.get(url('sort=age'))).statusCode).toBe(400);
  });

  it('pages with a stable total', async () => {
    const first = (await admin.get(url('sort=createdAt&pageSize=3&page=1'))).json();
    const second = (await admin.get(url('sort=createdAt&pageSize=3&page=2'))).json();
    const third = (await admin.get(url('sort=createdAt&pageSize=3&page=3'))).json();
    const beyond = (await admin.get(url('sort=createdAt&pageSize=3&page=9'))).json();
    expect([...keysOf(first), ...keysOf(second), ...keysOf(third)]).toEqual(SPECS.map((spec) => spec.key));
    expect(keysOf(third)).toHaveLength(2);
    for (const body of [first, second, third, beyond]) expect(body.total).toBe(SPECS.length);
    expect(beyond.applications).toEqual([]);
    expect((await admin.get(url('pageSize=500'))).statusCode).toBe(200);
    expect((await admin.get(url('pageSize=501'))).statusCode).toBe(400);
    expect((await admin.get(url('page=0'))).statusCode).toBe(400);
  });

  it('summarises by status and by group x status for the current filter', async () => {
    const { summary, total } = (await admin.get(url('pageSize=1'))).json();
    expect(total).toBe(8);
    expect(summary.byStatus).toEqual({ pending: 3, staged: 1, accepted: 1, reserve: 1, rejected: 1, none: 1 });
    expect(summary.byGroup).toEqual([
      {
        groupId: world.bar.id,
        groupName: 'Bar',
        total: 3,
        byStatus: { pending: 1, staged: 1, accepted: 0, reserve: 0, rejected: 1, none: 0 },
      },
      {
        groupId: world.stage.id,
        groupName: 'Stage',
        total: 3,
        byStatus: { pending: 1, staged: 0, accepted: 1, reserve: 0, rejected: 0, none: 1 },
      },
      {
        groupId: null,
        groupName: null,
        total: 2,
        byStatus: { pending: 1, staged: 0, accepted: 0, reserve: 1, rejected: 0, none: 0 },
      },
    ]);

    const week1 = (await admin.get(url('week=week-1&status=pending,staged'))).json();
    expect(week1.total).toBe(3);
    expect(week1.summary.byStatus).toEqual({ pending: 2, staged: 1, accepted: 0, reserve: 0, rejected: 0, none: 0 });
    expect(
      week1.summary.byGroup.map((row: { groupName: string | null; total: number }) => [row.groupName, row.total]),
    ).toEqual([
      ['Bar', 2],
      ['Stage', 0],
      [null, 1],
    ]);

    const barOnly = (await admin.get(url(`groupId=${world.bar.id}`))).json();
    expect(barOnly.summary.byGroup).toHaveLength(1);
    expect(barOnly.summary.byGroup[0]).toMatchObject({ groupId: world.bar.id, total: 3 });
  });

  it('lets a group leader see only the applications of their own group', async () => {
    const leader = await loginAs(t.app, world.leader);
    const body = (await leader.get(url())).json();
    expect(keysOf(body)).toEqual(expectKeys((spec) => spec.group === 'bar'));
    expect(body.total).toBe(3);
    expect(body.summary.byGroup).toEqual([
      {
        groupId: world.bar.id,
        groupName: 'Bar',
        total: 3,
        byStatus: { pending: 1, staged: 1, accepted: 0, reserve: 0, rejected: 1, none: 0 },
      },
    ]);
    // Asking for another group or for no group gives nothing, not the others' applications.
    expect((await leader.get(url(`groupId=${world.stage.id}`))).json().total).toBe(0);
    expect((await leader.get(url('groupId=none'))).json().total).toBe(0);
    expect((await leader.get(url('search=bo.ek'))).json().total).toBe(0);
  });

  it('refuses volunteers and non-members with 403, anonymous callers with 401', async () => {
    const volunteer = await loginAs(t.app, world.volunteer);
    const outsider = await loginAs(t.app, world.outsider);
    expect((await volunteer.get(url())).statusCode).toBe(403);
    expect((await outsider.get(url())).statusCode).toBe(403);
    const anonymous = await new TestClient(t.app).get(url());
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      success: false,
      errorMessages: ['You must be logged in.'],
      errors: [{ code: 'error.notLoggedIn' }],
    });
    // An event that does not exist answers like one the caller is not a member of.
    expect((await admin.get('/api/event/999999/applications')).statusCode).toBe(403);
  });
});

describe(`search index on ${dialect}`, () => {
  it('follows inserts, changes of the searchable text and deletions', async () => {
    const event = await createEvent(t.db, { adminId: world.admin.id });
    const search = async (term: string) =>
      (await admin.get(`/api/event/${event.id}/applications?search=${encodeURIComponent(term)}`)).json().total;
    const first = await createApplicant(t.db, event.id, {
      firstname: 'Signe',
      lastname: 'Tornqvist',
      email: 'signe@example.test',
      answers: { note: 'Sound engineer' },
    });
    // Fixed addresses: generated ones carry random characters a short search term could match.
    await createApplicant(t.db, event.id, {
      firstname: 'Ture',
      lastname: 'Alm',
      email: 'ture@example.test',
      answers: { note: 'cook_and_bake' },
    });
    expect(await search('tornqvist')).toBe(1);
    expect(await search('ENGINEER')).toBe(1);
    // Short terms and terms with LIKE wildcards take the plain path and mean the same.
    expect(await search('al')).toBe(1);
    expect(await search('k_a')).toBe(1);
    expect(await search('k%a')).toBe(0);

    await t.db
      .updateTable('application_answers')
      .set({ search_text: 'signe lindgren lighting' })
      .where('application_id', '=', first.id)
      .execute();
    expect(await search('tornqvist')).toBe(0);
    expect(await search('lighting')).toBe(1);

    await t.db.deleteFrom('applications').where('id', '=', first.id).execute();
    expect(await search('lighting')).toBe(0);
    expect(await search('cook')).toBe(1);
  });
});

describe(`application detail on ${dialect}`, () => {
  it('shows the application with its answers, labels and the history of its review', async () => {
    const response = await admin.get(`${url()}/${ids.anna}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.application).toMatchObject({
      id: ids.anna,
      status: 'pending',
      group: { id: world.bar.id, name: 'Bar' },
      answers: { note: 'I love making coffee', week: 'week-1' },
      answerLabels: {},
    });
    // Only the fixture's setup (as the system) so far: placed in Bar.
    expect(body.history).toEqual([
      expect.objectContaining({
        action: 'application.group_changed',
        actor: null,
        details: expect.objectContaining({ to: world.bar.id }),
      }),
    ]);
  });

  it('answers 404 for an unknown id and for an application of another event', async () => {
    expect((await admin.get(`${url()}/999999`)).statusCode).toBe(404);
    const other = await createEvent(t.db, { adminId: world.admin.id });
    const elsewhere = await createApplicant(t.db, other.id, { status: 'pending' });
    expect((await admin.get(`${url()}/${elsewhere.id}`)).statusCode).toBe(404);
  });

  it('lets a leader open their own group’s applications only; refuses volunteers, outsiders and anonymous', async () => {
    const leader = await loginAs(t.app, world.leader);
    expect((await leader.get(`${url()}/${ids.anna}`)).statusCode).toBe(200);
    expect((await leader.get(`${url()}/${ids.bo}`)).statusCode).toBe(403);
    expect((await leader.get(`${url()}/${ids.eva}`)).statusCode).toBe(403);
    expect((await (await loginAs(t.app, world.volunteer)).get(`${url()}/${ids.anna}`)).statusCode).toBe(403);
    expect((await (await loginAs(t.app, world.outsider)).get(`${url()}/${ids.anna}`)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(`${url()}/${ids.anna}`)).statusCode).toBe(401);
  });
});

describe(`applications API description on ${dialect}`, () => {
  it('publishes the three routes in the OpenAPI document', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    expect(paths['/api/event/{id}/applications']?.get).toBeDefined();
    expect(paths['/api/event/{id}/applications/update']?.post).toBeDefined();
    expect(paths['/api/event/{id}/applications/{applicationId}']?.get).toBeDefined();
  });

  it('is reachable by a fresh admin of a new event with no applications', async () => {
    const owner = await createUser(t.db);
    const event = await createEvent(t.db, { adminId: owner.id });
    const client = await loginAs(t.app, owner);
    const body = (await client.get(`/api/event/${event.id}/applications`)).json();
    expect(body.total).toBe(0);
    expect(body.summary.byGroup).toEqual([
      {
        groupId: null,
        groupName: null,
        total: 0,
        byStatus: { pending: 0, staged: 0, accepted: 0, reserve: 0, rejected: 0, none: 0 },
      },
    ]);
  });
});
