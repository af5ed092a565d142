import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMembership } from '../../src/lib/caller.js';
import { findMembership } from '../../src/modules/memberships/lookup.js';
import { membershipsService } from '../../src/modules/memberships/service.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { addMember, createEvent, createGroup, createUser, loginAs, review } from '../helpers/factories.js';
import {
  createApplicant,
  createManyApplications,
  createReviewWorld,
  membershipOf,
  type ReviewWorld,
  statusesOf,
  WEEKS,
} from './fixtures.js';

let t: TestApp;
let world: ReviewWorld;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  world = await createReviewWorld(t);
  admin = await loginAs(t.app, world.admin);
});
afterAll(() => t.close());

const updateUrl = () => `/api/event/${world.eventId}/applications/update`;
/** What people did to an application (the fixtures' setup runs as the system: no actor). */
const auditOf = (applicationId: number) =>
  t.db
    .selectFrom('audit_log')
    .select(['action', 'details', 'actor_id', 'event_id'])
    .where('subject', '=', `application:${applicationId}`)
    .where('actor_id', 'is not', null)
    .orderBy('id')
    .execute();

describe(`bulk update on ${dialect}`, () => {
  it('sets the status of the selected applications in one call and says how many changed', async () => {
    const a = await createApplicant(t.db, world.eventId, { status: 'pending' });
    const b = await createApplicant(t.db, world.eventId, { status: 'pending' });
    const c = await createApplicant(t.db, world.eventId, { status: 'staged' });
    const response = await admin.post(updateUrl(), { ids: [a.id, b.id, c.id], status: 'staged' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 2, success: true, _csrf: admin.csrf });
    const after = await statusesOf(t.db, [a.id, b.id, c.id]);
    expect([after[a.id].status, after[b.id].status, after[c.id].status]).toEqual(['staged', 'staged', 'staged']);
    const audit = await auditOf(a.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'application.status_changed',
      actor_id: world.admin.id,
      event_id: world.eventId,
    });
    expect(JSON.parse(audit[0].details)).toEqual({ from: 'pending', to: 'staged' });
    // Stored as JSON.stringify writes it on both databases (no membership key when nothing happened to one).
    expect(audit[0].details).toBe('{"from":"pending","to":"staged"}');
    // The one already staged changed nothing and has no audit entry.
    expect(await auditOf(c.id)).toHaveLength(0);
  });

  it('sets the group, and no group, with the names kept in the audit entry', async () => {
    const a = await createApplicant(t.db, world.eventId, { groupId: world.bar.id });
    expect((await admin.post(updateUrl(), { ids: [a.id], groupId: world.stage.id })).json().updated).toBe(1);
    expect((await statusesOf(t.db, [a.id]))[a.id].groupId).toBe(world.stage.id);
    expect((await admin.post(updateUrl(), { ids: [a.id], groupId: null })).json().updated).toBe(1);
    expect((await statusesOf(t.db, [a.id]))[a.id].groupId).toBeNull();
    const audit = await auditOf(a.id);
    expect(audit.map((entry) => entry.action)).toEqual(['application.group_changed', 'application.group_changed']);
    expect(JSON.parse(audit[0].details)).toEqual({
      from: world.bar.id,
      to: world.stage.id,
      fromName: 'Bar',
      toName: 'Stage',
    });
    expect(JSON.parse(audit[1].details)).toMatchObject({ from: world.stage.id, to: null, toName: null });
    expect(audit[1].details).toBe(`{"from":${world.stage.id},"to":null,"fromName":"Stage","toName":null}`);
  });

  it('refuses ids of another event, or unknown ids, with 400 and applies nothing', async () => {
    const other = await createEvent(t.db, { adminId: world.admin.id });
    const foreign = await createApplicant(t.db, other.id, { status: 'pending' });
    const mine = await createApplicant(t.db, world.eventId, { status: 'pending' });
    const auditBefore = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const ids of [
      [mine.id, foreign.id],
      [mine.id, 987654],
    ]) {
      const response = await admin.post(updateUrl(), { ids, status: 'accepted' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        errorMessages: ['Some of the selected applications do not belong to this event.'],
        errors: [{ code: 'error.applicationsUnknown' }],
      });
    }
    const after = await statusesOf(t.db, [mine.id, foreign.id]);
    expect(after[mine.id].status).toBe('pending');
    expect(after[foreign.id].status).toBe('pending');
    expect(await membershipOf(t.db, world.eventId, mine.user.id)).toBeUndefined();
    const auditAfter = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(auditAfter.n)).toBe(Number(auditBefore.n));
  });

  it('refuses a group of another event', async () => {
    const other = await createEvent(t.db, { adminId: world.admin.id });
    const foreignGroup = await createGroup(t.db, other.id, 'Foreign');
    const mine = await createApplicant(t.db, world.eventId, { status: 'pending' });
    const response = await admin.post(updateUrl(), { ids: [mine.id], groupId: foreignGroup.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ groupId: 'The group does not belong to this event.' });
    expect((await statusesOf(t.db, [mine.id]))[mine.id].groupId).toBeNull();
  });

  it('validates the body: ids or a filter (not both), and something to set', async () => {
    const mine = await createApplicant(t.db, world.eventId);
    const cases = [
      { status: 'staged' },
      { ids: [mine.id], filter: {}, status: 'staged' },
      { ids: [mine.id] },
      { ids: [], status: 'staged' },
      { ids: [mine.id], status: 'maybe' },
      { ids: ['x'], status: 'staged' },
    ];
    for (const body of cases) {
      const response = await admin.post(updateUrl(), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().success).toBe(false);
    }
    expect((await admin.post(updateUrl(), { status: 'staged' })).json().errorMessages).toEqual([
      'Select applications, or apply the update to a filter.',
    ]);
    expect((await admin.post(updateUrl(), { ids: [mine.id] })).json().errorMessages).toEqual([
      'Choose a status or a group to set.',
    ]);
  });

  it('updates all applications matching a filter ("all N matching")', async () => {
    const event = await createEvent(t.db, { adminId: world.admin.id, weeks: WEEKS });
    const group = await createGroup(t.db, event.id, 'Kitchen');
    const match1 = await createApplicant(t.db, event.id, {
      lastname: 'Uniquesson',
      status: 'pending',
      groupId: group.id,
      answers: { week: 'week-1' },
    });
    const match2 = await createApplicant(t.db, event.id, {
      status: 'pending',
      groupId: group.id,
      answers: { week: 'week-1' },
    });
    const otherWeek = await createApplicant(t.db, event.id, {
      status: 'pending',
      groupId: group.id,
      answers: { week: 'week-2' },
    });
    const otherStatus = await createApplicant(t.db, event.id, {
      status: 'staged',
      groupId: group.id,
      answers: { week: 'week-1' },
    });
    const response = await admin.post(`/api/event/${event.id}/applications/update`, {
      filter: { status: ['pending'], groupId: [group.id], week: 'week-1' },
      status: 'reserve',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().updated).toBe(2);
    const after = await statusesOf(t.db, [match1.id, match2.id, otherWeek.id, otherStatus.id]);
    expect(after[match1.id].status).toBe('reserve');
    expect(after[match2.id].status).toBe('reserve');
    expect(after[otherWeek.id].status).toBe('pending');
    expect(after[otherStatus.id].status).toBe('staged');

    // The query-string form of a filter works too; an empty filter is the whole event.
    const bySearch = await admin.post(`/api/event/${event.id}/applications/update`, {
      filter: { search: 'UNIQUESSON', status: 'reserve,pending' },
      status: 'rejected',
    });
    expect(bySearch.json().updated).toBe(1);
    const all = await admin.post(`/api/event/${event.id}/applications/update`, { filter: {}, status: 'none' });
    expect(all.json().updated).toBe(4);
  });

  it('updates thousands of applications across id chunks in one call, with an audit entry each', async () => {
    const event = await createEvent(t.db, { adminId: world.admin.id });
    const group = await createGroup(t.db, event.id, 'Crew');
    const ids = await createManyApplications(t.db, event.id, 1234, { status: 'pending' });
    const response = await admin.post(`/api/event/${event.id}/applications/update`, {
      ids,
      status: 'accepted',
      groupId: group.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().updated).toBe(1234);
    const counts = await t.db
      .selectFrom('applications')
      .select((eb) => ['status', 'group_id', eb.fn.countAll<number>().as('n')])
      .where('event_id', '=', event.id)
      .groupBy(['status', 'group_id'])
      .execute();
    expect(counts.map((row) => ({ ...row, n: Number(row.n) }))).toEqual([
      { status: 'accepted', group_id: group.id, n: 1234 },
    ]);
    const members = await t.db
      .selectFrom('event_users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event_id', '=', event.id)
      .where('role_level', '=', 2)
      .where('group_id', '=', group.id)
      .where('via_application', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(members.n)).toBe(1234);
    const audit = await t.db
      .selectFrom('audit_log')
      .select((eb) => ['action', eb.fn.countAll<number>().as('n')])
      .where('event_id', '=', event.id)
      .where('action', 'like', 'application.%')
      .groupBy('action')
      .orderBy('action')
      .execute();
    expect(audit.map((row) => [row.action, Number(row.n)])).toEqual([
      ['application.group_changed', 1234],
      ['application.status_changed', 1234],
    ]);
    const withMembership = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event_id', '=', event.id)
      .where('action', '=', 'application.status_changed')
      .where('details', 'like', '%"change":"added"%')
      .executeTakeFirstOrThrow();
    expect(Number(withMembership.n)).toBe(1234);

    // And back: every membership acceptance created goes away again, by filter this time.
    const back = await admin.post(`/api/event/${event.id}/applications/update`, {
      filter: { status: 'accepted' },
      status: 'pending',
    });
    expect(back.json().updated).toBe(1234);
    const left = await t.db
      .selectFrom('event_users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(1); // the admin
  });
});

describe(`membership effects on ${dialect}`, () => {
  it('accepting makes the applicant a volunteer of the application’s group; un-accepting removes it again', async () => {
    const applicant = await createApplicant(t.db, world.eventId, { status: 'pending', groupId: world.stage.id });
    await admin.post(updateUrl(), { ids: [applicant.id], status: 'accepted' });
    expect(await membershipOf(t.db, world.eventId, applicant.user.id)).toMatchObject({
      role_level: 2,
      group_id: world.stage.id,
      via_application: 1,
    });
    // The new member now passes the event's member guard: the reviewers' list still refuses a volunteer.
    const member = await loginAs(t.app, applicant.user);
    expect((await member.get(`/api/event/${world.eventId}/applications`)).statusCode).toBe(403);

    const membershipId = (await membershipOf(t.db, world.eventId, applicant.user.id))?.id;

    await admin.post(updateUrl(), { ids: [applicant.id], status: 'reserve' });
    expect(await membershipOf(t.db, world.eventId, applicant.user.id)).toBeUndefined();
    // Each membership change is in the audit entry of the status change that caused it.
    const audit = (await auditOf(applicant.id)).map((entry) => JSON.parse(entry.details));
    expect(audit).toEqual([
      {
        from: 'pending',
        to: 'accepted',
        membership: { eventUserId: membershipId, change: 'added', groupId: world.stage.id },
      },
      {
        from: 'accepted',
        to: 'reserve',
        membership: { eventUserId: membershipId, change: 'removed', groupId: world.stage.id },
      },
    ]);
    expect((await auditOf(applicant.id))[0].details).toBe(
      `{"from":"pending","to":"accepted","membership":{"eventUserId":${membershipId},"change":"added","groupId":${world.stage.id}}}`,
    );
  });

  it('accepting with a group in the same call puts the volunteer in that group', async () => {
    const applicant = await createApplicant(t.db, world.eventId, { status: 'pending', groupId: null });
    await admin.post(updateUrl(), { ids: [applicant.id], status: 'accepted', groupId: world.bar.id });
    expect((await membershipOf(t.db, world.eventId, applicant.user.id))?.group_id).toBe(world.bar.id);
  });

  it('moving an accepted application moves the volunteer it created, not a member added by hand', async () => {
    const viaApplication = await createApplicant(t.db, world.eventId, { status: 'pending', groupId: world.bar.id });
    await admin.post(updateUrl(), { ids: [viaApplication.id], status: 'accepted' });
    // A member added by hand before their application was accepted: acceptance finds them a member already.
    const byHand = await createApplicant(t.db, world.eventId, { status: 'pending', groupId: world.bar.id });
    await addMember(t.db, world.eventId, byHand.user.id, 2, world.bar.id);
    await review(t.db, world.eventId, [byHand.id], { status: 'accepted' });

    await admin.post(updateUrl(), { ids: [viaApplication.id, byHand.id], groupId: world.stage.id });
    expect((await membershipOf(t.db, world.eventId, viaApplication.user.id))?.group_id).toBe(world.stage.id);
    const moved = (await auditOf(viaApplication.id)).at(-1);
    expect(moved?.action).toBe('application.group_changed');
    expect(JSON.parse(moved?.details ?? '{}').membership).toMatchObject({
      change: 'moved',
      from: world.bar.id,
      to: world.stage.id,
    });
    expect(JSON.parse((await auditOf(byHand.id)).at(-1)?.details ?? '{}').membership).toBeUndefined();
    expect((await membershipOf(t.db, world.eventId, byHand.user.id))?.group_id).toBe(world.bar.id);

    // Un-accepting leaves the member added by hand alone.
    await admin.post(updateUrl(), { ids: [viaApplication.id, byHand.id], status: 'rejected' });
    expect(await membershipOf(t.db, world.eventId, viaApplication.user.id)).toBeUndefined();
    expect(await membershipOf(t.db, world.eventId, byHand.user.id)).toMatchObject({
      role_level: 2,
      via_application: 0,
    });
  });

  it('re-accepting a volunteer acceptance created updates their group but never their role', async () => {
    const applicant = await createApplicant(t.db, world.eventId, { status: 'accepted', groupId: world.bar.id });
    expect(await membershipOf(t.db, world.eventId, applicant.user.id)).toMatchObject({ group_id: world.bar.id });
    await admin.post(updateUrl(), { ids: [applicant.id], status: 'accepted', groupId: world.stage.id });
    expect(await membershipOf(t.db, world.eventId, applicant.user.id)).toMatchObject({
      role_level: 2,
      group_id: world.stage.id,
      via_application: 1,
    });
  });

  it('never touches an admin’s or a leader’s membership', async () => {
    const adminApplicant = await createUser(t.db, { firstname: 'Alma', lastname: 'Admin' });
    await addMember(t.db, world.eventId, adminApplicant.id, 0, null);
    const leaderApplicant = await createUser(t.db, { firstname: 'Lars', lastname: 'Leader' });
    const first = await createApplicant(t.db, world.eventId, {
      user: adminApplicant,
      status: 'pending',
      groupId: world.stage.id,
    });
    // Even a leader whose membership once came from acceptance keeps it: accepted, made leader of Bar, then
    // set back to pending (which leaves a leader's membership alone).
    const second = await createApplicant(t.db, world.eventId, {
      user: leaderApplicant,
      status: 'accepted',
      groupId: world.stage.id,
    });
    const created = await membershipOf(t.db, world.eventId, leaderApplicant.id);
    expect(created).toMatchObject({ via_application: 1, role_level: 2 });
    const adminMembership = await findMembership(t.db, world.eventId, world.admin.id);
    const caller = { ...(adminMembership as EventMembership), userId: world.admin.id };
    await membershipsService(t.app.serverContext).updateMember(caller, created?.id as number, {
      roleLevel: 1,
      groupId: world.bar.id,
    });
    await review(t.db, world.eventId, [second.id], { status: 'staged' });
    expect(await membershipOf(t.db, world.eventId, leaderApplicant.id)).toMatchObject({ role_level: 1 });

    await admin.post(updateUrl(), { ids: [first.id, second.id], status: 'accepted' });
    expect(await membershipOf(t.db, world.eventId, adminApplicant.id)).toMatchObject({ role_level: 0, group_id: null });
    expect(await membershipOf(t.db, world.eventId, leaderApplicant.id)).toMatchObject({
      role_level: 1,
      group_id: world.bar.id,
    });
    await admin.post(updateUrl(), { ids: [first.id, second.id], groupId: world.bar.id });
    await admin.post(updateUrl(), { ids: [first.id, second.id], status: 'rejected' });
    expect(await membershipOf(t.db, world.eventId, adminApplicant.id)).toMatchObject({ role_level: 0, group_id: null });
    expect(await membershipOf(t.db, world.eventId, leaderApplicant.id)).toMatchObject({
      role_level: 1,
      group_id: world.bar.id,
    });
  });
});

describe(`group leader limits on ${dialect}`, () => {
  it('lets a leader set the status of their own group’s applications', async () => {
    const leader = await loginAs(t.app, world.leader);
    const own = await createApplicant(t.db, world.eventId, { status: 'pending', groupId: world.bar.id });
    const response = await leader.post(updateUrl(), { ids: [own.id], status: 'accepted', groupId: world.bar.id });
    expect(response.statusCode).toBe(200);
    expect(response.json().updated).toBe(1);
    expect(await membershipOf(t.db, world.eventId, own.user.id)).toMatchObject({
      role_level: 2,
      group_id: world.bar.id,
    });
    const audit = await auditOf(own.id);
    expect(audit[0]).toMatchObject({ action: 'application.status_changed', actor_id: world.leader.id });
  });

  it('refuses other groups’ applications with 403 and applies nothing, even mixed with their own', async () => {
    const leader = await loginAs(t.app, world.leader);
    const own = await createApplicant(t.db, world.eventId, { status: 'pending', groupId: world.bar.id });
    const others = await createApplicant(t.db, world.eventId, { status: 'pending', groupId: world.stage.id });
    const ungrouped = await createApplicant(t.db, world.eventId, { status: 'pending', groupId: null });
    for (const ids of [[others.id], [own.id, others.id], [own.id, ungrouped.id]]) {
      const response = await leader.post(updateUrl(), { ids, status: 'rejected' });
      expect(response.statusCode).toBe(403);
      expect(response.json().errorMessages).toEqual(['You can only change applications of your own group.']);
    }
    const after = await statusesOf(t.db, [own.id, others.id, ungrouped.id]);
    expect(Object.values(after).map((row) => row.status)).toEqual(['pending', 'pending', 'pending']);
  });

  it('refuses moving applications to another group, or out of any group', async () => {
    const leader = await loginAs(t.app, world.leader);
    const own = await createApplicant(t.db, world.eventId, { status: 'pending', groupId: world.bar.id });
    for (const groupId of [world.stage.id, null]) {
      const response = await leader.post(updateUrl(), { ids: [own.id], groupId });
      expect(response.statusCode).toBe(403);
      expect(response.json().errorMessages).toEqual(['Group leaders cannot move applications to another group.']);
    }
    expect((await statusesOf(t.db, [own.id]))[own.id].groupId).toBe(world.bar.id);
  });

  it('limits a leader’s filter update to their own group', async () => {
    const event = await createEvent(t.db, { adminId: world.admin.id });
    const kitchen = await createGroup(t.db, event.id, 'Kitchen');
    const gate = await createGroup(t.db, event.id, 'Gate');
    const chef = await createUser(t.db, { firstname: 'Chef', lastname: 'Leader' });
    await addMember(t.db, event.id, chef.id, 1, kitchen.id);
    const own = await createApplicant(t.db, event.id, { status: 'pending', groupId: kitchen.id });
    const others = await createApplicant(t.db, event.id, { status: 'pending', groupId: gate.id });
    const none = await createApplicant(t.db, event.id, { status: 'pending', groupId: null });
    const client = await loginAs(t.app, chef);
    const response = await client.post(`/api/event/${event.id}/applications/update`, { filter: {}, status: 'staged' });
    expect(response.json().updated).toBe(1);
    const after = await statusesOf(t.db, [own.id, others.id, none.id]);
    expect([after[own.id].status, after[others.id].status, after[none.id].status]).toEqual([
      'staged',
      'pending',
      'pending',
    ]);
  });
});

describe(`bulk update guards on ${dialect}`, () => {
  it('refuses volunteers and non-members (403), anonymous callers (401) and a missing CSRF token (403)', async () => {
    const target = await createApplicant(t.db, world.eventId, { status: 'pending', groupId: world.bar.id });
    const body = { ids: [target.id], status: 'accepted' };
    const volunteer = await loginAs(t.app, world.volunteer);
    expect((await volunteer.post(updateUrl(), body)).statusCode).toBe(403);
    const outsider = await loginAs(t.app, world.outsider);
    expect((await outsider.post(updateUrl(), body)).statusCode).toBe(403);
    expect((await new TestClient(t.app).post(updateUrl(), body)).statusCode).toBe(401);
    const noToken = await admin.request('POST', updateUrl(), body, { csrf: null });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().errorMessages).toEqual(['Invalid or missing CSRF token.']);
    const wrongToken = await admin.request('POST', updateUrl(), body, { csrf: 'not-the-token' });
    expect(wrongToken.statusCode).toBe(403);
    expect((await statusesOf(t.db, [target.id]))[target.id].status).toBe('pending');
  });
});

