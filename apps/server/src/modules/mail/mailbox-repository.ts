/** The mailbox: the folders' lists and counts, an e-mail with its receivers and attachments, reads, labels. */

import type { MailReceiverState, MailStateCounts } from '@funkis/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/types.js';
import { foldedLower } from '../../lib/search.js';
import { nowIso } from '../../lib/time.js';
import { chunked } from '../../lib/transaction.js';

const emptyCounts = (): MailStateCounts => ({ queued: 0, sending: 0, sent: 0, failed: 0 });
export async function attachmentsOf(db: Db, mailId: number) {
  return db
    .selectFrom('mail_attachments')
    .select(['file_id', 'name'])
    .where('mail_id', '=', mailId)
    .orderBy('position')
    .execute();
}

/** The user has opened the e-mail (once is enough; later openings change nothing). */
export async function markRead(db: Db, mailId: number, userId: number): Promise<void> {
  await db
    .insertInto('mail_reads')
    .values({ mail_id: mailId, user_id: userId, read_at: nowIso() })
    .onConflict((oc) => oc.columns(['mail_id', 'user_id']).doNothing())
    .execute();
}

/** Which of the e-mails the user has opened. */
export async function readIds(db: Db, userId: number, mailIds: number[]): Promise<Set<number>> {
  const read = new Set<number>();
  for (const chunk of chunked(mailIds)) {
    const rows = await db
      .selectFrom('mail_reads')
      .select('mail_id')
      .where('user_id', '=', userId)
      .where('mail_id', 'in', chunk)
      .execute();
    for (const row of rows) read.add(row.mail_id);
  }
  return read;
}

/**
 * The event's e-mails, newest first; a leader (senderId given) sees the ones they sent. The stored preview, not
 * the message: a folder view reads no message body.
 */
export async function listMails(db: Db, eventId: number, options: { senderId: number | null; labelId: number | null }) {
  const rows = await db
    .selectFrom('mails as m')
    .select([
      'm.id',
      'm.sender_id',
      'm.sender_name',
      'm.sender_email',
      'm.subject',
      'm.preview',
      'm.receiver_filter',
      'm.created_at',
    ])
    .where('m.event_id', '=', eventId)
    .$if(options.senderId !== null, (q) => q.where('m.sender_id', '=', options.senderId as number))
    .$if(options.labelId !== null, (q) =>
      q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('mail_label_links as l')
            .select('l.mail_id')
            .whereRef('l.mail_id', '=', 'm.id')
            .where('l.label_id', '=', options.labelId as number),
        ),
      ),
    )
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(1000)
    .execute();
  return rows;
}

export async function findMail(db: Db, eventId: number, mailId: number) {
  return db
    .selectFrom('mails')
    .select([
      'id',
      'sender_id',
      'sender_name',
      'sender_email',
      'subject',
      'message',
      'format',
      'receiver_filter',
      'created_at',
    ])
    .where('event_id', '=', eventId)
    .where('id', '=', mailId)
    .executeTakeFirst();
}

export async function receiversOf(db: Db, mailId: number) {
  return db
    .selectFrom('mail_receivers')
    .select(['user_id', 'email', 'name', 'state', 'attempts', 'last_error', 'reason'])
    .where('mail_id', '=', mailId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Receivers per state for each e-mail. */
export async function stateCounts(db: Db, mailIds: number[]): Promise<Map<number, MailStateCounts>> {
  const counts = new Map<number, MailStateCounts>();
  for (const id of mailIds) counts.set(id, emptyCounts());
  for (const chunk of chunked(mailIds)) {
    const rows = await db
      .selectFrom('mail_receivers')
      .select((eb) => ['mail_id', 'state', eb.fn.countAll<number>().as('count')])
      .where('mail_id', 'in', chunk)
      .groupBy(['mail_id', 'state'])
      .execute();
    for (const row of rows) {
      const entry = counts.get(row.mail_id);
      if (entry && row.state in entry) entry[row.state as MailReceiverState] = Number(row.count);
    }
  }
  return counts;
}

export async function labelIdsOf(db: Db, mailIds: number[]): Promise<Map<number, number[]>> {
  const links = new Map<number, number[]>();
  for (const id of mailIds) links.set(id, []);
  for (const chunk of chunked(mailIds)) {
    const rows = await db
      .selectFrom('mail_label_links')
      .select(['mail_id', 'label_id'])
      .where('mail_id', 'in', chunk)
      .orderBy('label_id')
      .execute();
    for (const row of rows) links.get(row.mail_id)?.push(row.label_id);
  }
  return links;
}

/**
 * Custom labels of the event with how many of the visible e-mails carry each, and how many of those
 * `readerId` has not opened.
 */
export async function labelsWithCounts(db: Db, eventId: number, senderId: number | null, readerId: number) {
  return db
    .selectFrom('mail_labels as l')
    .leftJoin('mail_label_links as k', 'k.label_id', 'l.id')
    .leftJoin('mails as m', (join) =>
      join.onRef('m.id', '=', 'k.mail_id').$call((j) => (senderId !== null ? j.on('m.sender_id', '=', senderId) : j)),
    )
    .leftJoin('mail_reads as r', (join) => join.onRef('r.mail_id', '=', 'm.id').on('r.user_id', '=', readerId))
    .select((eb) => [
      'l.id',
      'l.name',
      'l.color',
      eb.fn.count<number>('m.id').as('total'),
      eb.fn.count<number>('r.mail_id').as('read'),
    ])
    .where('l.event_id', '=', eventId)
    .where('l.type', '=', 'custom_label')
    .groupBy(['l.id', 'l.name', 'l.color'])
    .orderBy('l.name')
    .execute();
}

/** The visible e-mails of the event, and how many of them `readerId` has not opened. */
export async function countMails(db: Db, eventId: number, senderId: number | null, readerId: number) {
  const row = await db
    .selectFrom('mails as m')
    .leftJoin('mail_reads as r', (join) => join.onRef('r.mail_id', '=', 'm.id').on('r.user_id', '=', readerId))
    .select((eb) => [eb.fn.count<number>('m.id').as('total'), eb.fn.count<number>('r.mail_id').as('read')])
    .where('m.event_id', '=', eventId)
    .$if(senderId !== null, (q) => q.where('m.sender_id', '=', senderId as number))
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), unread: Number(row.total) - Number(row.read) };
}

export async function findLabelByName(db: Db, eventId: number, name: string) {
  return db
    .selectFrom('mail_labels')
    .select('id')
    .where('event_id', '=', eventId)
    .where(sql<boolean>`${foldedLower(db, sql.ref('name'))} = ${name.toLowerCase()}`)
    .executeTakeFirst();
}

export async function insertLabel(db: Db, eventId: number, name: string, color: string) {
  return db
    .insertInto('mail_labels')
    .values({ event_id: eventId, name, color, type: 'custom_label' })
    .returning(['id', 'name', 'color'])
    .executeTakeFirstOrThrow();
}

export async function labelIdsOfEvent(db: Db, eventId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('mail_labels')
    .select('id')
    .where('event_id', '=', eventId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((row) => row.id);
}

export async function replaceLabels(db: Db, mailId: number, labelIds: number[]): Promise<void> {
  await db.deleteFrom('mail_label_links').where('mail_id', '=', mailId).execute();
  if (labelIds.length > 0) {
    await db
      .insertInto('mail_label_links')
      .values(labelIds.map((labelId) => ({ mail_id: mailId, label_id: labelId })))
      .execute();
  }
}
