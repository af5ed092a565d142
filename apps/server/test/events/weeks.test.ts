import type { FormField } from '@funkis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/modules/account/service.js';
import { applicationsService } from '../../src/modules/applications/service.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { createApplication, createEvent, createUser, loginAs } from '../helpers/factories.js';
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
  // Made as an organiser would: the event, its form, no week separation yet.
  eventId = (await createEvent(t.db, { adminId: owner.id, name: 'Weeks', fields: FIELDS })).id;
  admin = await loginAs(t.app, owner);

  const applicant = async (answers: Record<string, string | string[]>) =>
    createApplication(t.db, eventId, (await createUser(t.db)).id, { answers });
  ids.first = await applicant({ week: 'a', weeks: ['y', 'x'] });
  ids.second = await applicant({ week: 'b', weeks: ['z'] });
  ids.third = await applicant({ 'form-field-custom-1': '070' });

  // Enough applications that the recompute has to write in several chunks (imported in multi-row statements).
  const userIds: number[] = [];
  for (let index = 0; index < BULK; index++) {
    userIds.push(
      (
        await createAccount(t.db, {
          email: `bulk${index}@weeks.test`,
          firstname: 'Bulk',
          lastname: 'Applicant',
          passwordHash: 'x',
        })
      ).id,
    );
  }
  await applicationsService(t.app.serverContext).importApplications(
    eventId,
    userIds.map((userId) => ({ userId, answers: { week: 'a', weeks: ['x'] } })),
  );
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
