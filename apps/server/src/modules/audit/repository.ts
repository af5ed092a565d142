import type { AuditEntryView } from '@funkis/shared';
import type { Db } from '../../db/types.js';

/** Reading the audit log (lib/audit.ts is its one writer, called inside each change's transaction). */
export function auditRepository(db: Db) {
  return {
    async listEvent(eventId: number, page: number, pageSize: number) {
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
          .orderBy('audit_log.created_at', 'desc')
          .orderBy('audit_log.id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('event_id', '=', eventId)
          .executeTakeFirstOrThrow(),
      ]);
      const entries: AuditEntryView[] = rows.map((row) => ({
        id: row.id,
        action: row.action,
        subject: row.subject,
        details: JSON.parse(row.details) as Record<string, unknown>,
        actor:
          row.actor_id !== null && row.firstname !== null && row.lastname !== null
            ? { id: row.actor_id, firstname: row.firstname, lastname: row.lastname }
            : null,
        createdAt: row.created_at,
      }));
      return { entries, total: Number(count.n) };
    },
  };
}
