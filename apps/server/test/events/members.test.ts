import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { addMember, createEvent, createGroup, createUser, loginAs } from '../helpers/factories.js';
import { auditOf, type Cast, createCast } from './fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Row {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  roleLevel: number;
  group: { id: number; name: string } | null;
  createdAt: string;
}

/** Reads a CSV as RFC 4180 describes it (quoted fields, doubled quotes, CRLF), without the byte-order mark. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.slice(1);
  for (let index = 0; index < body.length; index++) {
    const char = body[index];
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && body[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index++;
    } else field += char;
  }
  expect(field).toBe('');
  return rows;
}

describe(`users table on ${dialect}`, () => {
  let cast: Cast;
  let kitchen: { id: number; name: string };

  beforeAll(async () => {
    cast = await createCast(t.app, t.db);
    kitchen = await createGroup(t.db, cast.eventId, 'Kitchen');
    const people = [
      { firstname: 'Åsa', lastname: 'Öberg', group: cast.groupA.id },
      { firstname: 'Erik', lastname: 'Berg', group: cast.groupB.id },
      { firstname: 'Maja', lastname: 'Ek', group: kitchen.id },
      { firstname: 'Nils', lastname: 'Holm', group: null },
    ];
    for (const person of people) {
      const user = await createUser(t.db, {
        firstname: person.firstname,
        lastname: person.lastname,
        email: `${person.firstname.toLowerCase()}.${person.lastname.toLowerCase()}@table.test`,
      });
      await addMember(t.db, cast.eventId, user.id, 2, person.group);
    }
  });

  const list = async (query = '', who: keyof Cast['clients'] = 'admin') => {
    const response = await cast.clients[who].get(`/api/event/${cast.eventId}/users${query}`);
    expect(response.statusCode).toBe(200);
    return response.json() as { users: Row[]; total: number };
  };

  it('gives admins every member with the fields of the table, sorted by last name by default', async () => {
    const { users, total } = await list();
    expect(total).toBe(8);
    expect(users.map((user) => user.lastname).filter((name) => name !== 'Öberg')).toEqual([
      'Admin',
      'Alpha',
      'Berg',
      'Beta',
      'Ek',
      'Holm',
      'Volunteer',
    ]);
    expect(users.map((user) => user.lastname)).toContain('Öberg');
    const volunteer = users.find((user) => user.lastname === 'Volunteer');
    expect(volunteer).toEqual({
      id: cast.eventUserIds.volunteer,
      userId: cast.users.volunteer.id,
      firstname: 'Vera',
      lastname: 'Volunteer',
      email: cast.users.volunteer.email,
      roleLevel: 2,
      group: { id: cast.groupA.id, name: 'Group A' },
      avatar: null,
      createdAt: expect.any(String),
    });
  });

  it('pages with a stable order and the total of all pages', async () => {
    const all = await list('?pageSize=100&sort=email');
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(...(await list(`?page=${page}&pageSize=3&sort=email`)).users);
    expect(pages.map((user) => user.id)).toEqual(all.users.map((user) => user.id));
    expect((await list('?page=3&pageSize=3')).total).toBe(8);
    expect((await cast.clients.admin.get(`/api/event/${cast.eventId}/users?pageSize=501`)).statusCode).toBe(400);
  });

  it('filters by search, role and group (and by no group), and ignores empty filters', async () => {
    expect((await list('?search=berg')).users.map((user) => user.lastname).sort()).toEqual(['Berg', 'Öberg']);
    expect((await list('?search=ERIK%20B')).users.map((user) => user.firstname)).toEqual(['Erik']);
    // Case-insensitive beyond ASCII, on both databases.
    expect((await list(`?search=${encodeURIComponent('åsa ÖBERG')}`)).users.map((user) => user.lastname)).toEqual([
      'Öberg',
    ]);
    expect((await list('?search=table.test&roleLevel=2')).total).toBe(4);
    expect((await list('?search=kitchen')).users.map((user) => user.lastname)).toEqual(['Ek']);
    expect((await list('?search=100%25')).total).toBe(0);
    expect((await list('?roleLevel=1')).users.map((user) => user.lastname)).toEqual(['Alpha', 'Beta']);
    expect((await list(`?groupId=${cast.groupA.id}`)).users.map((user) => user.lastname).sort()).toEqual([
      'Alpha',
      'Volunteer',
      'Öberg',
    ]);
    expect((await list('?groupId=none')).users.map((user) => user.lastname)).toEqual(['Admin', 'Holm']);
    expect((await list('?search=&groupId=&roleLevel=&sort=')).total).toBe(8);
    expect((await cast.clients.admin.get(`/api/event/${cast.eventId}/users?roleLevel=5`)).statusCode).toBe(400);
    expect((await cast.clients.admin.get(`/api/event/${cast.eventId}/users?sort=password`)).statusCode).toBe(400);
  });

  it('sorts by each column, both ways', async () => {
    // Where Ö sorts depends on the database's collation: the order is checked among the ASCII names.
    const names = async (sort: string, field: 'lastname' | 'firstname' = 'lastname') =>
      (await list(`?sort=${sort}`)).users.map((user) => user[field]).filter((name) => /^[A-Za-z]+$/.test(name));
    expect(await names('-lastname')).toEqual(['Volunteer', 'Holm', 'Ek', 'Beta', 'Berg', 'Alpha', 'Admin']);
    expect(await names('firstname', 'firstname')).toEqual(['Ada', 'Erik', 'Lea', 'Leo', 'Maja', 'Nils', 'Vera']);
    expect(await names('-firstname', 'firstname')).toEqual(['Vera', 'Nils', 'Maja', 'Leo', 'Lea', 'Erik', 'Ada']);
    const byRole = (await list('?sort=roleLevel')).users.map((user) => user.roleLevel);
    expect(byRole).toEqual([0, 1, 1, 2, 2, 2, 2, 2]);
    const byRoleDown = (await list('?sort=-roleLevel')).users.map((user) => user.roleLevel);
    expect(byRoleDown).toEqual([2, 2, 2, 2, 2, 1, 1, 0]);
    const groups = (await list('?sort=group')).users.map((user) => user.group?.name ?? null);
    expect(groups).toEqual(['Group A', 'Group A', 'Group A', 'Group B', 'Group B', 'Kitchen', null, null]);
    const groupsDown = (await list('?sort=-group')).users.map((user) => user.group?.name ?? null);
    expect(groupsDown).toEqual(['Kitchen', 'Group B', 'Group B', 'Group A', 'Group A', 'Group A', null, null]);
    const emails = (await list('?sort=-email')).users.map((user) => user.email);
    expect(emails).toEqual([...emails].sort().reverse());
    const created = (await list('?sort=createdAt')).users.map((user) => user.createdAt);
    expect(created).toEqual([...created].sort());
  });

  it('shows a group leader only their own group, and refuses any other group', async () => {
    const leaderA = await list('', 'leaderA');
    expect(leaderA.users.map((user) => user.lastname).sort()).toEqual(['Alpha', 'Volunteer', 'Öberg']);
    expect(leaderA.total).toBe(3);
    expect((await list('', 'leaderB')).users.map((user) => user.lastname)).toEqual(['Berg', 'Beta']);
    expect((await list(`?groupId=${cast.groupA.id}&search=vera`, 'leaderA')).total).toBe(1);
    const url = `/api/event/${cast.eventId}/users`;
    const other = await cast.clients.leaderA.get(`${url}?groupId=${cast.groupB.id}`);
    expect(other.statusCode).toBe(403);
    expect(other.json().errorMessages).toEqual(['Group leaders can only see their own group.']);
    expect((await cast.clients.leaderA.get(`${url}?groupId=none`)).statusCode).toBe(403);
    expect((await cast.clients.leaderA.get(`${url}/export?groupId=${cast.groupB.id}`)).statusCode).toBe(403);
  });

  it('shows a group leader without a group nobody', async () => {
    const loner = await createUser(t.db);
    await addMember(t.db, cast.eventId, loner.id, 1, null);
    const client = await loginAs(t.app, loner);
    const response = await client.get(`/api/event/${cast.eventId}/users`);
    expect(response.json()).toEqual({ users: [], total: 0 });
    await t.db.deleteFrom('event_users').where('user_id', '=', loner.id).execute();
  });
});

describe(`export on ${dialect}`, () => {
  let cast: Cast;

  beforeAll(async () => {
    cast = await createCast(t.app, t.db);
    const tricky = await createGroup(t.db, cast.eventId, 'Bar, "Main" stage');
    const formulas = [
      { firstname: '=HYPERLINK("http://evil.test","x")', lastname: '+Plus', email: '=cmd@evil.test' },
      { firstname: '-Minus', lastname: '@At', email: 'at@evil.test' },
      { firstname: 'Line', lastname: 'Break\nHere', email: 'line@evil.test' },
    ];
    for (const person of formulas) {
      const user = await createUser(t.db, person);
      await addMember(t.db, cast.eventId, user.id, 2, tricky.id);
    }
  });

  const exportOf = (query: string, who: keyof Cast['clients'] = 'admin') =>
    cast.clients[who].get(`/api/event/${cast.eventId}/users/export${query}`);

  it('writes CSV with a header row, RFC 4180 quoting and formula guarding', async () => {
    const response = await exportOf('?format=csv&sort=email');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="event-${cast.eventId}-users.csv"`);
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual(['First name', 'Last name', 'Email', 'Role', 'Group']);
    expect(rows).toHaveLength(1 + 7);
    const byEmail = new Map(rows.slice(1).map((row) => [row[2].replace(/^'/, ''), row]));
    expect(byEmail.get('=cmd@evil.test')).toEqual([
      `'=HYPERLINK("http://evil.test","x")`,
      "'+Plus",
      "'=cmd@evil.test",
      'Volunteer',
      'Bar, "Main" stage',
    ]);
    expect(byEmail.get('at@evil.test')?.slice(0, 2)).toEqual(["'-Minus", "'@At"]);
    expect(byEmail.get('line@evil.test')?.[1]).toBe('Break\nHere');
    expect(byEmail.get(cast.users.admin.email)).toEqual(['Ada', 'Admin', cast.users.admin.email, 'Admin', '']);
    expect(byEmail.get(cast.users.leaderA.email)?.slice(3)).toEqual(['Group leader', 'Group A']);
    // The raw text quotes what needs quoting and doubles quotes.
    expect(response.body).toContain('"Bar, ""Main"" stage"');
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
  });

  it('exports only the filtered rows and the chosen columns, in the order asked', async () => {
    const response = await exportOf(`?format=csv&columns=email,firstname&roleLevel=1&sort=-lastname`);
    expect(parseCsv(response.body)).toEqual([
      ['Email', 'First name'],
      [cast.users.leaderB.email, 'Leo'],
      [cast.users.leaderA.email, 'Lea'],
    ]);
    expect((await exportOf('?columns=email,password')).statusCode).toBe(400);
    expect((await exportOf('?format=pdf')).statusCode).toBe(400);
  });

  it('lets a group leader export only their own group', async () => {
    const rows = parseCsv((await exportOf('?columns=lastname', 'leaderB')).body);
    expect(rows).toEqual([['Last name'], ['Beta']]);
  });

  it('writes XLSX with the same rows, cells as text', async () => {
    const response = await exportOf('?format=xlsx&columns=firstname,email,group&sort=email');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="event-${cast.eventId}-users.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Users');
    expect(sheet).toBeDefined();
    const values: unknown[][] = [];
    sheet?.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values[0]).toEqual(['First name', 'Email', 'Group']);
    expect(values).toHaveLength(1 + 7);
    const evil = sheet?.getRow(values.findIndex((row) => row[1] === '=cmd@evil.test') + 1);
    expect(evil?.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(evil?.getCell(1).value).toBe('=HYPERLINK("http://evil.test","x")');
    expect(evil?.getCell(3).value).toBe('Bar, "Main" stage');
  });
});

describe(`changing members on ${dialect}`, () => {
  it('invites by e-mail; the person joins with the role and group only when they accept', async () => {
    const cast = await createCast(t.app, t.db);
    const person = await createUser(t.db, { firstname: 'Karin', lastname: 'Dahl', email: 'karin.dahl@members.test' });
    const url = `/api/event/${cast.eventId}/users`;
    const response = await cast.clients.admin.post(url, {
      email: '  Karin.Dahl@Members.TEST ',
      roleLevel: 1,
      groupId: cast.groupB.id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().invitation).toEqual({
      id: expect.any(Number),
      email: 'karin.dahl@members.test',
      roleLevel: 1,
      group: { id: cast.groupB.id, name: 'Group B' },
      invitedBy: { id: cast.users.admin.id, firstname: expect.any(String), lastname: expect.any(String) },
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    // Not a member until accepted; a second invitation of the address is refused while this one runs.
    expect((await cast.clients.admin.get(`${url}?search=Dahl`)).json().total).toBe(0);
    const again = await cast.clients.admin.post(url, { email: person.email, roleLevel: 2, groupId: null });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([{ code: 'error.alreadyInvited', field: 'email' }]);
    expect((await cast.clients.admin.post(url, { email: 'not-an-address', roleLevel: 2 })).statusCode).toBe(400);
    expect((await cast.clients.admin.post(url, { email: person.email, roleLevel: 3 })).statusCode).toBe(400);

    const karin = await loginAs(t.app, person);
    const accepted = await karin.post(`/api/invitations/${response.json().invitation.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    const listed = (await cast.clients.admin.get(`${url}?search=Dahl`)).json().users;
    expect(listed).toEqual([
      {
        id: expect.any(Number),
        userId: person.id,
        firstname: 'Karin',
        lastname: 'Dahl',
        email: 'karin.dahl@members.test',
        roleLevel: 1,
        group: { id: cast.groupB.id, name: 'Group B' },
        avatar: null,
        createdAt: expect.any(String),
      },
    ]);
    const member = await cast.clients.admin.post(url, { email: person.email, roleLevel: 2, groupId: null });
    expect(member.statusCode).toBe(409);
    expect(member.json().errorMessages).toEqual(['This person is already a member of the event.']);

    const audit = (await auditOf(t.db, cast.eventId)).at(-1);
    expect(audit?.action).toBe('member.added');
    expect(JSON.parse(audit?.details ?? '{}')).toMatchObject({
      userId: person.id,
      roleLevel: 1,
      groupId: cast.groupB.id,
      reason: 'invitation',
    });
  });

  it("changes a member's role and group, and records each change", async () => {
    const cast = await createCast(t.app, t.db);
    const url = `/api/event/${cast.eventId}/users/${cast.eventUserIds.volunteer}`;
    const response = await cast.clients.admin.post(url, { roleLevel: 1, groupId: cast.groupB.id });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ roleLevel: 1, group: { id: cast.groupB.id, name: 'Group B' } });
    const noGroup = await cast.clients.admin.post(url, { groupId: null });
    expect(noGroup.json().user).toMatchObject({ roleLevel: 1, group: null });
    // The member's own view follows.
    const detail = (await cast.clients.volunteer.get(`/api/event/${cast.eventId}`)).json();
    expect(detail.eventUser.role).toEqual({ eventRole: { roleLevel: 1 }, eventGroup: null });

    const entries = (await auditOf(t.db, cast.eventId, cast.auditMark)).map((entry) => [
      entry.action,
      JSON.parse(entry.details),
    ]);
    expect(entries).toEqual([
      ['member.role_changed', expect.objectContaining({ from: 2, to: 1, userId: cast.users.volunteer.id })],
      [
        'member.group_changed',
        expect.objectContaining({
          from: { id: cast.groupA.id, name: 'Group A' },
          to: { id: cast.groupB.id, name: 'Group B' },
        }),
      ],
      ['member.group_changed', expect.objectContaining({ from: { id: cast.groupB.id, name: 'Group B' }, to: null })],
    ]);
  });

  it('removes a member and records it', async () => {
    const cast = await createCast(t.app, t.db);
    const response = await cast.clients.admin.delete(`/api/event/${cast.eventId}/users/${cast.eventUserIds.volunteer}`);
    expect(response.statusCode).toBe(200);
    expect((await cast.clients.volunteer.get(`/api/event/${cast.eventId}`)).statusCode).toBe(403);
    const entry = (await auditOf(t.db, cast.eventId)).at(-1);
    expect(entry?.action).toBe('member.removed');
    expect(entry?.subject).toBe(`event_user:${cast.eventUserIds.volunteer}`);
    expect(JSON.parse(entry?.details ?? '{}')).toMatchObject({ email: cast.users.volunteer.email, roleLevel: 2 });
  });
});

describe(`the last admin on ${dialect}`, () => {
  it('can be neither demoted nor removed', async () => {
    const cast = await createCast(t.app, t.db);
    const url = `/api/event/${cast.eventId}/users/${cast.eventUserIds.admin}`;
    const demote = await cast.clients.admin.post(url, { roleLevel: 2 });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().errorMessages).toEqual([
      'An event must keep at least one admin. Make someone else admin first.',
    ]);
    const remove = await cast.clients.admin.delete(url);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().errorMessages).toEqual([
      'An event must keep at least one admin. Make someone else admin first.',
    ]);
    // A group change of the last admin is fine.
    expect((await cast.clients.admin.post(url, { roleLevel: 0, groupId: cast.groupA.id })).statusCode).toBe(200);
    const admins = await t.db
      .selectFrom('event_users')
      .select('id')
      .where('event_id', '=', cast.eventId)
      .where('role_level', '=', 0)
      .execute();
    expect(admins).toHaveLength(1);
  });

  it('lets one of two admins step down, then holds the other', async () => {
    const cast = await createCast(t.app, t.db);
    const base = `/api/event/${cast.eventId}/users`;
    expect((await cast.clients.admin.post(`${base}/${cast.eventUserIds.leaderA}`, { roleLevel: 0 })).statusCode).toBe(
      200,
    );
    const leaderA = cast.clients.leaderA;
    // The first admin demotes themselves; the promoted one is now the only admin.
    expect((await cast.clients.admin.post(`${base}/${cast.eventUserIds.admin}`, { roleLevel: 2 })).statusCode).toBe(
      200,
    );
    expect((await cast.clients.admin.get(`/api/event/${cast.eventId}/access`)).statusCode).toBe(403);
    expect((await leaderA.post(`${base}/${cast.eventUserIds.leaderA}`, { roleLevel: 1 })).statusCode).toBe(409);
    expect((await leaderA.delete(`${base}/${cast.eventUserIds.leaderA}`)).statusCode).toBe(409);
    // Removing the other, now a volunteer, is fine.
    expect((await leaderA.delete(`${base}/${cast.eventUserIds.admin}`)).statusCode).toBe(200);
  });

  it('holds even when two admins demote each other at the same time', async () => {
    const cast = await createCast(t.app, t.db);
    const base = `/api/event/${cast.eventId}/users`;
    await cast.clients.admin.post(`${base}/${cast.eventUserIds.leaderA}`, { roleLevel: 0 });
    const results = await Promise.all([
      cast.clients.admin.post(`${base}/${cast.eventUserIds.leaderA}`, { roleLevel: 2 }),
      cast.clients.leaderA.post(`${base}/${cast.eventUserIds.admin}`, { roleLevel: 2 }),
    ]);
    // One demotion is kept; the other is refused: 409 (the last admin) when both callers were still admins as their
    // requests were checked, 403 when the kept one had already made the other caller a volunteer by then.
    const [kept, refused] = results.map((result) => result.statusCode).sort();
    expect(kept).toBe(200);
    expect([403, 409]).toContain(refused);
    const admins = await t.db
      .selectFrom('event_users')
      .select('id')
      .where('event_id', '=', cast.eventId)
      .where('role_level', '=', 0)
      .execute();
    expect(admins).toHaveLength(1);
  });
});

describe(`a user of several events on ${dialect}`, () => {
  it('keeps each membership apart', async () => {
    const user = await createUser(t.db);
    const first = await createEvent(t.db, { adminId: user.id });
    const second = await createEvent(t.db);
    await addMember(t.db, second.id, user.id, 2);
    const client = await loginAs(t.app, user);
    expect((await client.get(`/api/event/${first.id}/users`)).statusCode).toBe(200);
    expect((await client.get(`/api/event/${second.id}/users`)).statusCode).toBe(403);
  });
});
