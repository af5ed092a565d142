import type { Answers, ApplicationStatus, WeekSeparationConfig } from '@funkis/shared';
import type { Db } from '../../src/db/types.js';
import { createAccount } from '../../src/modules/account/service.js';
import { applicationsService } from '../../src/modules/applications/service.js';
import { contextOf, type TestApp } from '../helpers/app.js';
import {
  addMember,
  createApplication,
  createEvent,
  createGroup,
  createUser,
  review,
  type TestUser,
} from '../helpers/factories.js';

export const WEEKS: WeekSeparationConfig = {
  formFieldName: 'week',
  filterLabel: 'Festival week',
  columnLabel: 'Week',
  options: [
    { value: 'week-1', label: 'Week 1' },
    { value: 'week-2', label: 'Week 2' },
  ],
};

let unique = 0;

/** A new account that has applied to the event, with a chosen creation time (status and group via the review). */
export async function createApplicant(
  db: Db,
  eventId: number,
  options: {
    firstname?: string;
    lastname?: string;
    email?: string;
    status?: ApplicationStatus;
    groupId?: number | null;
    answers?: Answers;
    createdAt?: string;
    user?: TestUser;
  } = {},
): Promise<{ id: number; user: TestUser }> {
  unique += 1;
  const user =
    options.user ??
    (await createUser(db, {
      firstname: options.firstname ?? 'Applicant',
      lastname: options.lastname ?? `Number${unique}`,
      email: options.email,
    }));
  const id = await createApplication(db, eventId, user.id, {
    status: options.status,
    groupId: options.groupId ?? null,
    answers: options.answers ?? {},
    createdAt: options.createdAt,
  });
  return { id, user };
}

export interface ReviewWorld {
  eventId: number;
  admin: TestUser;
  leader: TestUser;
  volunteer: TestUser;
  outsider: TestUser;
  bar: { id: number; name: string };
  stage: { id: number; name: string };
}

/** An event with week separation, groups Bar and Stage, an admin, a leader and a volunteer of Bar, and an outsider. */
export async function createReviewWorld(t: TestApp): Promise<ReviewWorld> {
  const { db } = t;
  const admin = await createUser(db, { firstname: 'Ada', lastname: 'Admin' });
  const event = await createEvent(db, { adminId: admin.id, weeks: WEEKS });
  const bar = await createGroup(db, event.id, 'Bar');
  const stage = await createGroup(db, event.id, 'Stage');
  const leader = await createUser(db, { firstname: 'Leo', lastname: 'Leader' });
  await addMember(db, event.id, leader.id, 1, bar.id);
  const volunteer = await createUser(db, { firstname: 'Vera', lastname: 'Volunteer' });
  await addMember(db, event.id, volunteer.id, 2, bar.id);
  const outsider = await createUser(db, { firstname: 'Otto', lastname: 'Outsider' });
  return { eventId: event.id, admin, leader, volunteer, outsider, bar, stage };
}

/** Many applications at once (multi-row imports), all with the same status and group, answering week 1. */
export async function createManyApplications(
  db: Db,
  eventId: number,
  count: number,
  options: { status?: ApplicationStatus; groupId?: number | null } = {},
): Promise<number[]> {
  unique += 1;
  const passwordHash = 'not-a-login';
  const userIds: number[] = [];
  for (let index = 0; index < count; index++) {
    const user = await createAccount(db, {
      email: `bulk${unique}-${index}@example.test`,
      firstname: 'Bulk',
      lastname: `Person${index}`,
      passwordHash,
    });
    userIds.push(user.id);
  }
  const ids = await applicationsService(contextOf(db)).importApplications(
    eventId,
    userIds.map((userId) => ({ userId, answers: { week: 'week-1' } })),
  );
  await review(db, eventId, ids, options);
  return ids;
}

export const membershipOf = (db: Db, eventId: number, userId: number) =>
  db
    .selectFrom('event_users')
    .select(['id', 'role_level', 'group_id', 'via_application'])
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

export const statusesOf = async (db: Db, ids: number[]) =>
  Object.fromEntries(
    (await db.selectFrom('applications').select(['id', 'status', 'group_id']).where('id', 'in', ids).execute()).map(
      (row) => [row.id, { status: row.status, groupId: row.group_id }],
    ),
  );
