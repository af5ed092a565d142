/** Reading the audit log (lib/audit.ts is its one writer, called inside each change's transaction). */

import type { AuditEntryView, AuditTarget } from '@funkis/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/types.js';
import { parseJsonObject } from '../../lib/json.js';

const SUBJECT = /^([a-z_]+):(\d+)$/;

/** A member's or applicant's name as the screens write it. */
const fullName = sql.raw(`u.firstname || ' ' || u.lastname`);

/**
 * How each kind of subject is named, always within the event (`$event`): the log is the event's, and a name from
 * another event must not show even if an entry named it. A kind missing here is listed without a name.
 */
const RESOLVERS: Record<string, (eventId: number, ids: RawBuilder<unknown>) => RawBuilder<unknown>> = {
  application: (e, ids) =>
    sql`select 'application' as kind, a.id, ${fullName} as name, null as starts_at
      from applications a join users u on u.id = a.user_id where a.event_id = ${e} and a.id in (${ids})`,
  event_user: (e, ids) =>
    sql`select 'event_user' as kind, m.id, ${fullName} as name, null as starts_at
      from event_users m join users u on u.id = m.user_id where m.event_id = ${e} and m.id in (${ids})`,
  user: (e, ids) =>
    sql`select 'user' as kind, u.id, ${fullName} as name, null as starts_at
      from users u join event_users m on m.user_id = u.id where m.event_id = ${e} and u.id in (${ids})`,
  shift: (e, ids) =>
    sql`select 'shift' as kind, id, title as name, starts_at from shifts where event_id = ${e} and id in (${ids})`,
  group: (e, ids) =>
    sql`select 'group' as kind, id, name, null as starts_at from event_groups where event_id = ${e} and id in (${ids})`,
  file: (e, ids) =>
    sql`select 'file' as kind, id, name, null as starts_at from files where event_id = ${e} and id in (${ids})`,
  mail: (e, ids) =>
    sql`select 'mail' as kind, id, subject as name, null as starts_at from mails where event_id = ${e} and id in (${ids})`,
  mail_label: (e, ids) =>
    sql`select 'mail_label' as kind, id, name, null as starts_at from mail_labels
      where event_id = ${e} and id in (${ids})`,
  invitation: (e, ids) =>
    sql`select 'invitation' as kind, id, email as name, null as starts_at from invitations
      where event_id = ${e} and id in (${ids})`,
  event_link: (e, ids) =>
    sql`select 'event_link' as kind, id, title as name, null as starts_at from event_links
      where event_id = ${e} and id in (${ids})`,
  post: (e, ids) =>
    sql`select 'post' as kind, id, null as name, null as starts_at from posts where event_id = ${e} and id in (${ids})`,
  comment: (e, ids) =>
    sql`select 'comment' as kind, id, null as name, null as starts_at from comments
      where event_id = ${e} and id in (${ids})`,
  event: (e, ids) =>
    sql`select 'event' as kind, id, name, null as starts_at from events where id = ${e} and id in (${ids})`,
  // Not a subject: the member an entry names in its details (`eventUserId`), e.g. who was signed up.
  person: (e, ids) =>
    sql`select 'person' as kind, m.id, ${fullName} as name, null as starts_at
      from event_users m join users u on u.id = m.user_id where m.event_id = ${e} and m.id in (${ids})`,
};

interface Resolved {
  kind: string;
  id: number | string;
  name: string | null;
  starts_at: string | null;
}

/** Every subject and person of a page named in one statement (a UNION ALL of one select per kind present). */
async function resolve(db: Db, eventId: number, wanted: Map<string, Set<number>>): Promise<Map<string, Resolved>> {
  const branches: RawBuilder<unknown>[] = [];
  for (const [kind, ids] of wanted) {
    const resolver = RESOLVERS[kind];
    if (resolver && ids.size > 0) branches.push(resolver(eventId, sql.join([...ids])));
  }
  const found = new Map<string, Resolved>();
  if (branches.length === 0) return found;
  const { rows } = await sql<Resolved>`${sql.join(branches, sql` union all `)}`.execute(db);
  for (const row of rows) found.set(`${row.kind}:${Number(row.id)}`, row);
  return found;
}

/** The entries a reader sees, newest first: a bulk change's per-row entries are listed as its one summary. */
export async function listEvent(db: Db, eventId: number, page: number, pageSize: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('audit_log')
      .leftJoin('users', 'users.id', 'audit_log.actor_id')
      .select([
        'audit_log.id',
        'audit_log.action',
        'audit_log.subject',
        'audit_log.details',
        'audit_log.created_at',
        'audit_log.actor_id',
        'users.firstname',
        'users.lastname',
      ])
      .where('audit_log.event_id', '=', eventId)
      .where('audit_log.part_of', 'is', null)
      .orderBy('audit_log.created_at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event_id', '=', eventId)
      .where('part_of', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);

  const parsed = rows.map((row) => {
    const details = parseJsonObject<Record<string, unknown>>(row.details, {});
    const match = SUBJECT.exec(row.subject);
    const subject = match ? { kind: match[1], id: Number(match[2]) } : null;
    const personId = typeof details.eventUserId === 'number' ? details.eventUserId : null;
    return { row, details, subject, personId };
  });
  const wanted = new Map<string, Set<number>>();
  const want = (kind: string, id: number) => {
    const ids = wanted.get(kind) ?? new Set<number>();
    ids.add(id);
    wanted.set(kind, ids);
  };
  for (const { subject, personId } of parsed) {
    if (subject) want(subject.kind, subject.id);
    if (personId !== null) want('person', personId);
  }
  const resolved = await resolve(db, eventId, wanted);

  const entries: AuditEntryView[] = parsed.map(({ row, details, subject, personId }) => {
    const found = subject ? resolved.get(`${subject.kind}:${subject.id}`) : undefined;
    const target: AuditTarget | null = subject
      ? {
          kind: subject.kind,
          id: subject.id,
          name: found?.name ?? null,
          exists: found !== undefined,
          startsAt: found?.starts_at ?? null,
        }
      : null;
    return {
      id: row.id,
      action: row.action,
      subject: row.subject,
      details,
      actor:
        row.actor_id !== null && row.firstname !== null && row.lastname !== null
          ? { id: row.actor_id, firstname: row.firstname, lastname: row.lastname }
          : null,
      createdAt: row.created_at,
      target,
      person:
        personId !== null ? { eventUserId: personId, name: resolved.get(`person:${personId}`)?.name ?? null } : null,
      count: typeof details.count === 'number' ? details.count : null,
    };
  });
  return { entries, total: Number(count.n) };
}
