import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialect } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { type EventDay, eventDay } from './fixtures.js';

/** The live board as organisers read it: each shift of the window with its people's states. */
let day: EventDay;
const shifts: Record<string, number> = {};
const people: Record<string, number> = {};

const checkIn = (client: TestClient, body: Record<string, unknown>) =>
  client.post(`/api/event/${day.eventId}/check-ins`, body);

beforeAll(async () => {
  day = await eventDay();
  for (const name of ['expected', 'late', 'arrived', 'left', 'noShow', 'marked']) {
    people[name] = await day.volunteer(day.kitchen.id, name === 'noShow' ? 'Nils' : 'Karin', name);
  }
  people.bar = await day.volunteer(day.bar.id, 'Bert', 'Bar');
  shifts.soon = await day.shift(day.kitchen.id, 30, 60, { title: 'Soup', location: 'Tent B' });
  shifts.running = await day.shift(day.kitchen.id, -20, 120, { title: 'Dishes', location: 'Tent A' });
  shifts.runningToo = await day.shift(day.kitchen.id, -20, 120, { title: 'Bread', location: 'Tent A' });
  shifts.ended = await day.shift(day.kitchen.id, -200, 60, { title: 'Breakfast' });
  shifts.bar = await day.shift(day.bar.id, -20, 120, { title: 'Beer', location: 'Tent A' });
  await day.place(shifts.soon, people.expected);
  for (const name of ['late', 'arrived', 'left']) await day.place(shifts.running, people[name]);
  await day.place(shifts.runningToo, people.marked);
  await day.place(shifts.ended, people.noShow);
  await day.place(shifts.bar, people.bar);
  for (const name of ['arrived', 'left']) {
    const response = await checkIn(day.kim, { eventUserId: people[name], shiftId: shifts.running, kind: 'arrive' });
    expect(response.statusCode, response.body).toBe(201);
  }
  expect(
    (await checkIn(day.kim, { eventUserId: people.left, shiftId: shifts.running, kind: 'leave' })).statusCode,
  ).toBe(201);
  // An organiser's own mark counts as well.
  const list = await day.admin.get(`/api/event/${day.eventId}/shifts/${shifts.runningToo}/attendance`);
  const assignmentId = list.json().assignments[0].id;
  const marked = await day.admin.post(
    `/api/event/${day.eventId}/shifts/${shifts.runningToo}/assignments/${assignmentId}/attendance`,
    { attendance: 'no_show' },
  );
  expect(marked.statusCode, marked.body).toBe(200);
});
afterAll(() => day?.t.close());

const stateOf = (board: { shifts: { id: number; people: { eventUserId: number; state: string }[] }[] }) => {
  const states: Record<string, string> = {};
  for (const shift of board.shifts) {
    for (const person of shift.people) {
      const name = Object.keys(people).find((key) => people[key] === person.eventUserId);
      if (name) states[name] = person.state;
    }
  }
  return states;
};

