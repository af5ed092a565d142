import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { addMember, createEvent, createGroup, createUser, loginAs } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAIL_WORKER: 'off', REMINDER_WORKER: 'off' });
});
afterAll(() => t.close());

interface Person {
  client: TestClient;
  eventUserId: number;
  email: string;
}

interface Setup {
  eventId: number;
  admin: TestClient;
  kitchen: { id: number; name: string };
  bar: { id: number; name: string };
  kitchenLeader: TestClient;
  barLeader: TestClient;
  /** Kitchen volunteers Anna, Bo, Cecilia; bar volunteer Dan; kitchen volunteer Eva holds nothing. */
  anna: Person;
  bo: Person;
  cecilia: Person;
  dan: Person;
  eva: Person;
}

async function person(eventId: number, firstname: string, lastname: string, role: 0 | 1 | 2, group: number | null) {
  const user = await createUser(t.db, { firstname, lastname });
  const eventUserId = await addMember(t.db, eventId, user.id, role, group);
  return { client: await loginAs(t.app, user), eventUserId, email: user.email };
}

async function setup(groupName = 'Kitchen'): Promise<Setup> {
  const adminUser = await createUser(t.db, { firstname: 'Ada', lastname: 'Admin' });
  const event = await createEvent(t.db, { adminId: adminUser.id });
  const kitchen = await createGroup(t.db, event.id, groupName);
  const bar = await createGroup(t.db, event.id, 'Bar');
  return {
    eventId: event.id,
    admin: await loginAs(t.app, adminUser),
    kitchen,
    bar,
    kitchenLeader: (await person(event.id, 'Kim', 'Leader', 1, kitchen.id)).client,
    barLeader: (await person(event.id, 'Bea', 'Leader', 1, bar.id)).client,
    anna: await person(event.id, 'Anna', 'Andersson', 2, kitchen.id),
    bo: await person(event.id, 'Bo', 'Berg', 2, kitchen.id),
    cecilia: await person(event.id, 'Cecilia', 'Carlsson', 2, kitchen.id),
    dan: await person(event.id, 'Dan', 'Dahl', 2, bar.id),
    eva: await person(event.id, 'Eva', 'Ek', 2, kitchen.id),
  };
}

