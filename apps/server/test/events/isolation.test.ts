import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { auditOf, type Cast, createCast, multipartFile, PNG, uploadAvatar } from './fixtures.js';

/**
 * Two events side by side: the admin of "ours" tries every route of "theirs", and every id of theirs inside the
 * URLs and bodies of ours. Nothing of theirs may be read or changed.
 */
let t: TestApp;
let ours: Cast;
let theirs: Cast;

beforeAll(async () => {
  t = await createTestApp();
  ours = await createCast(t.app, t.db, { name: 'Our event' });
  theirs = await createCast(t.app, t.db, { name: 'Their event', applicationsOpen: false });
  await t.db
    .updateTable('event_forms')
    .set({
      fields: JSON.stringify([
        {
          name: 'their-week',
          type: 'radio',
          label: 'Week',
          required: true,
          options: [{ value: 'w1', label: 'Week 1' }],
        },
      ]),
    })
    .where('event_id', '=', theirs.eventId)
    .execute();
  expect((await uploadAvatar(theirs.clients.admin, theirs.eventId)).statusCode).toBe(200);
});
afterAll(() => t.close());

async function snapshotOfTheirs() {
  const [event, groups, members, audit] = await Promise.all([
    t.db.selectFrom('events').selectAll().where('id', '=', theirs.eventId).executeTakeFirstOrThrow(),
    t.db.selectFrom('event_groups').selectAll().where('event_id', '=', theirs.eventId).orderBy('id').execute(),
    t.db.selectFrom('event_users').selectAll().where('event_id', '=', theirs.eventId).orderBy('id').execute(),
    auditOf(t.db, theirs.eventId),
  ]);
  return { event, groups, members, audit };
}

