import { describe, expect, it } from 'vitest';
import { canOrganiseShift, canPlaceMember, canSelfSignUp, isOrganiser } from '../src/policies.js';

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
});
