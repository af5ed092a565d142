import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { addMember, createUser, loginAs, type TestUser } from '../helpers/factories.js';
import { createApplicant, createReviewWorld, membershipOf, type ReviewWorld, statusesOf } from './fixtures.js';

/**
 * A member's application and membership name the same group: an admin moving the member in the users table moves
 * the application too, and a group leader reviews, changes and mails only applicants who are not members of
 * another group now (whatever group an application still names).
 */
let t: TestApp;
let world: ReviewWorld;
let admin: TestClient;
let barLeader: TestClient;
let stageLeader: TestClient;
let stageLeaderUser: TestUser;

beforeAll(async () => {
  t = await createTestApp({ MAIL_WORKER: 'off' });
  world = await createReviewWorld(t);
  admin = await loginAs(t.app, world.admin);
  barLeader = await loginAs(t.app, world.leader);
  stageLeaderUser = await createUser(t.db, { firstname: 'Sten', lastname: 'Stageleader' });
  await addMember(t.db, world.eventId, stageLeaderUser.id, 1, world.stage.id);
  stageLeader = await loginAs(t.app, stageLeaderUser);
});
afterAll(() => t.close());

const url = (path: string) => `/api/event/${world.eventId}${path}`;

/** An applicant accepted into Bar (a volunteer of Bar through acceptance). */
async function acceptedIntoBar() {
  const applicant = await createApplicant(t.db, world.eventId, { status: 'accepted', groupId: world.bar.id });
  const membership = await membershipOf(t.db, world.eventId, applicant.user.id);
  if (!membership) throw new Error('acceptance made no membership');
  return { ...applicant, eventUserId: membership.id };
}

const listedIds = async (client: TestClient, query = '') => {
  const response = await client.get(url(`/applications?pageSize=100${query}`));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().applications.map((application: { id: number }) => application.id) as number[];
};

