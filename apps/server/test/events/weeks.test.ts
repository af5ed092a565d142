import type { FormField } from '@funkis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../src/lib/time.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { createApplication, createUser, loginAs } from '../helpers/factories.js';
import { auditOf } from './fixtures.js';

const FIELDS: FormField[] = [
  { name: 'form-field-custom-1', type: 'text', label: 'Phone', required: false },
  {
    name: 'week',
    type: 'radio',
    label: 'Which week?',
    required: true,
    options: [
      { value: 'a', label: 'Week A' },
      { value: 'b', label: 'Week B' },
    ],
  },
  {
    name: 'weeks',
    type: 'checkboxes',
    label: 'Which weeks can you work?',
    required: false,
    options: [
      { value: 'x', label: 'X' },
      { value: 'y', label: 'Y' },
      { value: 'z', label: 'Z' },
    ],
  },
];

const BULK = 1100;

let t: TestApp;
let eventId: number;
let admin: TestClient;
const ids: Record<'first' | 'second' | 'third', number> = { first: 0, second: 0, third: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUser(t.db);
  const now = nowIso();
  const event = await t.db
    .insertInto('events')
    .values({
      name: 'Weeks',
      description: '',
      status: 'ongoing',
      applications_open: 1,
      use_week_separation: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  eventId = event.id;
  await t.db
    .insertInto('event_forms')
    .values({ event_id: eventId, fields: JSON.stringify(FIELDS), updated_at: now })
    .execute();
  await t.db
    .insertInto('event_users')
    .values({
      event_id: eventId,
      user_id: owner.id,
      role_level: 0,
      via_application: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  admin = await loginAs(t.app, owner);

  const applicant = async (answers: Record<string, string | string[]>) =>
    createApplication(t.db, eventId, (await createUser(t.db)).id, { answers });
  ids.first = await applicant({ week: 'a', weeks: ['y', 'x'] });
  ids.second = await applicant({ week: 'b', weeks: ['z'] });
  ids.third = await applicant({ 'form-field-custom-1': '070' });

  // Enough applications that the recompute has to write in several chunks.
  for (let start = 0; start < BULK; start += 250) {
    const count = Math.min(250, BULK - start);
    const users = await t.db
      .insertInto('users')
      .values(
        Array.from({ length: count }, (_, index) => ({
          email: `bulk${start + index}@weeks.test`,
          firstname: 'Bulk',
          lastname: 'Applicant',
          password_hash: 'x',
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    await t.db
      .insertInto('applications')
      .values(
        users.map((user) => ({
          event_id: eventId,
          user_id: user.id,
          answers: JSON.stringify({ week: 'a', weeks: ['x'] }),
          answer_labels: '{}',
          status: 'pending',
          search_text: '',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
});
afterAll(() => t.close());

async function weeks() {
  const rows = await t.db.selectFrom('applications').select(['id', 'week']).where('event_id', '=', eventId).execute();
  const byId = new Map(rows.map((row) => [row.id, row.week]));
  const bulk = rows.filter((row) => !Object.values(ids).includes(row.id));
  return {
    first: byId.get(ids.first),
    second: byId.get(ids.second),
    third: byId.get(ids.third),
    bulk: [...new Set(bulk.map((row) => row.week))],
    bulkCount: bulk.length,
  };
}

const settings = (body: unknown) => admin.post(`/api/event/${eventId}/settings`, body);
const config = (formFieldName: string, values: string[]) => ({
  formFieldName,
  filterLabel: 'Week',
  columnLabel: 'Week',
  options: values.map((value) => ({ value, label: `Week ${value}` })),
});

describe(`week separation on ${dialect}`, () => {
  it('starts with no weeks while it is off', async () => {
    expect(await weeks()).toEqual({ first: null, second: null, third: null, bulk: [null], bulkCount: BULK });
  });

  it("sets every application's week when it is turned on", async () => {
    const response = await settings({ useWeekSeparation: true, weekSeparationConfig: config('week', ['a', 'b']) });
    expect(response.statusCode).toBe(200);
    expect(response.json().event).toMatchObject({
      useWeekSeparation: true,
      weekSeparationConfig: config('week', ['a', 'b']),
    });
    expect(await weeks()).toEqual({ first: 'a', second: 'b', third: null, bulk: ['a'], bulkCount: BULK });
    const entry = (await auditOf(t.db, eventId)).at(-1);
    expect(entry?.action).toBe('event.settings_changed');
    expect(JSON.parse(entry?.details ?? '{}')).toMatchObject({
      changes: { useWeekSeparation: { from: false, to: true } },
      weeksRecomputed: BULK + 2,
    });
  });

  it('recomputes when the options change', async () => {
    await settings({ weekSeparationConfig: config('week', ['b']) });
    expect(await weeks()).toEqual({ first: null, second: 'b', third: null, bulk: [null], bulkCount: BULK });
  });

  it('takes the first ticked option in configured order for a checkboxes field', async () => {
    await settings({ weekSeparationConfig: config('weeks', ['z', 'y', 'x']) });
    expect(await weeks()).toEqual({ first: 'y', second: 'z', third: null, bulk: ['x'], bulkCount: BULK });
  });

  it('leaves weeks alone when other settings change', async () => {
    await settings({ name: 'Weeks renamed', status: 'ongoing' });
    expect(await weeks()).toEqual({ first: 'y', second: 'z', third: null, bulk: ['x'], bulkCount: BULK });
  });

  it('refuses a config that does not fit the form, changing nothing', async () => {
    const text = await settings({ weekSeparationConfig: config('form-field-custom-1', ['070']) });
    expect(text.statusCode).toBe(400);
    expect(text.json().fieldErrors).toEqual({
      'weekSeparationConfig.formFieldName':
        'Week separation must read a select, radio or checkboxes question of the application form.',
    });
    expect((await settings({ weekSeparationConfig: config('missing', ['a']) })).statusCode).toBe(400);
    expect((await settings({ weekSeparationConfig: config('week', ['a', 'a']) })).statusCode).toBe(400);
    expect((await settings({ weekSeparationConfig: { ...config('week', ['a']), options: [] } })).statusCode).toBe(400);
    expect(await weeks()).toEqual({ first: 'y', second: 'z', third: null, bulk: ['x'], bulkCount: BULK });
  });

  it('clears every week when it is turned off, and needs a config to be turned on', async () => {
    const off = await settings({ useWeekSeparation: false, weekSeparationConfig: null });
    expect(off.statusCode).toBe(200);
    expect(off.json().event).toMatchObject({ useWeekSeparation: false, weekSeparationConfig: null });
    expect(await weeks()).toEqual({ first: null, second: null, third: null, bulk: [null], bulkCount: BULK });

    const bare = await settings({ useWeekSeparation: true });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fieldErrors).toEqual({
      weekSeparationConfig: 'Week separation needs its settings: a form field, labels and at least one option.',
    });
  });
});
