import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { addMember, createEvent, createGroup, createUser, loginAs } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAIL_WORKER: 'off', REMINDER_WORKER: 'off' });
});
afterAll(() => t.close());

async function member(eventId: number, firstname: string, lastname: string, role: 0 | 1 | 2, group: number | null) {
  const user = await createUser(t.db, { firstname, lastname });
  const eventUserId = await addMember(t.db, eventId, user.id, role, group);
  return { user, eventUserId, client: await loginAs(t.app, user) };
}

/** Kitchen volunteers Anna, Bo, Eva; bar volunteer Dan; Anna holds a shift. */
async function setup() {
  const adminUser = await createUser(t.db, { firstname: 'Ada', lastname: 'Admin' });
  const event = await createEvent(t.db, { adminId: adminUser.id });
  const admin = await loginAs(t.app, adminUser);
  const kitchen = await createGroup(t.db, event.id, 'Kitchen');
  const bar = await createGroup(t.db, event.id, 'Bar');
  const kitchenLeader = await member(event.id, 'Kim', 'Leader', 1, kitchen.id);
  const barLeader = await member(event.id, 'Bea', 'Leader', 1, bar.id);
  const anna = await member(event.id, 'Anna', 'Andersson', 2, kitchen.id);
  const bo = await member(event.id, 'Bo', 'Berg', 2, kitchen.id);
  const dan = await member(event.id, 'Dan', 'Dahl', 2, bar.id);
  const eva = await member(event.id, 'Eva', 'Ek', 2, kitchen.id);
  const shift = await admin.post(`/api/event/${event.id}/shifts`, {
    title: 'Dishes',
    description: '',
    location: '',
    startsAt: '2030-07-03T08:00:00Z',
    endsAt: '2030-07-03T12:00:00Z',
    capacity: 2,
    groupId: kitchen.id,
  });
  expect(shift.statusCode, shift.body).toBe(201);
  const assigned = await admin.post(`/api/event/${event.id}/shifts/${shift.json().shift.id}/assignments`, {
    eventUserId: anna.eventUserId,
  });
  expect(assigned.statusCode, assigned.body).toBe(201);
  return { eventId: event.id, admin, kitchen, bar, kitchenLeader, barLeader, anna, bo, dan, eva };
}

const exportUrl = (eventId: number, query = '') => `/api/event/${eventId}/scheduling/without-shift/export${query}`;
const csvLines = (payload: Buffer) => {
  const text = payload.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text.slice(1).split('\r\n').filter(Boolean);
};

describe(`export of the volunteers with no shift on ${dialect}`, () => {
  it('writes the list the screen shows, every row, with its search and group filter, as CSV and XLSX', async () => {
    const s = await setup();
    const csv = await s.admin.get(exportUrl(s.eventId));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="event-${s.eventId}-without-shift.csv"`);
    const lines = csvLines(csv.rawPayload);
    // Anna holds a shift; the admin and the leaders are not volunteers. By last name, as the list.
    expect(lines).toEqual([
      '"First name","Last name","Email","Group"',
      `"Bo","Berg","${s.bo.user.email}","Kitchen"`,
      `"Dan","Dahl","${s.dan.user.email}","Bar"`,
      `"Eva","Ek","${s.eva.user.email}","Kitchen"`,
    ]);
    // The list's own answer agrees.
    const list = (await s.admin.get(`/api/event/${s.eventId}/scheduling/without-shift`)).json();
    expect(list.total).toBe(lines.length - 1);

    expect(csvLines((await s.admin.get(exportUrl(s.eventId, `?groupId=${s.bar.id}`))).rawPayload)).toEqual([
      '"First name","Last name","Email","Group"',
      `"Dan","Dahl","${s.dan.user.email}","Bar"`,
    ]);
    // Headed in the reader's language.
    const searched = await s.admin.request('GET', exportUrl(s.eventId, '?search=EK&delimiter=semicolon'), undefined, {
      headers: { 'accept-language': 'sv-SE' },
    });
    expect(csvLines(searched.rawPayload)).toEqual([
      '"Förnamn";"Efternamn";"E-post";"Grupp"',
      `"Eva";"Ek";"${s.eva.user.email}";"Kitchen"`,
    ]);

    const xlsx = await s.admin.get(exportUrl(s.eventId, '?format=xlsx'));
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows).toEqual([
      ['First name', 'Last name', 'Email', 'Group'],
      ['Bo', 'Berg', s.bo.user.email, 'Kitchen'],
      ['Dan', 'Dahl', s.dan.user.email, 'Bar'],
      ['Eva', 'Ek', s.eva.user.email, 'Kitchen'],
    ]);
  });

  it("gives a leader their own group only, and refuses another group's, volunteers, outsiders and no session", async () => {
    const s = await setup();
    const own = csvLines((await s.kitchenLeader.client.get(exportUrl(s.eventId))).rawPayload);
    expect(own.slice(1).map((line) => line.split(',')[0])).toEqual(['"Bo"', '"Eva"']);
    const other = await s.barLeader.client.get(exportUrl(s.eventId, `?groupId=${s.kitchen.id}`));
    expect(other.statusCode).toBe(403);
    expect(other.rawPayload.toString('utf8')).not.toContain(s.eva.user.email);
    expect((await s.dan.client.get(exportUrl(s.eventId))).statusCode).toBe(403);
    const outsider = await loginAs(t.app, await createUser(t.db));
    expect([403, 404]).toContain((await outsider.get(exportUrl(s.eventId))).statusCode);
    expect((await new TestClient(t.app).get(exportUrl(s.eventId))).statusCode).toBe(401);
    // A bad format is refused before anything is read.
    expect((await s.admin.get(exportUrl(s.eventId, '?format=pdf'))).statusCode).toBe(400);
  });
});
