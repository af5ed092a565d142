import type { FormField } from '@funkis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import {
  addMember,
  createEvent,
  createGroup,
  createUser,
  loginAs,
  review,
  type TestUser,
} from '../helpers/factories.js';
import { createApplicant, WEEKS } from './fixtures.js';

const phone: FormField = { name: 'phone', type: 'phone', label: 'Phone number', required: false };
const size: FormField = {
  name: 'size',
  type: 'select',
  label: 'T-shirt size',
  required: false,
  options: [
    { value: 'm', label: 'Medium' },
    { value: 'xl', label: 'Extra large' },
  ],
};
const week: FormField = {
  name: 'week',
  type: 'radio',
  label: 'Which week?',
  required: false,
  options: [
    { value: 'week-1', label: 'Week 1' },
    { value: 'week-2', label: 'Week 2' },
  ],
};
const diet: FormField = {
  name: 'diet',
  type: 'checkboxes',
  label: 'Diet',
  required: false,
  options: [
    { value: 'veg', label: 'Vegetarian' },
    { value: 'gf', label: 'Gluten free' },
  ],
};
const heading: FormField = { name: 'about', type: 'heading', label: 'About you', required: false };

let t: TestApp;
let admin: TestUser;
let adminClient: TestClient;
let eventId: number;
let bar: number;
let kitchen: number;
let anna: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { firstname: 'Ada', lastname: 'Admin' });
  adminClient = await loginAs(t.app, admin);
  const event = await createEvent(t.db, {
    adminId: admin.id,
    weeks: WEEKS,
    fields: [heading, phone, size, week, diet],
  });
  eventId = event.id;
  bar = (await createGroup(t.db, eventId, 'Bar')).id;
  kitchen = (await createGroup(t.db, eventId, 'Kitchen')).id;
  anna = (
    await createApplicant(t.db, eventId, {
      firstname: 'Anna',
      lastname: 'Berg',
      email: 'anna.berg@example.test',
      answers: { phone: '070 111', size: 'xl', week: 'week-1', diet: ['veg', 'gf'] },
      createdAt: '2026-01-02T10:00:00.000Z',
    })
  ).id;
  const bo = await createApplicant(t.db, eventId, {
    firstname: 'Bo',
    lastname: 'Ek',
    answers: { phone: '=HYPERLINK("http://evil")', size: 'm', week: 'week-2' },
    createdAt: '2026-01-03T10:00:00.000Z',
  });
  const cleo = await createApplicant(t.db, eventId, {
    firstname: 'Cleo',
    lastname: 'Dahl',
    createdAt: '2026-01-04T10:00:00.000Z',
  });
  await review(t.db, eventId, [anna, bo.id], { status: 'accepted', groupId: bar });
  await review(t.db, eventId, [cleo.id], { status: 'pending', groupId: kitchen });
});
afterAll(() => t.close());

const exportUrl = (query: string) => `/api/event/${eventId}/applications/export?${query}`;
const lines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe(`applications export on ${dialect}`, () => {
  it("gives the review's filter, one row per application, the chosen answers headed by their question and options as labels", async () => {
    const response = await adminClient.get(
      exportUrl(`status=accepted&groupId=${bar}&sort=lastname&columns=firstname,lastname,email,phone,size,diet,week`),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="event-${eventId}-applications.csv"`);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, anna, bo, ...rest] = lines(response.body);
    expect(header).toBe('"First name","Last name","Email","Phone number","T-shirt size","Diet","Week"');
    expect(anna).toBe(
      '"Anna","Berg","anna.berg@example.test","070 111","Extra large","Vegetarian, Gluten free","Week 1"',
    );
    expect(rest).toEqual([]);
    // A formula is written as text (leading apostrophe), as in the users export.
    expect(bo).toMatch(/^"Bo","Ek","[^"]+","'=HYPERLINK\(""http:\/\/evil""\)","Medium","","Week 2"$/);
  });

  it('takes every column when none are chosen, in the reader language, with ; for Nordic spreadsheets', async () => {
    const response = await adminClient.request('GET', exportUrl('delimiter=semicolon&sort=createdAt'), undefined, {
      headers: { 'accept-language': 'sv-SE' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [header, first, , third] = lines(response.body);
    expect(header).toBe(
      '"Förnamn";"Efternamn";"E-post";"Status";"Grupp";"Week";"Ansökte";"Phone number";"T-shirt size";"Which week?";"Diet"',
    );
    expect(first).toBe(
      '"Anna";"Berg";"anna.berg@example.test";"Antagen";"Bar";"Week 1";"2026-01-02T10:00:00.000Z";"070 111";"Extra large";"Week 1";"Vegetarian, Gluten free"',
    );
    expect(third).toContain('"Cleo";"Dahl"');
    expect(third).toContain('"Väntande";"Kitchen"');
  });

  it('writes XLSX with the same rows', async () => {
    const response = await adminClient.get(exportUrl('format=xlsx&columns=lastname,size'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const [sheet] = workbook.worksheets;
    if (!sheet) throw new Error('no sheet');
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Last name', 'T-shirt size']);
    expect(sheet.rowCount).toBe(4);
    expect([values(2), values(3), values(4)]).toEqual([
      ['Dahl', ''],
      ['Ek', 'Medium'],
      ['Berg', 'Extra large'],
    ]);
  });

  it('refuses an unknown column, and other roles and events', async () => {
    const unknown = await adminClient.get(exportUrl('columns=firstname,password'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({
      code: 'error.applicationsExportColumn',
      params: { column: 'password' },
    });
    const volunteer = await createUser(t.db);
    await addMember(t.db, eventId, volunteer.id, 2, bar);
    expect((await (await loginAs(t.app, volunteer)).get(exportUrl(''))).statusCode).toBe(403);
    const stranger = await loginAs(t.app, await createUser(t.db));
    expect((await stranger.get(exportUrl(''))).statusCode).toBe(403);
    expect((await adminClient.get(`/api/event/2147483648/applications/export`)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await adminClient.get(`/api/event/2147483648/applications/export`)).statusCode).toBeLessThan(500);
  });

  it("gives a group leader their own group's applications only", async () => {
    const leader = await createUser(t.db);
    await addMember(t.db, eventId, leader.id, 1, kitchen);
    const response = await (await loginAs(t.app, leader)).get(exportUrl('columns=firstname'));
    expect(response.statusCode).toBe(200);
    expect(lines(response.body)).toEqual(['"First name"', '"Cleo"']);
  });
});