const previewIds = async (client: TestClient, statuses: string[]) => {
  const response = await client.post(url('/mail-receivers/preview'), {
    receivers: { applicationStatuses: statuses },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().receivers.map((receiver: { userId: number }) => receiver.userId) as number[];
};

describe(`a member moved to another group on ${dialect}`, () => {
  it("takes their application along: the old group's leader can no longer set it aside, re-accept or mail them", async () => {
    const moved = await acceptedIntoBar();
    const move = await admin.post(url(`/users/${moved.eventUserId}`), { groupId: world.stage.id });
    expect(move.statusCode, move.body).toBe(200);

    expect((await statusesOf(t.db, [moved.id]))[moved.id]).toMatchObject({
      status: 'accepted',
      groupId: world.stage.id,
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details', 'actor_id'])
      .where('subject', '=', `application:${moved.id}`)
      .where('actor_id', '=', world.admin.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].action).toBe('application.group_changed');
    expect(JSON.parse(audit[0].details)).toEqual({
      from: world.bar.id,
      to: world.stage.id,
      fromName: 'Bar',
      toName: 'Stage',
      reason: 'member_moved',
    });

    // Bar's leader: the application is gone from the list and the summary, the drawer and the answers refuse.
    expect(await listedIds(barLeader)).not.toContain(moved.id);
    expect((await barLeader.get(url(`/applications/${moved.id}`))).statusCode).toBe(403);
    expect((await barLeader.get(url(`/applications/${moved.id}/answers`))).statusCode).toBe(404);
    // Setting it aside would have removed the member from the event; back to accepted would have re-added them.
    const reserve = await barLeader.post(url('/applications/update'), { ids: [moved.id], status: 'reserve' });
    expect(reserve.statusCode).toBe(403);
    expect(reserve.json().errors[0].code).toBe('error.applicationsOtherGroup');
    expect(await membershipOf(t.db, world.eventId, moved.user.id)).toMatchObject({
      role_level: 2,
      group_id: world.stage.id,
    });
    expect(await previewIds(barLeader, ['accepted'])).not.toContain(moved.user.id);

    // Stage's leader now has it, and acting on it keeps the membership in Stage.
    expect(await listedIds(stageLeader)).toContain(moved.id);
    expect((await stageLeader.get(url(`/applications/${moved.id}`))).statusCode).toBe(200);
    expect(await previewIds(stageLeader, ['accepted'])).toContain(moved.user.id);
    const staged = await stageLeader.post(url('/applications/update'), { ids: [moved.id], status: 'reserve' });
    expect(staged.statusCode, staged.body).toBe(200);
    expect(await membershipOf(t.db, world.eventId, moved.user.id)).toBeUndefined();
  });

  it('moving a member to no group takes the application out of every leader’s reach', async () => {
    const moved = await acceptedIntoBar();
    expect((await admin.post(url(`/users/${moved.eventUserId}`), { groupId: null })).statusCode).toBe(200);
    expect((await statusesOf(t.db, [moved.id]))[moved.id].groupId).toBeNull();
    expect(await listedIds(barLeader)).not.toContain(moved.id);
    expect((await barLeader.post(url('/applications/update'), { ids: [moved.id], status: 'reserve' })).statusCode).toBe(
      403,
    );
  });

  it('a change of role alone leaves the application where it is', async () => {
    const promoted = await acceptedIntoBar();
    expect((await admin.post(url(`/users/${promoted.eventUserId}`), { roleLevel: 1 })).statusCode).toBe(200);
    expect((await statusesOf(t.db, [promoted.id]))[promoted.id].groupId).toBe(world.bar.id);
  });
});

describe(`a group leader's applicants are scoped by the current membership on ${dialect}`, () => {
  /**
   * An application that names Bar while its applicant is a member of Stage (added there directly, as the users
   * table and invitations do, or left behind by a move made before applications followed their members).
   */
  async function staleApplication() {
    const applicant = await createApplicant(t.db, world.eventId, { status: 'pending', groupId: world.bar.id });
    await addMember(t.db, world.eventId, applicant.user.id, 2, world.stage.id);
    return applicant;
  }

  it("Bar's leader neither lists, opens, changes nor mails an applicant who is a member of Stage", async () => {
    const stale = await staleApplication();
    const kept = await createApplicant(t.db, world.eventId, { status: 'pending', groupId: world.bar.id });

    const listed = await listedIds(barLeader, '&status=pending');
    expect(listed).toContain(kept.id);
    expect(listed).not.toContain(stale.id);
    const summary = (await barLeader.get(url('/applications?status=pending'))).json();
    expect(summary.total).toBe(listed.length);

    expect((await barLeader.get(url(`/applications/${stale.id}`))).statusCode).toBe(403);
    expect((await barLeader.get(url(`/applications/${stale.id}/answers`))).statusCode).toBe(404);

    const byIds = await barLeader.post(url('/applications/update'), { ids: [stale.id, kept.id], status: 'staged' });
    expect(byIds.statusCode).toBe(403);
    expect((await statusesOf(t.db, [stale.id, kept.id]))[kept.id].status).toBe('pending');

    const byFilter = await barLeader.post(url('/applications/update'), {
      filter: { status: ['pending'] },
      status: 'staged',
    });
    expect(byFilter.statusCode, byFilter.body).toBe(200);
    const after = await statusesOf(t.db, [stale.id, kept.id]);
    expect(after[kept.id].status).toBe('staged');
    expect(after[stale.id].status).toBe('pending');

    const mailed = await previewIds(barLeader, ['pending', 'staged']);
    expect(mailed).toContain(kept.user.id);
    expect(mailed).not.toContain(stale.user.id);
    const sent = await barLeader.post(url('/send-mail'), {
      receivers: { userIds: [stale.user.id] },
      subject: 'Hello',
      message: 'Hi',
    });
    expect(sent.statusCode).toBe(400);
  });

  it('admins still see and change every application', async () => {
    const stale = await staleApplication();
    expect(await listedIds(admin, '&status=pending')).toContain(stale.id);
    expect((await admin.get(url(`/applications/${stale.id}`))).statusCode).toBe(200);
    expect(await previewIds(admin, ['pending'])).toContain(stale.user.id);
  });
});
