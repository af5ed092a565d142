import crypto from 'node:crypto';
import type { RoleLevel } from '@funkis/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/types.js';
import { TestClient, type TestResponse } from '../helpers/client.js';
import { addMember, createEvent, createGroup, createUser, loginAs, type TestUser } from '../helpers/factories.js';

/** A 1×1 transparent PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart/form-data body with one file field, as a browser's FormData would send it. */
export function multipartFile(content: Buffer, type = 'image/png', filename = 'avatar.png', field = 'file') {
  const boundary = `----funkis${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function uploadAvatar(
  client: TestClient,
  eventId: number,
  content = PNG,
  type = 'image/png',
): Promise<TestResponse> {
  const { payload, headers } = multipartFile(content, type);
  return client.request('POST', `/api/event/${eventId}/avatar`, undefined, { payload, headers });
}

export interface Cast {
  eventId: number;
  groupA: { id: number; name: string };
  groupB: { id: number; name: string };
  users: Record<'admin' | 'leaderA' | 'leaderB' | 'volunteer' | 'nonMember', TestUser>;
  eventUserIds: Record<'admin' | 'leaderA' | 'leaderB' | 'volunteer', number>;
  /** The last audit id of the setup: `auditOf(db, eventId, cast.auditMark)` shows only what the test did. */
  auditMark: number;
  clients: Record<'admin' | 'leaderA' | 'leaderB' | 'volunteer' | 'nonMember' | 'anonymous', TestClient>;
}

export const ROLES = ['admin', 'leaderA', 'leaderB', 'volunteer', 'nonMember', 'anonymous'] as const;
export type Role = (typeof ROLES)[number];

/** One event with two groups and one person in every position a request can come from. */
export async function createCast(
  app: FastifyInstance,
  db: Db,
  options: { applicationsOpen?: boolean; name?: string } = {},
): Promise<Cast> {
  const admin = await createUser(db, { firstname: 'Ada', lastname: 'Admin' });
  const event = await createEvent(db, {
    adminId: admin.id,
    applicationsOpen: options.applicationsOpen ?? false,
    name: options.name,
  });
  const groupA = await createGroup(db, event.id, 'Group A');
  const groupB = await createGroup(db, event.id, 'Group B');
  const leaderA = await createUser(db, { firstname: 'Lea', lastname: 'Alpha' });
  const leaderB = await createUser(db, { firstname: 'Leo', lastname: 'Beta' });
  const volunteer = await createUser(db, { firstname: 'Vera', lastname: 'Volunteer' });
  const nonMember = await createUser(db, { firstname: 'Nina', lastname: 'Outsider' });
  const adminMembership = await db
    .selectFrom('event_users')
    .select('id')
    .where('event_id', '=', event.id)
    .where('user_id', '=', admin.id)
    .executeTakeFirstOrThrow();
  const eventUserIds = {
    admin: adminMembership.id,
    leaderA: await addMember(db, event.id, leaderA.id, 1, groupA.id),
    leaderB: await addMember(db, event.id, leaderB.id, 1, groupB.id),
    volunteer: await addMember(db, event.id, volunteer.id, 2, groupA.id),
  };
  const mark = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return {
    auditMark: Number(mark?.id ?? 0),
    eventId: event.id,
    groupA,
    groupB,
    users: { admin, leaderA, leaderB, volunteer, nonMember },
    eventUserIds,
    clients: {
      admin: await loginAs(app, admin),
      leaderA: await loginAs(app, leaderA),
      leaderB: await loginAs(app, leaderB),
      volunteer: await loginAs(app, volunteer),
      nonMember: await loginAs(app, nonMember),
      anonymous: new TestClient(app),
    },
  };
}

/** A fresh member of the event, for routes that change or remove one. */
export async function addFreshMember(db: Db, eventId: number, roleLevel: RoleLevel = 2, groupId: number | null = null) {
  const user = await createUser(db, { firstname: 'Fresh', lastname: 'Member' });
  const eventUserId = await addMember(db, eventId, user.id, roleLevel, groupId);
  return { user, eventUserId };
}

/** The event's audit entries, oldest first; with `after`, only those written after that id (a cast's setup mark). */
export async function auditOf(db: Db, eventId: number, after = 0) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '>', after)
    .orderBy('id')
    .execute();
}
