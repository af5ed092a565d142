/**
 * The sending side: the e-mail and its receivers stored, the queue (enqueue, claim under a lease, settle, defer,
 * retry), the per-event sending rate and its slot lock, attachments.
 */

import type { MailReceiverFilter } from '@funkis/shared';
import { sql } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Db } from '../../db/types.js';
import { turnOfTheLoop } from '../../lib/event-loop.js';
import { parseJson } from '../../lib/json.js';
import { nowIso } from '../../lib/time.js';
import { chunked } from '../../lib/transaction.js';

/**
 * One message the queue will send: rendered, or for event mail (a `receiverId`, `text` empty) composed from the
 * e-mail when it is sent (docs/decisions/021).
 */
export interface QueuedMessage {
  eventId: number | null;
  receiverId?: number | null;
  userId: number | null;
  toEmail: string;
  toName: string;
  subject: string;
  text: string;
  /** The HTML part of a rich-text message. */
  html?: string | null;
  replyTo?: string | null;
  /** The display name it goes out under (`Ada Berg via Funkis`); null: MAIL_FROM's own. */
  fromName?: string | null;
  /** A push message to this device (the push module's): `text` is its JSON payload, the addresses empty. */
  pushSubscriptionId?: number | null;
  reason: string;
}

/** One receiver's copy of an event e-mail before it is composed (texts.ts `eventMailBody`, `eventMailHtml`). */
export interface StoredCopy {
  mailId: number;
  senderName: string;
  /** The message as stored: plain text, or the sanitised HTML of a rich-text message. */
  message: string;
  format: 'text' | 'html';
  language: 'en' | 'sv';
  eventName: string;
  messageText: string;
  linkedFiles: { name: string; url: string }[];
  firstname: string;
  reason: string;
}

export interface ClaimedMessage {
  id: number;
  eventId: number | null;
  receiverId: number | null;
  toEmail: string;
  toName: string;
  subject: string;
  text: string;
  html: string | null;
  replyTo: string | null;
  fromName: string | null;
  pushSubscriptionId: number | null;
  attempts: number;
}

/** Queue rows per statement (see `enqueue`); id lists go through `chunked`, as in every module. */
const CHUNK = 500;
/** First key of the per-event mail-slot advisory lock (`pg_advisory_xact_lock(MAIL_SLOT_LOCK, eventId)`). */
const MAIL_SLOT_LOCK = 0x6d61696c;
/** Characters of message bodies queued per statement (see `enqueue`). */
const QUEUE_CHUNK_CHARACTERS = 1_000_000;
/**
 * Where the next message of the event may go out so the event keeps its rate: after the last one already
 * waiting. On PostgreSQL a lock of the event's mail slot (a transaction-level advisory lock, not the event's
 * row) spaces two sends of one event one after the other; it is the last lock a transaction takes, so
 * changes that lock shifts or members first (a sign-up an organiser makes, decision 024) never wait on it
 * in a circle with changes that lock the event's row first. `now`: the mail clock's time (lib/clock.ts).
 */
export async function nextSlot(db: Db, eventId: number, intervalMs: number, now: number): Promise<number> {
  const dialect = dialectOf(db);
  if (dialect === 'postgres') {
    await sql`select pg_advisory_xact_lock(${MAIL_SLOT_LOCK}, ${eventId})`.execute(db);
  }
  const row = await db
    .selectFrom('mail_queue')
    .select((eb) => eb.fn.max('next_attempt_at').as('latest'))
    .where('event_id', '=', eventId)
    .where('state', 'in', ['queued', 'sending'])
    .executeTakeFirst();
  const latest = row?.latest ? Date.parse(row.latest) + intervalMs : 0;
  return Math.max(now, latest);
}

/** The event's own sending rate, or null when it keeps the server's default. */
export async function rateOf(db: Db, eventId: number): Promise<number | null> {
  const row = await db
    .selectFrom('mail_settings')
    .select('rate_per_minute')
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row ? row.rate_per_minute : null;
}

