import type { Answers, ApplicationStatus, FormField, RoleLevel, WeekSeparationConfig } from '@funkis/shared';
import { weekOfAnswers } from '@funkis/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/types.js';
import { hashPassword } from '../../src/lib/passwords.js';
import { nowIso } from '../../src/lib/time.js';
import { TestClient } from './client.js';

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

export async function createUser(db: Db, overrides: Partial<Omit<TestUser, 'id'>> = {}): Promise<TestUser> {
  sequence += 1;
  const password = overrides.password ?? TEST_PASSWORD;
  if (!passwordHash) passwordHash = hashPassword(TEST_PASSWORD);
  const hash = overrides.password ? await hashPassword(password) : await passwordHash;
  const values = {
    email: (overrides.email ?? `user${sequence}-${Date.now().toString(36)}@example.test`).toLowerCase(),
    firstname: overrides.firstname ?? 'Test',
    lastname: overrides.lastname ?? `User`,
  };
  const now = nowIso();
  const row = await db
    .insertInto('users')
    .values({ ...values, password_hash: hash, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, ...values, password };
}

export async function loginAs(app: FastifyInstance, user: TestUser): Promise<TestClient> {
  const client = new TestClient(app);
  await client.login(user.email, user.password);
  return client;
}

export interface TestEvent {
  id: number;
  name: string;
}

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
  const now = nowIso();
  const name = options.name ?? `Event ${sequence}`;
  const row = await db
    .insertInto('events')
    .values({
      name,
      description: '',
      status: 'ongoing',
      applications_open: options.applicationsOpen === false ? 0 : 1,
      use_week_separation: options.weeks ? 1 : 0,
      week_separation_config: options.weeks ? JSON.stringify(options.weeks) : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('event_forms')
    .values({ event_id: row.id, fields: JSON.stringify(options.fields ?? []), updated_at: now })
    .execute();
  if (options.adminId) await addMember(db, row.id, options.adminId, 0);
  return { id: row.id, name };
}

export async function createGroup(
  db: Db,
  eventId: number,
  name = `Group ${++sequence}`,
): Promise<{ id: number; name: string }> {
  const row = await db
    .insertInto('event_groups')
    .values({ event_id: eventId, name, description: '', created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name };
}

export async function addMember(
  db: Db,
  eventId: number,
  userId: number,
  roleLevel: RoleLevel,
  groupId: number | null = null,
  viaApplication = false,
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('event_users')
    .values({
      event_id: eventId,
      user_id: userId,
      role_level: roleLevel,
      group_id: groupId,
      via_application: viaApplication ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createApplication(
  db: Db,
  eventId: number,
  userId: number,
  options: {
    status?: ApplicationStatus;
    groupId?: number | null;
    answers?: Answers;
    weeks?: WeekSeparationConfig | null;
  } = {},
): Promise<number> {
  const now = nowIso();
  const answers = options.answers ?? {};
  const row = await db
    .insertInto('applications')
    .values({
      event_id: eventId,
      user_id: userId,
      answers: JSON.stringify(answers),
      answer_labels: '{}',
      status: options.status ?? 'pending',
      group_id: options.groupId ?? null,
      week: weekOfAnswers(answers, options.weeks ?? null),
      search_text: JSON.stringify(answers).toLowerCase(),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
