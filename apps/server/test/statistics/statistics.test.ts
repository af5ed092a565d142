import type { ApplicationStatus, FormField, StatisticsResponse } from '@funkis/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn } from '../forms/sign-in.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { createUser, inviteAndAccept, type TestUser } from '../helpers/factories.js';

/**
 * GET /api/event/{id}/statistics against an event built through the API (event, form, week separation, groups,
 * applications by applicants, status and group set by the admin), with applications on three known days.
 */

// New fields must be named form-field-custom-<n>; the tests speak of them by these short names.
const N = {
  intro: 'form-field-custom-1',
  size: 'form-field-custom-2',
  diet: 'form-field-custom-3',
  car: 'form-field-custom-4',
  weeks: 'form-field-custom-5',
  note: 'form-field-custom-6',
} as const;
type Short = keyof typeof N;

const FIELDS: FormField[] = [
  { name: N.intro, type: 'heading', label: 'About you', required: false },
  {
    name: N.size,
    type: 'select',
    label: 'T-shirt size',
    required: true,
    options: [
      { value: 's', label: 'Small' },
      { value: 'm', label: 'Medium' },
      { value: 'l', label: 'Large' },
    ],
  },
  {
    name: N.diet,
    type: 'radio',
    label: 'Food',
    required: false,
    options: [
      { value: 'veg', label: 'Vegetarian' },
      { value: 'any', label: 'Anything' },
    ],
  },
  { name: N.car, type: 'checkbox', label: 'I have a car', required: false },
  {
    name: N.weeks,
    type: 'checkboxes',
    label: 'Which weeks?',
    required: true,
    options: [
      { value: 'w1', label: 'Week one' },
      { value: 'w2', label: 'Week two' },
    ],
  },
  { name: N.note, type: 'text', label: 'Anything else?', required: false },
];

interface Seed {
  day: string;
  status: ApplicationStatus;
  group: 'bar' | 'stage' | null;
  answers: Record<string, unknown>;
}

// 8 applications on three days; every status; one ticks both weeks (counted in both options).
const SEEDS: Seed[] = [
  { day: '2026-03-01', status: 'pending', group: 'bar', answers: { size: 's', diet: 'veg', car: true, weeks: ['w1'] } },
  { day: '2026-03-01', status: 'pending', group: 'stage', answers: { size: 'm', weeks: ['w2'] } },
  {
    day: '2026-03-01',
    status: 'accepted',
    group: 'bar',
    answers: { size: 'm', diet: 'any', car: false, weeks: ['w1', 'w2'] },
  },
  { day: '2026-03-03', status: 'accepted', group: 'bar', answers: { size: 'l', diet: 'veg', weeks: ['w2'] } },
  { day: '2026-03-03', status: 'staged', group: null, answers: { size: 's', weeks: ['w1'] } },
  { day: '2026-03-03', status: 'reserve', group: 'stage', answers: { size: 's', weeks: ['w1'] } },
  { day: '2026-03-04', status: 'rejected', group: 'stage', answers: { size: 'm', car: true, weeks: ['w2'] } },
  { day: '2026-03-04', status: 'none', group: null, answers: { size: 'l', weeks: ['w1'] } },
];

let t: TestApp;
let admin: TestClient;
let eventId: number;
let groups: Record<'bar' | 'stage', number>;
let leader: TestUser;
let volunteer: TestUser;
let outsider: TestUser;