export async function saveRate(db: Db, eventId: number, ratePerMinute: number): Promise<void> {
  await db
    .insertInto('mail_settings')
    .values({ event_id: eventId, rate_per_minute: ratePerMinute, updated_at: nowIso() })
    .onConflict((oc) => oc.column('event_id').doUpdateSet({ rate_per_minute: ratePerMinute, updated_at: nowIso() }))
    .execute();
}

/** How many messages of the event wait to be sent. */
export async function countWaiting(db: Db, eventId: number): Promise<number> {
  const row = await db
    .selectFrom('mail_queue')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('event_id', '=', eventId)
    .where('state', 'in', ['queued', 'sending'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertMail(
  db: Db,
  input: {
    eventId: number;
    sender: { id: number; name: string; email: string };
    subject: string;
    message: string;
    format: string;
    /** The folder list's preview (html.ts `mailPreviewOf`). */
    preview: string;
    filter: MailReceiverFilter;
    /** What each receiver's copy is composed from when the queue sends it. */
    copy: { language: string; eventName: string; messageText: string; linkedFiles: { name: string; url: string }[] };
  },
): Promise<number> {
  const row = await db
    .insertInto('mails')
    .values({
      event_id: input.eventId,
      sender_id: input.sender.id,
      sender_name: input.sender.name,
      sender_email: input.sender.email,
      subject: input.subject,
      message: input.message,
      format: input.format,
      preview: input.preview,
      receiver_filter: JSON.stringify(input.filter),
      language: input.copy.language,
      event_name: input.copy.eventName,
      message_text: input.copy.messageText,
      linked_files: JSON.stringify(input.copy.linkedFiles),
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The receivers of a new e-mail; returns their row ids in the order given. */
export async function insertReceivers(
  db: Db,
  mailId: number,
  receivers: { userId: number; email: string; name: string; firstname: string; reason: string }[],
): Promise<number[]> {
  const ids: number[] = [];
  const now = nowIso();
  for (const chunk of chunked(receivers)) {
    const rows = await db
      .insertInto('mail_receivers')
      .values(
        chunk.map((receiver) => ({
          mail_id: mailId,
          user_id: receiver.userId,
          email: receiver.email,
          name: receiver.name,
          firstname: receiver.firstname,
          reason: receiver.reason,
          state: 'queued',
          attempts: 0,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    // Both databases return inserted rows in the order of the VALUES list.
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

export async function insertAttachments(
  db: Db,
  mailId: number,
  files: { fileId: number; name: string }[],
): Promise<void> {
  if (files.length === 0) return;
  await db
    .insertInto('mail_attachments')
    .values(files.map((file, position) => ({ mail_id: mailId, file_id: file.fileId, name: file.name, position })))
    .execute();
}

/**
 * Queues messages, the i-th not before `notBefore[i]` (ms since epoch). Rows go in statements of at most
 * CHUNK rows and QUEUE_CHUNK_CHARACTERS of bodies, with a turn of the event loop between them: 10,000 copies
 * of a 20,000-character message are hundreds of megabytes, which one statement would write while the whole
 * server waits (docs/decisions/021).
 */
export async function enqueue(db: Db, messages: QueuedMessage[], notBefore: (index: number) => number): Promise<void> {
  const now = nowIso();
  for (let start = 0, end = 0; start < messages.length; start = end) {
    let characters = 0;
    end = start;
    while (end < messages.length && end - start < CHUNK && (end === start || characters < QUEUE_CHUNK_CHARACTERS)) {
      characters += messages[end].text.length + (messages[end].html?.length ?? 0);
      end += 1;
    }
    if (start > 0) await turnOfTheLoop();
    await db
      .insertInto('mail_queue')
      .values(
        messages.slice(start, end).map((message, offset) => ({
          event_id: message.eventId,
          receiver_id: message.receiverId ?? null,
          user_id: message.userId,
          to_email: message.toEmail,
          to_name: message.toName,
          subject: message.subject,
          body_text: message.text,
          body_html: message.html ?? null,
          reply_to: message.replyTo ?? null,
          from_name: message.fromName ?? null,
          push_subscription_id: message.pushSubscriptionId ?? null,
          reason: message.reason,
          state: 'queued',
          attempts: 0,
          next_attempt_at: new Date(notBefore(start + offset)).toISOString(),
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}

/**
 * What one receiver's copy of an event e-mail is composed from: the e-mail's part and the receiver's. null
 * when the receiver is gone or the e-mail was stored before copies were composed when sent.
 */
export async function copyOf(db: Db, receiverId: number): Promise<StoredCopy | null> {
  const row = await db
    .selectFrom('mail_receivers as r')
    .innerJoin('mails as m', 'm.id', 'r.mail_id')
    .select([
      'm.id as mailId',
      'm.sender_name as senderName',
      'm.message',
      'm.format',
      'm.language',
      'm.event_name as eventName',
      'm.message_text as messageText',
      'm.linked_files as linkedFiles',
      'r.firstname',
      'r.reason',
    ])
    .where('r.id', '=', receiverId)
    .executeTakeFirst();
  if (!row || row.language === null || row.messageText === null || row.firstname === null) return null;
  return {
    mailId: row.mailId,
    senderName: row.senderName,
    message: row.message,
    format: row.format === 'html' ? 'html' : 'text',
    language: row.language === 'sv' ? 'sv' : 'en',
    eventName: row.eventName ?? '',
    messageText: row.messageText,
    linkedFiles: parseJson(row.linkedFiles, []),
    firstname: row.firstname,
    reason: row.reason,
  };
}

/**
 * Claims up to `limit` messages that are due, or whose sender's lease ran out (a worker that died), for
 * `owner` until `leaseUntil`. PostgreSQL skips rows another server holds locked, so workers never wait
 * for each other or claim the same row; SQLite serialises writers, which gives the same. Due means due by `now`,
 * the mail clock's time (lib/clock.ts).
 */
export async function claimDue(
  db: Db,
  owner: string,
  leaseUntil: string,
  limit: number,
  now: string,
): Promise<ClaimedMessage[]> {
  const dialect = dialectOf(db);
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('mail_queue')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
          eb.and([eb('state', '=', 'sending'), eb('lease_until', '<', now)]),
        ]),
      )
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .$if(dialect === 'postgres', (q) => q.forUpdate().skipLocked())
      .execute();
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);
    const rows = await trx
      .updateTable('mail_queue')
      .set((eb) => ({
        state: 'sending',
        lease_owner: owner,
        lease_until: leaseUntil,
        attempts: eb('attempts', '+', 1),
        updated_at: now,
      }))
      .where('id', 'in', ids)
      .returning([
        'id',
        'event_id',
        'receiver_id',
        'to_email',
        'to_name',
        'subject',
        'body_text',
        'body_html',
        'reply_to',
        'from_name',
        'push_subscription_id',
        'attempts',
        'next_attempt_at',
      ])
      .execute();
    const receiverIds = rows.map((row) => row.receiver_id).filter((id): id is number => id !== null);
    if (receiverIds.length > 0) {
      await trx
        .updateTable('mail_receivers')
        .set({ state: 'sending', updated_at: now })
        .where('id', 'in', receiverIds)
        .where('state', '<>', 'sent')
        .execute();
    }
    return rows
      .sort((a, b) => a.next_attempt_at.localeCompare(b.next_attempt_at) || a.id - b.id)
      .map((row) => ({
        id: row.id,
        eventId: row.event_id,
        receiverId: row.receiver_id,
        toEmail: row.to_email,
        toName: row.to_name,
        subject: row.subject,
        text: row.body_text,
        html: row.body_html,
        replyTo: row.reply_to,
        fromName: row.from_name,
        pushSubscriptionId: row.push_subscription_id,
        attempts: row.attempts,
      }));
  });
}

/**
 * Extends the lease on a claimed message just before it is sent; false when the lease was lost (another
 * worker took the row over), and then this worker must not send it.
 */
export async function renewLease(db: Db, id: number, owner: string, leaseUntil: string): Promise<boolean> {
  const result = await db
    .updateTable('mail_queue')
    .set({ lease_until: leaseUntil })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records the outcome of one attempt on the message and on the e-mail's receiver it belongs to. */
export async function settle(
  db: Db,
  message: Pick<ClaimedMessage, 'id' | 'receiverId' | 'attempts'>,
  outcome: { state: 'sent' } | { state: 'failed'; error: string } | { state: 'queued'; error: string; retryAt: string },
): Promise<void> {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('mail_queue')
      .set({
        state: outcome.state,
        lease_owner: null,
        lease_until: null,
        last_error: outcome.state === 'sent' ? null : outcome.error,
        sent_at: outcome.state === 'sent' ? now : null,
        ...(outcome.state === 'queued' ? { next_attempt_at: outcome.retryAt } : {}),
        updated_at: now,
      })
      .where('id', '=', message.id)
      .execute();
    if (message.receiverId !== null) {
      await trx
        .updateTable('mail_receivers')
        .set({
          state: outcome.state,
          attempts: message.attempts,
          last_error: outcome.state === 'sent' ? null : outcome.error,
          updated_at: now,
        })
        .where('id', '=', message.receiverId)
        .execute();
    }
  });
}

/**
 * A claimed message that may not go yet (its event's rate) back to the queue, due at `dueAt`, as if it had
 * not been tried: its attempt is not counted.
 */
export async function defer(
  db: Db,
  message: Pick<ClaimedMessage, 'id' | 'receiverId'>,
  owner: string,
  dueAt: string,
): Promise<void> {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('mail_queue')
      .set((eb) => ({
        state: 'queued',
        attempts: eb('attempts', '-', 1),
        lease_owner: null,
        lease_until: null,
        next_attempt_at: dueAt,
        updated_at: now,
      }))
      .where('id', '=', message.id)
      .where('lease_owner', '=', owner)
      .where('state', '=', 'sending')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1 && message.receiverId !== null) {
      await trx
        .updateTable('mail_receivers')
        .set({ state: 'queued', updated_at: now })
        .where('id', '=', message.receiverId)
        .where('state', '=', 'sending')
        .execute();
    }
  });
}

/** When the earliest waiting message is due (ISO), or null when nothing waits. */
export async function nextDue(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('mail_queue')
    .select((eb) => [eb.fn.min('next_attempt_at').as('queued'), eb.fn.min('lease_until').as('leased')])
    .where('state', 'in', ['queued', 'sending'])
    .executeTakeFirst();
  const candidates = [row?.queued, row?.leased].filter((value): value is string => Boolean(value));
  return candidates.length ? candidates.sort()[0] : null;
}

/** Failed receivers of an e-mail back into the queue, due now. Returns how many. */
export async function requeueFailed(db: Db, mailId: number): Promise<number> {
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const failed = await trx
      .selectFrom('mail_receivers')
      .select('id')
      .where('mail_id', '=', mailId)
      .where('state', '=', 'failed')
      .execute();
    const ids = failed.map((row) => row.id);
    for (const chunk of chunked(ids)) {
      await trx
        .updateTable('mail_queue')
        .set({ state: 'queued', attempts: 0, next_attempt_at: now, last_error: null, updated_at: now })
        .where('receiver_id', 'in', chunk)
        .where('state', '=', 'failed')
        .execute();
      await trx
        .updateTable('mail_receivers')
        .set({ state: 'queued', attempts: 0, last_error: null, updated_at: now })
        .where('id', 'in', chunk)
        .execute();
    }
    return ids.length;
  });
}