describe(`the live board on ${dialect}`, () => {
  it('shows now and the next two hours by start, location and title, with every state', async () => {
    const response = await day.admin.get(`/api/event/${day.eventId}/board`);
    expect(response.statusCode, response.body).toBe(200);
    const board = response.json();
    expect(board.lateAfterMinutes).toBe(10);
    expect(Date.parse(board.to) - Date.parse(board.from)).toBe(2 * 3_600_000);
    expect(board.shifts.map((shift: { title: string }) => shift.title)).toEqual(['Beer', 'Bread', 'Dishes', 'Soup']);
    expect(board.shifts[2]).toMatchObject({ location: 'Tent A', capacity: 10, group: { name: 'Kitchen' } });
    expect(stateOf(board)).toEqual({
      expected: 'expected',
      late: 'late',
      arrived: 'arrived',
      left: 'left',
      marked: 'no_show',
      bar: 'late',
    });
    const earlier = await day.admin.get(
      `/api/event/${day.eventId}/board?from=${encodeURIComponent(new Date(Date.now() - 4 * 3_600_000).toISOString())}`,
    );
    expect(stateOf(earlier.json()).noShow).toBe('no_show');
  });

  it("uses the event's late-after setting", async () => {
    const settings = (await day.admin.get(`/api/event/${day.eventId}/scheduling-settings`)).json().settings;
    expect(settings.lateAfterMinutes).toBe(10);
    const saved = await day.admin.post(`/api/event/${day.eventId}/scheduling-settings`, {
      ...settings,
      lateAfterMinutes: 30,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.lateAfterMinutes).toBe(30);
    const board = (await day.admin.get(`/api/event/${day.eventId}/board`)).json();
    expect(board.lateAfterMinutes).toBe(30);
    expect(stateOf(board).late).toBe('expected');
    await day.admin.post(`/api/event/${day.eventId}/scheduling-settings`, { ...settings, lateAfterMinutes: 10 });
  });

  it("shows a leader their group's shifts only and refuses volunteers and other groups", async () => {
    const board = await day.kim.get(`/api/event/${day.eventId}/board`);
    expect(board.statusCode, board.body).toBe(200);
    expect(board.json().shifts.map((shift: { title: string }) => shift.title)).toEqual(['Bread', 'Dishes', 'Soup']);
    expect((await day.kim.get(`/api/event/${day.eventId}/board?groupId=${day.bar.id}`)).statusCode).toBe(403);
    expect((await day.anna.get(`/api/event/${day.eventId}/board`)).statusCode).toBe(403);
    const filtered = await day.admin.get(`/api/event/${day.eventId}/board?groupId=${day.bar.id}`);
    expect(filtered.json().shifts.map((shift: { title: string }) => shift.title)).toEqual(['Beer']);
  });

  it('refuses a window longer than a day or ending before it starts', async () => {
    const from = new Date();
    const url = (to: Date) =>
      `/api/event/${day.eventId}/board?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
    const long = await day.admin.get(url(new Date(from.getTime() + 25 * 3_600_000)));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].code).toBe('error.boardRange');
    expect((await day.admin.get(url(new Date(from.getTime() - 1000)))).statusCode).toBe(400);
  });

  it('answers bad and huge ids with 400 or 404, never 500', async () => {
    for (const url of [
      '/api/event/abc/board',
      '/api/event/99999999999999999999/board',
      `/api/event/${day.eventId}/board?groupId=abc`,
      `/api/event/${day.eventId}/board?groupId=99999999999999999999`,
      `/api/event/${day.eventId}/board?groupId=2147483647`,
      `/api/event/${day.eventId}/check-ins/person?eventUserId=99999999999999999999`,
      `/api/event/${day.eventId}/check-ins/person?eventUserId=2147483647`,
      `/api/event/${day.eventId}/badges.pdf?groupId=99999999999999999999`,
      '/api/event/99999999999999999999/my-code',
    ]) {
      const response = await day.admin.get(url);
      expect([400, 404], `${url}: ${response.body}`).toContain(response.statusCode);
    }
    for (const [url, body] of [
      [`/api/event/${day.eventId}/check-ins`, { eventUserId: '99999999999999999999', kind: 'arrive' }],
      [`/api/event/${day.eventId}/check-ins`, { eventUserId: 2147483647, kind: 'arrive' }],
      [`/api/event/${day.eventId}/check-ins`, { eventUserId: day.ids.anna, shiftId: 2147483647, kind: 'arrive' }],
      [`/api/event/${day.eventId}/check-ins`, { eventUserId: day.ids.anna, shiftId: 1e20, kind: 'arrive' }],
      [`/api/event/${day.eventId}/users/99999999999999999999/code/revoke`, {}],
    ] as const) {
      const response = await day.admin.post(url, body);
      expect([400, 404], `${url}: ${response.body}`).toContain(response.statusCode);
    }
    expect([400, 404]).toContain(
      (await day.admin.delete(`/api/event/${day.eventId}/check-ins/99999999999999999999`)).statusCode,
    );
  });
});

describe(`finding people at the desk on ${dialect}`, () => {
  it('finds members by first or last name, any case and letters like Å, a leader only their group', async () => {
    const search = (client: TestClient, q: string) =>
      client.get(`/api/event/${day.eventId}/check-ins/search?q=${encodeURIComponent(q)}`);
    const byAdmin = await search(day.admin, 'åSTRÖM');
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().people).toEqual([
      {
        eventUserId: day.ids.anna,
        firstname: 'Anna',
        lastname: 'Åström',
        group: { id: day.kitchen.id, name: 'Kitchen' },
      },
    ]);
    expect((await search(day.admin, 'anna åst')).json().people).toHaveLength(1);
    expect((await search(day.admin, 'bert')).json().people).toHaveLength(1);
    expect((await search(day.kim, 'bert')).json().people).toHaveLength(0);
    expect((await search(day.kim, 'karin')).json().people.length).toBeGreaterThan(1);
    expect((await search(day.anna, 'karin')).statusCode).toBe(403);
  });

  it("names a scanned person's shifts open for check-in now, with their states", async () => {
    const response = await day.kim.get(`/api/event/${day.eventId}/check-ins/person?eventUserId=${people.arrived}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().person).toMatchObject({
      eventUserId: people.arrived,
      onSite: false,
      shifts: [{ id: shifts.running, title: 'Dishes', state: 'arrived' }],
    });
    const soon = await day.kim.get(`/api/event/${day.eventId}/check-ins/person?eventUserId=${people.expected}`);
    expect(soon.json().person.shifts).toMatchObject([{ id: shifts.soon, state: 'expected' }]);
    const ended = await day.kim.get(`/api/event/${day.eventId}/check-ins/person?eventUserId=${people.noShow}`);
    expect(ended.json().person.shifts).toEqual([]);
  });
});