async function createShift(s: Setup, overrides: Record<string, unknown> = {}): Promise<number> {
  const response = await s.admin.post(`/api/event/${s.eventId}/shifts`, {
    title: 'Dishes',
    description: '',
    location: 'Main kitchen',
    startsAt: '2030-07-03T08:00:00Z',
    endsAt: '2030-07-03T12:00:00Z',
    capacity: 2,
    groupId: s.kitchen.id,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().shift.id as number;
}

async function assign(s: Setup, shiftId: number, eventUserId: number): Promise<number> {
  const response = await s.admin.post(`/api/event/${s.eventId}/shifts/${shiftId}/assignments`, { eventUserId });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().assignment.id as number;
}

const auditActions = async (eventId: number, action: string) =>
  t.db
    .selectFrom('audit_log')
    .select(['action', 'details', 'actor_id'])
    .where('event_id', '=', eventId)
    .where('action', '=', action)
    .orderBy('id')
    .execute();

describe(`timeline and coverage lists on ${dialect}`, () => {
  it('answers the shifts of a period with places filled, and the lists with known counts', async () => {
    const s = await setup();
    const morning = await createShift(s, { capacity: 3 });
    const noon = await createShift(s, {
      startsAt: '2030-07-03T12:00:00Z',
      endsAt: '2030-07-03T16:00:00Z',
      capacity: 1,
    });
    const bar = await createShift(s, { groupId: s.bar.id, location: 'Bar tent', capacity: 2 });
    const nextWeek = await createShift(s, { startsAt: '2030-07-12T08:00:00Z', endsAt: '2030-07-12T10:00:00Z' });
    await assign(s, morning, s.anna.eventUserId);
    await assign(s, noon, s.bo.eventUserId);
    await assign(s, bar, s.dan.eventUserId);
    await assign(s, nextWeek, s.cecilia.eventUserId);

    const week = '?from=2030-07-01T00:00:00%2B02:00&to=2030-07-08T00:00:00%2B02:00';
    const timeline = await s.admin.get(`/api/event/${s.eventId}/scheduling/timeline${week}`);
    expect(timeline.statusCode, timeline.body).toBe(200);
    expect(
      timeline
        .json()
        .shifts.map((shift: { id: number; filled: number; capacity: number }) => [
          shift.id,
          shift.filled,
          shift.capacity,
        ]),
    ).toEqual([
      [morning, 1, 3],
      [bar, 1, 2],
      [noon, 1, 1],
    ]);
    expect(timeline.json().shifts[1]).toMatchObject({ location: 'Bar tent', group: { id: s.bar.id, name: 'Bar' } });
    const byLocation = await s.admin.get(`/api/event/${s.eventId}/scheduling/timeline${week}&location=Bar%20tent`);
    expect(byLocation.json().shifts.map((shift: { id: number }) => shift.id)).toEqual([bar]);

    // A volunteer sees their group's shifts and their own, with `mine`; never the bar's.
    const anna = (await s.anna.client.get(`/api/event/${s.eventId}/scheduling/timeline${week}`)).json().shifts;
    expect(anna.map((shift: { id: number; mine: boolean }) => [shift.id, shift.mine])).toEqual([
      [morning, true],
      [noon, false],
    ]);

    // A period of more than 35 days, or one ending before it starts, is refused.
    for (const range of [
      '?from=2030-07-01T00:00:00Z&to=2030-08-15T00:00:00Z',
      '?from=2030-07-08T00:00:00Z&to=2030-07-01T00:00:00Z',
      '?from=2030-07-01T00:00:00Z',
    ]) {
      const refused = await s.admin.get(`/api/event/${s.eventId}/scheduling/timeline${range}`);
      expect(refused.statusCode, range).toBe(400);
    }

    // Not full: morning (1/3), bar (1/2), next week (1/2); noon is full. Paged by start.
    const notFull = await s.admin.get(`/api/event/${s.eventId}/scheduling/not-full?pageSize=2`);
    expect(notFull.statusCode).toBe(200);
    expect(notFull.json().total).toBe(3);
    expect(notFull.json().shifts.map((shift: { id: number }) => shift.id)).toEqual([morning, bar]);
    const second = (await s.admin.get(`/api/event/${s.eventId}/scheduling/not-full?pageSize=2&page=2`)).json();
    expect(second.shifts.map((shift: { id: number }) => shift.id)).toEqual([nextWeek]);
    const inWeek = (await s.admin.get(`/api/event/${s.eventId}/scheduling/not-full${week}`)).json();
    expect(inWeek.total).toBe(2);
    // The kitchen leader sees only the kitchen's.
    const leader = (await s.kitchenLeader.get(`/api/event/${s.eventId}/scheduling/not-full`)).json();
    expect(leader.shifts.map((shift: { id: number }) => shift.id)).toEqual([morning, nextWeek]);
    expect(
      (await s.kitchenLeader.get(`/api/event/${s.eventId}/scheduling/not-full?groupId=${s.bar.id}`)).statusCode,
    ).toBe(403);

    // No shift: Eva only (the admin and the leaders are not volunteers).
    const without = await s.admin.get(`/api/event/${s.eventId}/scheduling/without-shift`);
    expect(without.statusCode).toBe(200);
    expect(without.json()).toMatchObject({
      total: 1,
      users: [{ eventUserId: s.eva.eventUserId, firstname: 'Eva', lastname: 'Ek', group: { id: s.kitchen.id } }],
    });
    // Searched by name or e-mail, as the users table is (two Anna Bergs are told apart by the e-mail shown).
    const byName = await s.admin.get(`/api/event/${s.eventId}/scheduling/without-shift?search=EVA`);
    expect(byName.json()).toMatchObject({ total: 1, users: [{ firstname: 'Eva', email: expect.any(String) }] });
    const byMail = await s.admin.get(
      `/api/event/${s.eventId}/scheduling/without-shift?search=${encodeURIComponent(byName.json().users[0].email)}`,
    );
    expect(byMail.json().total).toBe(1);
    const nobody = await s.admin.get(`/api/event/${s.eventId}/scheduling/without-shift?search=zz%25`);
    expect(nobody.json()).toEqual({ users: [], total: 0 });
    const barLeader = (await s.barLeader.get(`/api/event/${s.eventId}/scheduling/without-shift`)).json();
    expect(barLeader).toEqual({ users: [], total: 0 });
    expect(
      (await s.barLeader.get(`/api/event/${s.eventId}/scheduling/without-shift?groupId=${s.kitchen.id}`)).statusCode,
    ).toBe(403);

    // Volunteers get neither list.
    expect((await s.anna.client.get(`/api/event/${s.eventId}/scheduling/not-full`)).statusCode).toBe(403);
    expect((await s.anna.client.get(`/api/event/${s.eventId}/scheduling/without-shift`)).statusCode).toBe(403);
  });
});

describe(`moving an assignment on ${dialect}`, () => {
  it('moves in one step under the assignment rules, audited, and refuses what assigning refuses', async () => {
    const s = await setup();
    const morning = await createShift(s, { capacity: 2 });
    // Overlaps the morning: a move from the morning is fine, since the person leaves it.
    const overlapping = await createShift(s, {
      title: 'Prep',
      startsAt: '2030-07-03T10:00:00Z',
      endsAt: '2030-07-03T14:00:00Z',
      capacity: 1,
    });
    const evening = await createShift(s, {
      title: 'Late',
      startsAt: '2030-07-03T18:00:00Z',
      endsAt: '2030-07-03T22:00:00Z',
      capacity: 1,
    });
    const bar = await createShift(s, { groupId: s.bar.id, title: 'Bar', capacity: 5 });
    const annaOnMorning = await assign(s, morning, s.anna.eventUserId);
    const boOnMorning = await assign(s, morning, s.bo.eventUserId);
    await assign(s, evening, s.cecilia.eventUserId);

    const move = (client: TestClient, from: number, assignmentId: number, to: number) =>
      client.post(`/api/event/${s.eventId}/shifts/${from}/assignments/${assignmentId}/move`, { shiftId: to });

    const moved = await move(s.admin, morning, annaOnMorning, overlapping);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().assignment).toMatchObject({ id: annaOnMorning, shiftId: overlapping });
    const list = (await s.admin.get(`/api/event/${s.eventId}/shifts`)).json().shifts as {
      id: number;
      assignments: { eventUserId: number }[];
    }[];
    expect(list.find((shift) => shift.id === morning)?.assignments.map((a) => a.eventUserId)).toEqual([
      s.bo.eventUserId,
    ]);
    expect(list.find((shift) => shift.id === overlapping)?.assignments.map((a) => a.eventUserId)).toEqual([
      s.anna.eventUserId,
    ]);
    const audit = await auditActions(s.eventId, 'shift.assignment_moved');
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].details)).toMatchObject({
      assignmentId: annaOnMorning,
      from: { shiftId: morning },
      to: { shiftId: overlapping },
    });

    // Anna is told, through the queue, with the old and the new shift.
    const mails = await t.db
      .selectFrom('mail_queue')
      .select(['subject', 'reason'])
      .where('to_email', '=', s.anna.email)
      .execute();
    expect(mails).toEqual([
      { subject: expect.stringMatching(/^Your shift was changed: Prep – /), reason: 'shift_changed' },
    ]);

    // Full: Prep has its one place taken now.
    const full = await move(s.admin, morning, boOnMorning, overlapping);
    expect(full.statusCode).toBe(409);
    expect(full.json().errors[0].code).toBe('error.shiftFull');
    // Overlap with another shift the person holds (Anna holds Prep 10–14; the morning 08–12 overlaps it).
    await s.admin.post(`/api/event/${s.eventId}/shifts/${evening}`, { capacity: 2 });
    const annaBack = await assign(s, evening, s.anna.eventUserId);
    const overlap = await move(s.admin, evening, annaBack, morning);
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().errors[0]).toMatchObject({ code: 'error.shiftOverlap', params: { title: 'Prep' } });
    // A volunteer only into their own group's shifts.
    const otherGroup = await move(s.admin, morning, boOnMorning, bar);
    expect(otherGroup.statusCode).toBe(409);
    expect(otherGroup.json().errors[0].code).toBe('error.shiftOtherGroup');
    // The same shift, an unknown one.
    expect((await move(s.admin, morning, boOnMorning, morning)).json().errors[0].code).toBe('error.moveSameShift');
    expect((await move(s.admin, morning, boOnMorning, 2_000_000_000)).statusCode).toBe(404);
    expect((await move(s.admin, evening, boOnMorning, morning)).statusCode).toBe(404);
    // The bar's leader organises neither shift; a volunteer moves nobody.
    expect((await move(s.barLeader, morning, boOnMorning, evening)).statusCode).toBe(403);
    expect((await move(s.bo.client, morning, boOnMorning, evening)).statusCode).toBe(403);
    // The kitchen's leader moves within the kitchen.
    await s.admin.post(`/api/event/${s.eventId}/shifts/${evening}`, { capacity: 3 });
    const byLeader = await move(s.kitchenLeader, morning, boOnMorning, evening);
    expect(byLeader.statusCode, byLeader.body).toBe(200);
    expect(await auditActions(s.eventId, 'shift.assignment_moved')).toHaveLength(2);
  });

  it('two moves into the last place at once: one gets it, the other 409', async () => {
    const s = await setup();
    const first = await createShift(s, { capacity: 2 });
    const target = await createShift(s, {
      startsAt: '2030-07-04T08:00:00Z',
      endsAt: '2030-07-04T12:00:00Z',
      capacity: 1,
    });
    const a = await assign(s, first, s.anna.eventUserId);
    const b = await assign(s, first, s.bo.eventUserId);
    const answers = await Promise.all(
      [a, b].map((id) =>
        s.admin.post(`/api/event/${s.eventId}/shifts/${first}/assignments/${id}/move`, { shiftId: target }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const filled = (
      await s.admin.get(`/api/event/${s.eventId}/scheduling/timeline?from=2030-07-04T00:00:00Z&to=2030-07-05T00:00:00Z`)
    ).json().shifts[0].filled;
    expect(filled).toBe(1);
  });
});

describe(`attendance and hours on ${dialect}`, () => {
  it('marks arrived / no-show with guards and audit, sums hours, exports CSV and XLSX', async () => {
    const s = await setup('=HYPERLINK("http://x","Kitchen")');
    // Past shifts: 4 h and 2.5 h; one of the bar; one in the future.
    const four = await createShift(s, {
      startsAt: '2024-07-03T08:00:00Z',
      endsAt: '2024-07-03T12:00:00Z',
      capacity: 3,
    });
    const twoAndHalf = await createShift(s, {
      startsAt: '2024-07-04T08:00:00+02:00',
      endsAt: '2024-07-04T10:30:00+02:00',
      capacity: 3,
    });
    const barShift = await createShift(s, {
      groupId: s.bar.id,
      startsAt: '2024-07-03T08:00:00Z',
      endsAt: '2024-07-03T09:00:00Z',
    });
    const future = await createShift(s, { startsAt: '2031-01-01T08:00:00Z', endsAt: '2031-01-01T09:00:00Z' });
    const annaFour = await assign(s, four, s.anna.eventUserId);
    const annaHalf = await assign(s, twoAndHalf, s.anna.eventUserId);
    const boFour = await assign(s, four, s.bo.eventUserId);
    const danBar = await assign(s, barShift, s.dan.eventUserId);
    const annaFuture = await assign(s, future, s.anna.eventUserId);

    const mark = (client: TestClient, shiftId: number, assignmentId: number, attendance: string | null) =>
      client.post(`/api/event/${s.eventId}/shifts/${shiftId}/assignments/${assignmentId}/attendance`, { attendance });

    // Guards: a volunteer 403, the leader of another group 403, before the start 409, bad values 400, unknown 404.
    expect((await mark(s.anna.client, four, annaFour, 'arrived')).statusCode).toBe(403);
    const otherLeader = await mark(s.barLeader, four, annaFour, 'arrived');
    expect(otherLeader.statusCode).toBe(403);
    expect(otherLeader.json().errors[0].code).toBe('error.ownGroupOnly');
    const early = await mark(s.admin, future, annaFuture, 'arrived');
    expect(early.statusCode).toBe(409);
    expect(early.json().errors[0].code).toBe('error.attendanceBeforeStart');
    expect((await mark(s.admin, four, annaFour, 'late')).statusCode).toBe(400);
    expect((await mark(s.admin, four, danBar, 'arrived')).statusCode).toBe(404);

    const arrived = await mark(s.kitchenLeader, four, annaFour, 'arrived');
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect(arrived.json().assignment).toMatchObject({ id: annaFour, attendance: 'arrived' });
    expect((await mark(s.admin, twoAndHalf, annaHalf, 'arrived')).statusCode).toBe(200);
    expect((await mark(s.admin, four, boFour, 'no_show')).statusCode).toBe(200);
    expect((await mark(s.barLeader, barShift, danBar, 'arrived')).statusCode).toBe(200);
    // The same mark again changes nothing and writes no second entry.
    expect((await mark(s.admin, four, boFour, 'no_show')).statusCode).toBe(200);
    const audit = await auditActions(s.eventId, 'shift.attendance_marked');
    expect(audit).toHaveLength(4);
    expect(JSON.parse(audit[2].details)).toMatchObject({ assignmentId: boFour, from: null, to: 'no_show' });

    const sheet = (await s.kitchenLeader.get(`/api/event/${s.eventId}/shifts/${four}/attendance`)).json();
    expect(
      sheet.assignments.map((a: { firstname: string; attendance: string | null }) => [a.firstname, a.attendance]),
    ).toEqual([
      ['Anna', 'arrived'],
      ['Bo', 'no_show'],
    ]);
    expect((await s.barLeader.get(`/api/event/${s.eventId}/shifts/${four}/attendance`)).statusCode).toBe(403);

    // Hours: Anna 4 + 2.5 + 1 (future) = 7.5 h, arrived 6.5 h; Bo 4 h, arrived 0; Dan 1 h.
    const all = (await s.admin.get(`/api/event/${s.eventId}/scheduling/hours`)).json();
    expect(all.total).toBe(3);
    expect(
      all.rows.map((row: { firstname: string; shifts: number; arrived: number; noShow: number; minutes: number }) => [
        row.firstname,
        row.shifts,
        row.arrived,
        row.noShow,
        row.minutes,
      ]),
    ).toEqual([
      ['Anna', 3, 2, 0, 450],
      ['Bo', 1, 0, 1, 240],
      ['Dan', 1, 1, 0, 60],
    ]);
    const arrivedOnly = (await s.admin.get(`/api/event/${s.eventId}/scheduling/hours?arrivedOnly=1`)).json();
    expect(arrivedOnly.rows.map((row: { minutes: number }) => row.minutes)).toEqual([390, 0, 60]);
    const kitchen = (await s.kitchenLeader.get(`/api/event/${s.eventId}/scheduling/hours?pageSize=1&page=2`)).json();
    expect(kitchen).toMatchObject({ total: 2, rows: [{ firstname: 'Bo' }] });
    expect((await s.anna.client.get(`/api/event/${s.eventId}/scheduling/hours`)).statusCode).toBe(403);

    // CSV: BOM, every field quoted, CRLF, the group's formula neutralised; semicolon with a decimal comma.
    const csv = await s.admin.get(`/api/event/${s.eventId}/scheduling/hours/export?arrivedOnly=1`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="event-${s.eventId}-hours.csv"`);
    const text = csv.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('"First name","Last name","Email","Group","Shifts","Arrived","No-show","Hours"');
    expect(lines[1]).toMatch(
      /^"Anna","Andersson","[^"]+","'=HYPERLINK\(""http:\/\/x"",""Kitchen""\)","3","2","0","6.5"$/,
    );
    expect(lines[2]).toMatch(/^"Bo","Berg",.*,"1","0","1","0"$/);
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
    const semicolon = (
      await s.admin.get(`/api/event/${s.eventId}/scheduling/hours/export?delimiter=semicolon`)
    ).rawPayload
      .toString('utf8')
      .split('\r\n');
    expect(semicolon[1]).toMatch(/;"3";"2";"0";"7,5"$/);

    // XLSX: opens with exceljs, a header row and one row per person, hours as numbers.
    const xlsx = await s.admin.get(`/api/event/${s.eventId}/scheduling/hours/export?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheetRows = workbook.getWorksheet('Hours');
    expect(sheetRows?.rowCount).toBe(4);
    expect(sheetRows?.getRow(1).values).toEqual([
      undefined,
      'First name',
      'Last name',
      'Email',
      'Group',
      'Shifts',
      'Arrived',
      'No-show',
      'Hours',
    ]);
    expect(sheetRows?.getRow(2).getCell(1).value).toBe('Anna');
    expect(sheetRows?.getRow(2).getCell(4).value).toBe('=HYPERLINK("http://x","Kitchen")');
    expect(sheetRows?.getRow(2).getCell(8).value).toBe(7.5);
    expect(sheetRows?.getRow(4).getCell(1).value).toBe('Dan');
    const leaderXlsx = await s.barLeader.get(`/api/event/${s.eventId}/scheduling/hours/export?format=xlsx`);
    const leaderBook = new ExcelJS.Workbook();
    await leaderBook.xlsx.load(leaderXlsx.rawPayload as unknown as ArrayBuffer);
    expect(leaderBook.getWorksheet('Hours')?.rowCount).toBe(2);
    expect((await s.anna.client.get(`/api/event/${s.eventId}/scheduling/hours/export`)).statusCode).toBe(403);

    // The users export's column choice: the chosen columns in the order asked, in CSV and XLSX.
    const chosen = await s.admin.get(
      `/api/event/${s.eventId}/scheduling/hours/export?columns=hours,lastname,noShow&delimiter=semicolon`,
    );
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.rawPayload.toString('utf8').slice(1).split('\r\n')).toEqual([
      '"Hours";"Last name";"No-show"',
      '"7,5";"Andersson";"0"',
      '"4";"Berg";"1"',
      '"1";"Dahl";"0"',
      '',
    ]);
    const chosenXlsx = await s.kitchenLeader.get(
      `/api/event/${s.eventId}/scheduling/hours/export?format=xlsx&arrivedOnly=1&columns=email,%20hours,firstname`,
    );
    expect(chosenXlsx.statusCode).toBe(200);
    const chosenBook = new ExcelJS.Workbook();
    await chosenBook.xlsx.load(chosenXlsx.rawPayload as unknown as ArrayBuffer);
    const chosenValues: unknown[][] = [];
    chosenBook.getWorksheet('Hours')?.eachRow((row) => chosenValues.push((row.values as unknown[]).slice(1)));
    expect(chosenValues).toEqual([
      ['Email', 'Hours', 'First name'],
      [s.anna.email, 6.5, 'Anna'],
      [s.bo.email, 0, 'Bo'],
    ]);
    for (const columns of ['minutes', 'email,password', ',', 'hours,Hours']) {
      const refused = await s.admin.get(
        `/api/event/${s.eventId}/scheduling/hours/export?columns=${encodeURIComponent(columns)}`,
      );
      expect(refused.statusCode, columns).toBe(400);
      expect(refused.json().errors[0].code).toBe('error.invalid');
    }
    const blank = await s.admin.get(`/api/event/${s.eventId}/scheduling/hours/export?columns=`);
    expect(blank.rawPayload.toString('utf8').split('\r\n')[0]).toBe(
      '\uFEFF"First name","Last name","Email","Group","Shifts","Arrived","No-show","Hours"',
    );
    expect((await s.anna.client.get(`/api/event/${s.eventId}/scheduling/hours/export?columns=hours`)).statusCode).toBe(
      403,
    );

    // Clearing a mark.
    expect((await mark(s.admin, four, boFour, null)).json().assignment.attendance).toBeNull();
  });
});