async function post(client: TestClient, url: string, body: unknown, status = 200) {
  const response = await client.post(url, body);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
  return response.json();
}

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await createUser(t.db, { firstname: 'Ada', lastname: 'Admin' });
  admin = await signIn(t, adminUser);
  eventId = (await post(admin, '/api/events', { name: 'Statistics Festival' }, 201)).event.id;
  await post(admin, `/api/event/${eventId}/form`, { fields: FIELDS });
  await post(admin, `/api/event/${eventId}/settings`, {
    useWeekSeparation: true,
    weekSeparationConfig: {
      formFieldName: N.weeks,
      filterLabel: 'Festival week',
      columnLabel: 'Week',
      options: [
        { value: 'w1', label: 'Week one' },
        { value: 'w2', label: 'Week two' },
      ],
    },
  });
  await post(admin, `/api/event/${eventId}/applications-open`, { open: true });
  groups = {
    bar: (await post(admin, `/api/event/${eventId}/groups`, { name: 'Bar', wanted: 4 }, 201)).group.id,
    stage: (await post(admin, `/api/event/${eventId}/groups`, { name: 'Stage' }, 201)).group.id,
  };

  for (const [index, seed] of SEEDS.entries()) {
    const user = await createUser(t.db, { firstname: 'Applicant', lastname: `Number${index}` });
    const client = await signIn(t, user);
    // The application's day comes from the clock the server reads; only Date is faked, timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${seed.day}T10:${String(index).padStart(2, '0')}:00.000Z`) });
    try {
      const applied = await post(
        client,
        `/api/event/${eventId}/apply`,
        {
          answers: Object.fromEntries(Object.entries(seed.answers).map(([key, value]) => [N[key as Short], value])),
        },
        201,
      );
      expect(applied.application.status).toBe('pending');
    } finally {
      vi.useRealTimers();
    }
    const id = (
      await t.db
        .selectFrom('applications')
        .select('id')
        .where('event_id', '=', eventId)
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow()
    ).id;
    await post(admin, `/api/event/${eventId}/applications/update`, {
      ids: [id],
      ...(seed.status !== 'pending' ? { status: seed.status } : {}),
      groupId: seed.group ? groups[seed.group] : null,
    });
  }

  leader = await createUser(t.db, { firstname: 'Leo', lastname: 'Leader' });
  volunteer = await createUser(t.db, { firstname: 'Vera', lastname: 'Volunteer' });
  outsider = await createUser(t.db, { firstname: 'Otto', lastname: 'Outsider' });
  await inviteAndAccept(t.app, admin, eventId, leader, 1, groups.bar);
  await inviteAndAccept(t.app, admin, eventId, volunteer, 2, groups.stage);
}, 60_000);
afterAll(() => t?.close());