describe(`two bulk updates of the same applications at once on ${dialect}`, () => {
  it('runs them one after the other: memberships and audit entries follow the final statuses', async () => {
    const event = await createEvent(t.db, { adminId: world.admin.id });
    const group = await createGroup(t.db, event.id, 'Gate');
    const ids = await createManyApplications(t.db, event.id, 300, { status: 'pending', groupId: group.id });
    const url = `/api/event/${event.id}/applications/update`;
    const [accept, reject] = await Promise.all([
      admin.post(url, { ids, status: 'accepted' }),
      admin.post(url, { ids: [...ids].reverse(), status: 'rejected' }),
    ]);
    expect([accept.statusCode, reject.statusCode]).toEqual([200, 200]);
    const statuses = await t.db
      .selectFrom('applications')
      .select('status')
      .distinct()
      .where('event_id', '=', event.id)
      .execute();
    expect(statuses).toHaveLength(1);
    const final = statuses[0].status;
    const volunteers = await t.db
      .selectFrom('event_users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event_id', '=', event.id)
      .where('via_application', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(volunteers.n)).toBe(final === 'accepted' ? 300 : 0);
    // Each application's entries chain: the second update starts from where the first left it.
    const entries = await t.db
      .selectFrom('audit_log')
      .select(['subject', 'details'])
      .where('event_id', '=', event.id)
      .where('action', '=', 'application.status_changed')
      .orderBy('id')
      .execute();
    const chains = new Map<string, string[]>();
    for (const entry of entries) {
      const { from, to } = JSON.parse(entry.details) as { from: string; to: string };
      const chain = chains.get(entry.subject) ?? ['pending'];
      expect(from).toBe(chain[chain.length - 1]);
      chain.push(to);
      chains.set(entry.subject, chain);
    }
    expect(chains.size).toBe(300);
    for (const chain of chains.values()) expect(chain[chain.length - 1]).toBe(final);
    expect(accept.json().updated + reject.json().updated).toBe(600);
  });
});

