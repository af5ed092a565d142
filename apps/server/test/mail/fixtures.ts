import type { Db } from '../../src/db/types.js';
import {
  addMember,
  createApplication,
  createEvent,
  createGroup,
  createUser,
  type TestUser,
} from '../helpers/factories.js';

/**
 * An event with everyone the receiver filters tell apart: an admin, a leader of group A, volunteers in A and
 * B and without a group, and applicants of both groups in different statuses (the accepted one a member by it).
 */
export async function createMailEvent(db: Db) {
  const person = (firstname: string) => createUser(db, { firstname, lastname: 'Tester' });
  const admin = await person('Admin');
  const event = await createEvent(db, { adminId: admin.id });
  const groupA = await createGroup(db, event.id, 'Bar');
  const groupB = await createGroup(db, event.id, 'Stage');
  const leader = await person('Leader');
  await addMember(db, event.id, leader.id, 1, groupA.id);
  // Accepting her application (the review's way) makes her a volunteer of group A.
  const volunteerA = await person('Vera');
  const volunteerB = await person('Bo');
  await addMember(db, event.id, volunteerB.id, 2, groupB.id);
  const loner = await person('Lone');
  await addMember(db, event.id, loner.id, 2, null);
  await createApplication(db, event.id, volunteerA.id, { status: 'accepted', groupId: groupA.id });
  const pendingA = await person('Petra');
  await createApplication(db, event.id, pendingA.id, { status: 'pending', groupId: groupA.id });
  const rejectedB = await person('Rolf');
  await createApplication(db, event.id, rejectedB.id, { status: 'rejected', groupId: groupB.id });
  const outsider = await person('Otto');
  return { event, groupA, groupB, admin, leader, volunteerA, volunteerB, loner, pendingA, rejectedB, outsider };
}

export type MailEvent = Awaited<ReturnType<typeof createMailEvent>>;

export const idsOf = (users: TestUser[]) => users.map((user) => user.id).sort((a, b) => a - b);