const statistics = async (query = ''): Promise<StatisticsResponse> => {
  const response = await admin.get(`/api/event/${eventId}/statistics${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const statusCounts = (body: StatisticsResponse) =>
  Object.fromEntries(body.applications.byStatus.map((entry) => [entry.status, entry.count]));
const optionCounts = (body: StatisticsResponse, field: Short) =>
  Object.fromEntries(
    body.fields.find((entry) => entry.name === N[field])?.options.map((option) => [option.value, option.count]) ?? [],
  );

describe(`statistics on ${dialect}`, () => {
  it('counts the applications by status, group, week and day', async () => {
    const body = await statistics();
    expect(body.applications.total).toBe(8);
    expect(statusCounts(body)).toEqual({ pending: 2, staged: 1, accepted: 2, reserve: 1, rejected: 1, none: 1 });
    expect(body.applications.byStatus.map((entry) => entry.status)).toEqual([
      'pending',
      'staged',
      'accepted',
      'reserve',
      'rejected',
      'none',
    ]);

    const bar = body.applications.byGroup.find((group) => group.groupName === 'Bar');
    const stage = body.applications.byGroup.find((group) => group.groupName === 'Stage');
    const none = body.applications.byGroup.find((group) => group.groupId === null);
    expect(bar).toMatchObject({ groupId: groups.bar, total: 3, accepted: 2, wanted: 4 });
    expect(stage).toMatchObject({ groupId: groups.stage, total: 3, accepted: 0, wanted: null });
    expect(none).toMatchObject({ total: 2, accepted: 0, wanted: null });
    expect(Object.fromEntries(stage?.byStatus.map((entry) => [entry.status, entry.count]) ?? [])).toMatchObject({
      pending: 1,
      reserve: 1,
      rejected: 1,
      accepted: 0,
    });

    // The week of an application is the first configured option it ticked (w1 for the one with both).
    expect(body.applications.byWeek).toEqual({
      label: 'Festival week',
      options: [
        { value: 'w1', label: 'Week one', count: 5 },
        { value: 'w2', label: 'Week two', count: 3 },
      ],
      none: 0,
    });
    expect(body.applications.perDay).toEqual([
      { date: '2026-03-01', count: 3, cumulative: 3 },
      { date: '2026-03-03', count: 3, cumulative: 6 },
      { date: '2026-03-04', count: 2, cumulative: 8 },
    ]);
  });

  it('counts the answers of every select, radio, checkbox and checkboxes field per option', async () => {
    const body = await statistics();
    expect(body.fields.map((field) => [field.name, field.type])).toEqual([
      [N.size, 'select'],
      [N.diet, 'radio'],
      [N.car, 'checkbox'],
      [N.weeks, 'checkboxes'],
    ]);
    expect(optionCounts(body, 'size')).toEqual({ s: 3, m: 3, l: 2 });
    expect(body.fields[0].options.map((option) => option.label)).toEqual(['Small', 'Medium', 'Large']);
    expect(optionCounts(body, 'diet')).toEqual({ veg: 2, any: 1 });
    // An unticked optional checkbox is stored as false: every application answered it.
    expect(optionCounts(body, 'car')).toEqual({ true: 2, false: 6 });
    // The application that ticked both weeks counts in both options, and once in `answered`.
    expect(optionCounts(body, 'weeks')).toEqual({ w1: 5, w2: 4 });
    expect(body.fields.map((field) => field.answered)).toEqual([8, 3, 8, 8]);
  });

  it('counts the members by role and by group', async () => {
    const body = await statistics();
    // The admin, the leader and the volunteer added by hand, and the two accepted applicants (volunteers in Bar).
    expect(body.members.total).toBe(5);
    expect(body.members.byRole).toEqual([
      { roleLevel: 0, count: 1 },
      { roleLevel: 1, count: 1 },
      { roleLevel: 2, count: 3 },
    ]);
    expect(body.members.byGroup).toEqual([
      { groupId: groups.bar, groupName: 'Bar', count: 3 },
      { groupId: groups.stage, groupName: 'Stage', count: 1 },
      { groupId: null, groupName: null, count: 1 },
    ]);
  });

  it('applies the status, group, week and date filters to every application count', async () => {
    const accepted = await statistics('?status=accepted');
    expect(accepted.applications.total).toBe(2);
    expect(statusCounts(accepted)).toMatchObject({ accepted: 2, pending: 0 });
    expect(optionCounts(accepted, 'weeks')).toEqual({ w1: 1, w2: 2 });
    expect(accepted.applications.perDay).toEqual([
      { date: '2026-03-01', count: 1, cumulative: 1 },
      { date: '2026-03-03', count: 1, cumulative: 2 },
    ]);

    const stageOrNone = await statistics(`?groupId=${groups.stage},none`);
    expect(stageOrNone.applications.total).toBe(5);
    expect(stageOrNone.applications.byGroup.map((group) => group.groupId)).toEqual([groups.stage, null]);

    const weekTwo = await statistics('?week=w2');
    expect(weekTwo.applications.total).toBe(3);
    expect(weekTwo.applications.byWeek?.options.map((option) => option.count)).toEqual([0, 3]);

    const days = await statistics('?from=2026-03-02&to=2026-03-03');
    expect(days.applications.total).toBe(3);
    expect(days.applications.perDay).toEqual([{ date: '2026-03-03', count: 3, cumulative: 3 }]);
    expect(optionCounts(days, 'size')).toEqual({ s: 2, m: 0, l: 1 });

    const lastDay = await statistics('?from=2026-03-04');
    expect(lastDay.applications.total).toBe(2);
    const firstDay = await statistics('?to=2026-03-01');
    expect(firstDay.applications.total).toBe(3);

    // Acceptance progress keeps counting the accepted even when the status filter leaves them out.
    const pending = await statistics('?status=pending');
    expect(pending.applications.total).toBe(2);
    expect(pending.applications.byGroup.find((group) => group.groupId === groups.bar)).toMatchObject({
      total: 1,
      accepted: 2,
      wanted: 4,
    });
    // Members are people, not applications: the filters leave them alone.
    expect(pending.members.total).toBe(5);
  });

  it('refuses bad filters with 400 and an error code, never 500', async () => {
    for (const query of [
      '?status=maybe',
      '?groupId=abc',
      '?groupId=99999999999',
      '?from=2026-02-30',
      '?from=yesterday',
      '?from=2026-03-04&to=2026-03-01',
      `?week=${'x'.repeat(101)}`,
    ]) {
      const response = await admin.get(`/api/event/${eventId}/statistics${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0].code, query).toMatch(/^error\./);
    }
    const range = await admin.get(`/api/event/${eventId}/statistics?from=2026-03-04&to=2026-03-01`);
    expect(range.json().errors[0].code).toBe('error.statisticsDateRange');
  });

  it('answers only the event admin: leaders, volunteers and outsiders get 403, strangers 401', async () => {
    for (const user of [leader, volunteer, outsider]) {
      const client = await signIn(t, user);
      const response = await client.get(`/api/event/${eventId}/statistics`);
      expect(response.statusCode, user.firstname).toBe(403);
    }
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get(`/api/event/${eventId}/statistics`)).statusCode).toBe(401);
    // An event that does not exist, or an id past the databases' bound, tells nothing more.
    expect((await admin.get('/api/event/2147483647/statistics')).statusCode).toBe(403);
    expect([400, 403, 404]).toContain((await admin.get('/api/event/2147483648/statistics')).statusCode);
  });

  it('answers an event without applications with zeros and empty lists', async () => {
    const empty = (await post(admin, '/api/events', { name: 'Empty Event' }, 201)).event.id;
    const response = await admin.get(`/api/event/${empty}/statistics`);
    expect(response.statusCode).toBe(200);
    const body: StatisticsResponse = response.json();
    expect(body.applications.total).toBe(0);
    expect(body.applications.byStatus.every((entry) => entry.count === 0)).toBe(true);
    expect(body.applications.byGroup).toEqual([
      {
        groupId: null,
        groupName: null,
        total: 0,
        byStatus: body.applications.byStatus,
        accepted: 0,
        wanted: null,
      },
    ]);
    expect(body.applications.byWeek).toBeNull();
    expect(body.applications.perDay).toEqual([]);
    expect(body.fields).toEqual([]);
    expect(body.members).toMatchObject({
      total: 1,
      byRole: [
        { roleLevel: 0, count: 1 },
        { roleLevel: 1, count: 0 },
        { roleLevel: 2, count: 0 },
      ],
    });
  });
});

