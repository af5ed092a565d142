import type { Answers, ApplicationStatus, FormField, RoleLevel, WeekSeparationConfig } from '@funkis/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/types.js';
import { hashPassword } from '../../src/lib/passwords.js';
import { createAccount } from '../../src/modules/account/service.js';
import { applicationsService } from '../../src/modules/applications/service.js';
import { eventsService } from '../../src/modules/events/service.js';
import { formsService } from '../../src/modules/forms/service.js';
import { groupsService } from '../../src/modules/groups/service.js';
import { membershipsService } from '../../src/modules/memberships/service.js';
import { contextOf } from './app.js';
import { TestClient } from './client.js';

/**
 * Test data is made through the modules' services, as the app makes it: nothing here writes a table, so every
 * computed column (search text, week, memberships of accepted applicants, audit) is the production code's own.
 */

export const TEST_PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | null = null;
let sequence = 0;

export interface TestUser {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  password: string;
}

/**
 * An account made as the operator makes one (the demo seed's way): its address counts as confirmed unless
 * `emailConfirmed: false`, which gives what registering gives (without its mail).
 */
export async function createUser(
  db: Db,
  overrides: Partial<Omit<TestUser, 'id'>> & { emailConfirmed?: boolean } = {},
): Promise<TestUser> {
  sequence += 1;
  const password = overrides.password ?? TEST_PASSWORD;
  if (!passwordHash) passwordHash = hashPassword(TEST_PASSWORD);
  const hash = overrides.password ? await hashPassword(password) : await passwordHash;
  const user = await createAccount(db, {
    email: overrides.email ?? `user${sequence}-${Date.now().toString(36)}@example.test`,
    firstname: overrides.firstname ?? 'Test',
    lastname: overrides.lastname ?? 'User',
    passwordHash: hash,
    emailConfirmed: overrides.emailConfirmed ?? true,
  });
  return { id: user.id, email: user.email, firstname: user.firstname, lastname: user.lastname, password };
}

export async function loginAs(app: FastifyInstance, user: TestUser): Promise<TestClient> {
  const client = new TestClient(app);
  await client.login(user.email, user.password);
  return client;
}

export interface TestEvent {
  id: number;
  name: string;
  /** The admin who created it (`adminId`, or an "Event Owner" made for the purpose). */
  creatorId: number;
}

/** The form question week separation reads, when the test gives a config but no form with that question. */
const weekQuestion = (weeks: WeekSeparationConfig): FormField => ({
  name: weeks.formFieldName,
  type: 'radio',
  label: weeks.columnLabel,
  required: false,
  options: weeks.options,
});

export async function createEvent(
  db: Db,
  options: {
    adminId?: number;
    name?: string;
    applicationsOpen?: boolean;
    weeks?: WeekSeparationConfig | null;
    fields?: FormField[];
  } = {},
): Promise<TestEvent> {
  sequence += 1;
  const name = options.name ?? `Event ${sequence}`;
  const creatorId = options.adminId ?? (await createUser(db, { firstname: 'Event', lastname: 'Owner' })).id;
  const events = eventsService(contextOf(db));
  const event = await events.createEvent(creatorId, { name });
  const fields = [...(options.fields ?? [])];
  if (options.weeks && !fields.some((field) => field.name === options.weeks?.formFieldName)) {
    fields.push(weekQuestion(options.weeks));
  }
  if (fields.length > 0) await formsService(contextOf(db)).importForm(event.id, creatorId, fields);
  if (options.weeks) {
    await events.updateSettings(event.id, creatorId, { useWeekSeparation: true, weekSeparationConfig: options.weeks });
  }
  if (options.applicationsOpen !== false) await events.setApplicationsOpen(event.id, creatorId, true);
  return { id: event.id, name, creatorId };
}

export async function createGroup(
  db: Db,
  eventId: number,
  name = `Group ${++sequence}`,
): Promise<{ id: number; name: string }> {
  const group = await groupsService(contextOf(db)).create(eventId, null, { name });
  return { id: group.id, name: group.name };
}

/** A member added by an admin (the users table's way in). Answers the membership's id. */
export async function addMember(
  db: Db,
  eventId: number,
  userId: number,
  roleLevel: RoleLevel,
  groupId: number | null = null,
): Promise<number> {
  return (await membershipsService(contextOf(db)).addUser(eventId, null, { userId, roleLevel, groupId })).id;
}

/**
 * The users table's way in, through the API as people do it: the admin invites the address, the person logs in
 * and accepts. Answers the person's client (logged in).
 */
export async function inviteAndAccept(
  app: FastifyInstance,
  admin: TestClient,
  eventId: number,
  user: TestUser,
  roleLevel: RoleLevel,
  groupId: number | null = null,
): Promise<TestClient> {
  const invited = await admin.post(`/api/event/${eventId}/users`, { email: user.email, roleLevel, groupId });
  if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.statusCode} ${invited.body}`);
  const client = await loginAs(app, user);
  const accepted = await client.post(`/api/invitations/${invited.json().invitation.id}/accept`);
  if (accepted.statusCode !== 200) throw new Error(`accepting failed: ${accepted.statusCode} ${accepted.body}`);
  return client;
}

/**
 * An application as if sent and then reviewed: imported with its answers (week and search text computed by
 * the applications module), then given its status and group by the review's bulk update, which makes an
 * accepted applicant a member as the app does. `createdAt` fixes the sending time.
 */
export async function createApplication(
  db: Db,
  eventId: number,
  userId: number,
  options: {
    status?: ApplicationStatus;
    groupId?: number | null;
    answers?: Answers;
    createdAt?: string;
  } = {},
): Promise<number> {
  const applications = applicationsService(contextOf(db));
  const id = await applications.importApplication(eventId, userId, options.answers ?? {}, {
    createdAt: options.createdAt,
  });
  await review(db, eventId, [id], options);
  return id;
}

/** Sets status and/or group of applications through the review's bulk update, as the system. */
export async function review(
  db: Db,
  eventId: number,
  ids: number[],
  change: { status?: ApplicationStatus; groupId?: number | null },
): Promise<void> {
  const status = change.status && change.status !== 'pending' ? change.status : undefined;
  const groupId = change.groupId === undefined || change.groupId === null ? undefined : change.groupId;
  if (status === undefined && groupId === undefined) return;
  await applicationsService(contextOf(db)).bulkUpdate(
    { userId: null, eventId, roleLevel: 0, groupId: null },
    { ids, status, groupId },
  );
}