describe(`history in the detail on ${dialect}`, () => {
  it('shows every status and group change with who made it, oldest first', async () => {
    const applicant = await createApplicant(t.db, world.eventId, { status: 'pending', groupId: world.bar.id });
    await admin.post(updateUrl(), { ids: [applicant.id], status: 'staged' });
    const leader = await loginAs(t.app, world.leader);
    await leader.post(updateUrl(), { ids: [applicant.id], status: 'accepted' });
    await admin.post(updateUrl(), { ids: [applicant.id], groupId: world.stage.id });

    const response = await admin.get(`/api/event/${world.eventId}/applications/${applicant.id}`);
    expect(response.statusCode).toBe(200);
    const { application, history: all } = response.json();
    expect(application).toMatchObject({ status: 'accepted', group: { id: world.stage.id, name: 'Stage' } });
    // The fixture put it in Bar as the system (no actor); what people did follows.
    expect(all[0]).toMatchObject({ action: 'application.group_changed', actor: null });
    const history = all.filter((entry: { actor: unknown }) => entry.actor !== null);
    expect(history).toHaveLength(3);
    expect(history[0]).toMatchObject({
      action: 'application.status_changed',
      details: { from: 'pending', to: 'staged' },
      actor: { id: world.admin.id, firstname: 'Ada', lastname: 'Admin' },
    });
    expect(history[1]).toMatchObject({
      action: 'application.status_changed',
      details: { from: 'staged', to: 'accepted' },
      actor: { id: world.leader.id, firstname: 'Leo', lastname: 'Leader' },
    });
    expect(history[2]).toMatchObject({
      action: 'application.group_changed',
      details: { from: world.bar.id, to: world.stage.id, fromName: 'Bar', toName: 'Stage' },
    });
    expect(Date.parse(history[2].createdAt)).toBeGreaterThan(0);
    // Now in Stage, the Bar leader may no longer open it.
    expect((await leader.get(`/api/event/${world.eventId}/applications/${applicant.id}`)).statusCode).toBe(403);
  });
});