describe(`group wanted size on ${dialect}`, () => {
  it('is set on create, changed and cleared on update, listed with the groups and audited', async () => {
    const created = await post(admin, `/api/event/${eventId}/groups`, { name: 'Kitchen', wanted: 12 }, 201);
    expect(created.group).toMatchObject({ name: 'Kitchen', wanted: 12 });
    const id = created.group.id;
    expect((await post(admin, `/api/event/${eventId}/groups/${id}`, { wanted: 20 })).group.wanted).toBe(20);
    expect((await post(admin, `/api/event/${eventId}/groups/${id}`, { name: 'Kök' })).group.wanted).toBe(20);
    const listed = (await admin.get(`/api/event/${eventId}/groups`)).json();
    expect(listed.groups.find((group: { id: number }) => group.id === id).wanted).toBe(20);
    expect((await post(admin, `/api/event/${eventId}/groups/${id}`, { wanted: null })).group.wanted).toBeNull();
    const audit = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('subject', '=', `group:${id}`)
      .where('action', '=', 'group.updated')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => JSON.parse(entry.details).changes.wanted)).toEqual([
      { from: 12, to: 20 },
      undefined,
      { from: 20, to: null },
    ]);
  });

  it('refuses a wanted size that is not a whole number from 0 to 100000', async () => {
    for (const wanted of [-1, 1.5, 100_001, '7', 2_147_483_648]) {
      const response = await admin.post(`/api/event/${eventId}/groups`, { name: `Bad ${wanted}`, wanted });
      expect(response.statusCode, String(wanted)).toBe(400);
      expect(response.json().errors[0].code).toBe('error.groupWantedInvalid');
    }
  });

  it('is changed by admins only, and never without the CSRF token', async () => {
    const client = await signIn(t, leader);
    const refused = await client.post(`/api/event/${eventId}/groups/${groups.bar}`, { wanted: 1 });
    expect(refused.statusCode).toBe(403);
    const noToken = await admin.request(
      'POST',
      `/api/event/${eventId}/groups/${groups.bar}`,
      { wanted: 1 },
      { csrf: null },
    );
    expect(noToken.statusCode).toBe(403);
    const listed = (await admin.get(`/api/event/${eventId}/groups`)).json();
    expect(listed.groups.find((group: { id: number }) => group.id === groups.bar).wanted).toBe(4);
  });
});
