import type { Db } from '../db/types.js';
import { nowIso } from './time.js';

export interface AuditEntry {
  eventId: number | null;
  actorId: number | null;
  /** What happened, dotted: `member.role_changed`, `application.status_changed`, `event.settings_changed`. */
  action: string;
  /** What it happened to: `event_user:12`, `application:7`, `event:3`. */
  subject: string;
  details?: Record<string, unknown>;
  /** The summary entry of the bulk change this entry is one row of (writeAuditSummary); the log lists the summary. */
  partOf?: number;
}

/** How many ids a summary entry keeps: enough to trace a bulk change, bounded so one entry stays small. */
export const AUDIT_SUMMARY_IDS = 1000;

/**
 * The one listed entry of a bulk change (docs/decisions/025): returns its id, which the change's per-row entries
 * name as `partOf`. `details` should say `count` (the rows changed) and the first AUDIT_SUMMARY_IDS `ids`.
 */
export async function writeAuditSummary(db: Db, entry: Omit<AuditEntry, 'partOf'>): Promise<number> {
  const row = await db
    .insertInto('audit_log')
    .values({
      event_id: entry.eventId,
      actor_id: entry.actorId,
      action: entry.action,
      subject: entry.subject,
      details: JSON.stringify(entry.details ?? {}),
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Appends to the audit log; pass the transaction so the record and the change land together. */
export async function writeAudit(db: Db, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  const createdAt = nowIso();
  // Chunked so one bulk change of tens of thousands of rows stays within the drivers' parameter limits.
  for (let start = 0; start < list.length; start += 500) {
    await db
      .insertInto('audit_log')
      .values(
        list.slice(start, start + 500).map((entry) => ({
          event_id: entry.eventId,
          actor_id: entry.actorId,
          action: entry.action,
          subject: entry.subject,
          details: JSON.stringify(entry.details ?? {}),
          created_at: createdAt,
          part_of: entry.partOf ?? null,
        })),
      )
      .execute();
  }
}

// The audit log has no foreign keys (migration 0017, docs/decisions/018): appending an entry checks nothing, and
// what ON DELETE did is done by the statements that delete an event or an account, in their transaction.

/** An event's own log goes with it: called right after the events are deleted (their rows cascade first). */
export async function deleteAuditOfEvents(db: Db, eventIds: readonly number[]): Promise<void> {
  if (eventIds.length === 0) return;
  await db
    .deleteFrom('audit_log')
    .where('event_id', 'in', [...eventIds])
    .execute();
}

/** A removed account's entries keep no actor (as ON DELETE SET NULL did): called before the user is deleted. */
export async function forgetAuditActor(db: Db, userId: number): Promise<void> {
  await db.updateTable('audit_log').set({ actor_id: null }).where('actor_id', '=', userId).execute();
}