describe(`two events side by side on ${dialect}`, () => {
  it('refuses our admin every route of their event (403), changing nothing', async () => {
    const before = await snapshotOfTheirs();
    const admin = ours.clients.admin;
    const e = `/api/event/${theirs.eventId}`;
    const { payload, headers } = multipartFile(PNG);
    const attempts = [
      await admin.get(e),
      await admin.post(`${e}/settings`, { name: 'Taken over' }),
      await admin.post(`${e}/applications-open`, { open: true }),
      await admin.request('POST', `${e}/avatar`, undefined, { payload, headers }),
      await admin.get(`${e}/avatar`),
      await admin.get(`${e}/groups`),
      await admin.post(`${e}/groups`, { name: 'Ours now' }),
      await admin.post(`${e}/groups/${theirs.groupA.id}`, { name: 'Renamed' }),
      await admin.delete(`${e}/groups/${theirs.groupA.id}`),
      await admin.get(`${e}/users`),
      await admin.get(`${e}/users/export?format=csv`),
      await admin.post(`${e}/users`, { email: ours.users.nonMember.email, roleLevel: 0, groupId: null }),
      await admin.post(`${e}/users/${theirs.eventUserIds.volunteer}`, { roleLevel: 0 }),
      await admin.delete(`${e}/users/${theirs.eventUserIds.admin}`),
      await admin.get(`${e}/access`),
      await admin.get(`${e}/audit`),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual(attempts.map(() => 403));
    expect(attempts.map((response) => response.body).join('')).not.toContain(theirs.users.admin.email);
    expect(await snapshotOfTheirs()).toEqual(before);
  });

  it("answers 404 for their group and member ids inside our event's URLs and bodies, changing nothing", async () => {
    const before = await snapshotOfTheirs();
    const admin = ours.clients.admin;
    const e = `/api/event/${ours.eventId}`;
    const attempts = {
      renameTheirGroup: await admin.post(`${e}/groups/${theirs.groupA.id}`, { name: 'Renamed' }),
      deleteTheirGroup: await admin.delete(`${e}/groups/${theirs.groupA.id}`),
      changeTheirMember: await admin.post(`${e}/users/${theirs.eventUserIds.volunteer}`, { roleLevel: 0 }),
      removeTheirMember: await admin.delete(`${e}/users/${theirs.eventUserIds.admin}`),
      demoteTheirAdmin: await admin.post(`${e}/users/${theirs.eventUserIds.admin}`, { roleLevel: 2 }),
      addIntoTheirGroup: await admin.post(`${e}/users`, {
        email: ours.users.nonMember.email,
        roleLevel: 2,
        groupId: theirs.groupB.id,
      }),
      moveOursIntoTheirGroup: await admin.post(`${e}/users/${ours.eventUserIds.volunteer}`, {
        groupId: theirs.groupB.id,
      }),
      listTheirGroup: await admin.get(`${e}/users?groupId=${theirs.groupA.id}`),
      exportTheirGroup: await admin.get(`${e}/users/export?groupId=${theirs.groupA.id}`),
    };
    expect(Object.fromEntries(Object.entries(attempts).map(([name, response]) => [name, response.statusCode]))).toEqual(
      Object.fromEntries(Object.keys(attempts).map((name) => [name, 404])),
    );
    // Our own member was not moved either, and nobody was added.
    const ourVolunteer = await t.db
      .selectFrom('event_users')
      .select('group_id')
      .where('id', '=', ours.eventUserIds.volunteer)
      .executeTakeFirstOrThrow();
    expect(ourVolunteer.group_id).toBe(ours.groupA.id);
    const added = await t.db
      .selectFrom('event_users')
      .select('id')
      .where('user_id', '=', ours.users.nonMember.id)
      .execute();
    expect(added).toHaveLength(0);
    expect(await snapshotOfTheirs()).toEqual(before);
  });

  it('refuses their leader our group, even with the right role in their own event', async () => {
    const leader = theirs.clients.leaderA;
    expect((await leader.get(`/api/event/${ours.eventId}/users?groupId=${ours.groupA.id}`)).statusCode).toBe(403);
    expect(
      (await theirs.clients.leaderA.get(`/api/event/${theirs.eventId}/users?groupId=${ours.groupA.id}`)).statusCode,
    ).toBe(403);
  });

  it("does not let our week separation read their form's field", async () => {
    const response = await ours.clients.admin.post(`/api/event/${ours.eventId}/settings`, {
      useWeekSeparation: true,
      weekSeparationConfig: {
        formFieldName: 'their-week',
        filterLabel: 'Week',
        columnLabel: 'Week',
        options: [{ value: 'w1', label: 'Week 1' }],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      'weekSeparationConfig.formFieldName':
        'Week separation must read a select, radio or checkboxes question of the application form.',
    });
  });

  it('keeps lists, access, audit and avatars to their own event', async () => {
    const admin = ours.clients.admin;
    const e = `/api/event/${ours.eventId}`;
    const users = (await admin.get(`${e}/users?pageSize=500`)).json().users;
    expect(users.map((user: { email: string }) => user.email)).not.toContain(theirs.users.admin.email);
    const groups = (await admin.get(`${e}/groups`)).json().groups;
    expect(groups.map((group: { id: number }) => group.id).sort()).toEqual([ours.groupA.id, ours.groupB.id].sort());
    const access = (await admin.get(`${e}/access`)).json();
    expect(access.admins.map((person: { userId: number }) => person.userId)).toEqual([ours.users.admin.id]);
    const audit = (await admin.get(`${e}/audit?pageSize=500`)).json();
    const theirAuditIds = (await auditOf(t.db, theirs.eventId)).map((entry) => entry.id);
    expect(theirAuditIds.length).toBeGreaterThan(0);
    expect(audit.entries.filter((entry: { id: number }) => theirAuditIds.includes(entry.id))).toEqual([]);
    expect((await admin.get(`${e}/avatar`)).statusCode).toBe(404);
    const csv = (await admin.get(`${e}/users/export`)).body;
    expect(csv).not.toContain(theirs.users.admin.email);
  });
});
