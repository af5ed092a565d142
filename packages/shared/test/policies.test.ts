import { describe, expect, it } from 'vitest';
import {
  callerOf,
  canMailGroup,
  canManageFiles,
  canOrganiseShift,
  canPlaceMember,
  canPostToGroup,
  canReadMail,
  canRemovePost,
  canReviewApplication,
  canSeeFile,
  canSelfSignUp,
  isOrganiser,
  reviewedGroup,
} from '../src/policies.js';

const admin = { roleLevel: 0, groupId: null };
const barLeader = { roleLevel: 1, groupId: 3 };
const leaderWithoutGroup = { roleLevel: 1, groupId: null };
const barVolunteer = { roleLevel: 2, groupId: 3 };
const stageVolunteer = { roleLevel: 2, groupId: 4 };

describe('who may do what', () => {
  it("organises a shift: admins every one, a leader only their own group's (not one without a group)", () => {
    expect(canOrganiseShift(admin, null)).toBe(true);
    expect(canOrganiseShift(admin, 4)).toBe(true);
    expect(canOrganiseShift(barLeader, 3)).toBe(true);
    expect(canOrganiseShift(barLeader, 4)).toBe(false);
    expect(canOrganiseShift(barLeader, null)).toBe(false);
    expect(canOrganiseShift(leaderWithoutGroup, null)).toBe(false);
    expect(canOrganiseShift(barVolunteer, 3)).toBe(false);
  });

  it("places a member: admins anyone, a leader their own group's members only", () => {
    expect(canPlaceMember(admin, null)).toBe(true);
    expect(canPlaceMember(barLeader, 3)).toBe(true);
    expect(canPlaceMember(barLeader, 4)).toBe(false);
    expect(canPlaceMember(barLeader, null)).toBe(false);
    expect(canPlaceMember(leaderWithoutGroup, null)).toBe(false);
  });

  it('signs up by oneself: a volunteer whose group is open to self sign-up, nobody else', () => {
    expect(canSelfSignUp(barVolunteer, [3])).toBe(true);
    expect(canSelfSignUp(stageVolunteer, [3])).toBe(false);
    expect(canSelfSignUp({ roleLevel: 2, groupId: null }, [3])).toBe(false);
    expect(canSelfSignUp(barLeader, [3])).toBe(false);
    expect(canSelfSignUp(admin, [3])).toBe(false);
  });

  it('organisers are admins and group leaders', () => {
    expect([admin, barLeader, barVolunteer].map(isOrganiser)).toEqual([true, true, false]);
  });

  it("reviews applications: admins every group's, a leader only their own group's, nobody else", () => {
    expect([admin, barLeader, leaderWithoutGroup, barVolunteer].map(reviewedGroup)).toEqual(['all', 3, null, null]);
    expect(canReviewApplication(admin, null)).toBe(true);
    expect(canReviewApplication(barLeader, 3)).toBe(true);
    expect(canReviewApplication(barLeader, 4)).toBe(false);
    expect(canReviewApplication(barLeader, null)).toBe(false);
    expect(canReviewApplication(leaderWithoutGroup, null)).toBe(false);
    expect(canReviewApplication(barVolunteer, 3)).toBe(false);
  });

  it('e-mails a group: admins any, a leader their own; reads a sent e-mail: admins any, a leader their own', () => {
    expect(canMailGroup(admin, 4)).toBe(true);
    expect(canMailGroup(barLeader, 3)).toBe(true);
    expect(canMailGroup(barLeader, 4)).toBe(false);
    expect(canMailGroup(barVolunteer, 3)).toBe(false);
    expect(canReadMail(admin, false)).toBe(true);
    expect(canReadMail(barLeader, true)).toBe(true);
    expect(canReadMail(barLeader, false)).toBe(false);
    expect(canReadMail(barVolunteer, true)).toBe(false);
  });

  it('posts to a group: admins any, others their own; removes a post: its author or an admin', () => {
    expect(canPostToGroup(admin, 4)).toBe(true);
    expect(canPostToGroup(barLeader, 3)).toBe(true);
    expect(canPostToGroup(barLeader, 4)).toBe(false);
    expect(canPostToGroup(leaderWithoutGroup, 3)).toBe(false);
    expect(canRemovePost(admin, false)).toBe(true);
    expect(canRemovePost(barVolunteer, true)).toBe(true);
    expect(canRemovePost(barLeader, false)).toBe(false);
  });

  it('sees a file: members whose role it is shared with; manages files and sees the storage use: admins', () => {
    expect(canSeeFile(barVolunteer, [0, 2])).toBe(true);
    expect(canSeeFile(barLeader, [0, 2])).toBe(false);
    expect(canSeeFile(admin, [0])).toBe(true);
    expect(canManageFiles(admin)).toBe(true);
    expect(canManageFiles(barLeader)).toBe(false);
    expect(canManageFiles(barVolunteer)).toBe(false);
  });

  it("reads the caller from the event's detail", () => {
    const eventUser = { role: { eventRole: { roleLevel: 1 as const }, eventGroup: { id: 3, name: 'Bar' } } };
    expect(callerOf(eventUser)).toEqual(barLeader);
    expect(callerOf({ role: { eventRole: { roleLevel: 0 }, eventGroup: null } })).toEqual(admin);
  });
});
