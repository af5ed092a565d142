import type { Answers, ApplicationStatus, WeekSeparationConfig } from '@funkis/shared';
import { weekOfAnswers } from '@funkis/shared';
import type { Db } from '../../src/db/types.js';
import { nowIso } from '../../src/lib/time.js';
import type { TestApp } from '../helpers/app.js';
import {
  addMember,
  createApplication,
  createEvent,
  createGroup,
  createUser,
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

/** search_text as the apply endpoint keeps it: lower-cased name, e-mail and answers. */
export function searchTextOf(user: Pick<TestUser, 'firstname' | 'lastname' | 'email'>, answers: Answers): string {
  const values = Object.values(answers)
    .flat()
    .filter((value) => value !== null)
    .map(String);
  return [user.firstname, user.lastname, user.email, ...values].join(' ').toLowerCase();
}

/** A new account that has applied to the event, with a searchable text and a chosen creation time. */
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
  const answers = options.answers ?? {};
  const id = await createApplication(db, eventId, user.id, {
    status: options.status,
    groupId: options.groupId ?? null,
    answers,
    weeks: WEEKS,
  });
  const createdAt = options.createdAt ?? nowIso();
  await db
    .updateTable('applications')
    .set({ search_text: searchTextOf(user, answers), created_at: createdAt, updated_at: createdAt })
    .where('id', '=', id)
    .execute();
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

/** Many applications at once (fast multi-row inserts), all with the same status and group. */
export async function createManyApplications(
  db: Db,
  eventId: number,
  count: number,
  options: { status?: ApplicationStatus; groupId?: number | null } = {},
): Promise<number[]> {
  unique += 1;
  const now = nowIso();
  const ids: number[] = [];
  for (let start = 0; start < count; start += 400) {
    const size = Math.min(400, count - start);
    const users = await db
      .insertInto('users')
      .values(
        Array.from({ length: size }, (_, index) => ({
          email: `bulk${unique}-${start + index}@example.test`,
          firstname: 'Bulk',
          lastname: `Person${start + index}`,
          password_hash: 'not-a-login',
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    const answers = { week: 'week-1' };
    const rows = await db
      .insertInto('applications')
      .values(
        users.map((user) => ({
          event_id: eventId,
          user_id: user.id,
          answers: JSON.stringify(answers),
          answer_labels: '{}',
          status: options.status ?? 'pending',
          group_id: options.groupId ?? null,
          week: weekOfAnswers(answers, WEEKS),
          search_text: `bulk person ${user.id}`,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
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
