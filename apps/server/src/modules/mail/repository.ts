import type { ApplicationStatus, MailReceiverFilter, MailReceiverState, MailStateCounts } from '@funkis/shared';
import { sql } from 'kysely';
import type { Db, DialectName } from '../../db/types.js';
import { turnOfTheLoop } from '../../lib/event-loop.js';
import { containsText, foldedLower } from '../../lib/search.js';
import { nowIso } from '../../lib/time.js';
import { chunked } from '../../lib/transaction.js';

/** A person an e-mail reaches, with why (the criteria that named them, or chosen by name). */
export interface ResolvedReceiver {
  userId: number;
  email: string;
  firstname: string;
  lastname: string;
  reason: ReceiverReason;
}

export type ReceiverReason =
  | { kind: 'role'; roleLevel: number; groupName?: string }
  | { kind: 'group'; groupName: string }
  | { kind: 'application'; status: ApplicationStatus; groupName?: string }
  | { kind: 'chosen' };

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
  attempts: number;
}

/** Queue rows per statement (see `enqueue`); id lists go through `chunked`, as in every module. */
const CHUNK = 500;
/** First key of the per-event mail-slot advisory lock (`pg_advisory_xact_lock(MAIL_SLOT_LOCK, eventId)`). */
const MAIL_SLOT_LOCK = 0x6d61696c;
/** Characters of message bodies queued per statement (see `enqueue`). */
const QUEUE_CHUNK_CHARACTERS = 1_000_000;
const emptyCounts = (): MailStateCounts => ({ queued: 0, sending: 0, sent: 0, failed: 0 });

/**
 * All SQL of the mail tables (mails, mail_receivers, mail_labels, mail_label_links, mail_queue,
 * mail_attachments, mail_reads, mail_settings). Reads of
 * members and applications are for choosing receivers only. Pass a transaction as `db` to take part in it.
 */
export function mailRepository(db: Db, dialect: DialectName) {
  /** Members of the event, optionally only of one group (a leader's scope). */
  const members = (scopeGroupId: number | null) =>
    db
      .selectFrom('event_users as eu')
      .innerJoin('users as u', 'u.id', 'eu.user_id')
      .leftJoin('event_groups as g', 'g.id', 'eu.group_id')
      .select(['u.id as userId', 'u.email', 'u.firstname', 'u.lastname', 'eu.role_level', 'g.name as groupName'])
      .$if(scopeGroupId !== null, (q) => q.where('eu.group_id', '=', scopeGroupId as number));

  /**
   * Applicants of the event, optionally only one group's: those whose application is in the group and who are not
   * members of another group (or of none) now, as the applications review counts a leader's applicants.
   */
  const applicants = (scopeGroupId: number | null) =>
    db
      .selectFrom('applications as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['u.id as userId', 'u.email', 'u.firstname', 'u.lastname', 'a.status'])
      .$if(scopeGroupId !== null, (q) =>
        q
          .where('a.group_id', '=', scopeGroupId as number)
          .where(
            sql<boolean>`not exists (select 1 from event_users eu where eu.event_id = a.event_id and eu.user_id = a.user_id and (eu.group_id is null or eu.group_id <> ${scopeGroupId}))`,
          ),
      );

  return {
    async eventName(eventId: number): Promise<string> {
      const row = await db.selectFrom('events').select('name').where('id', '=', eventId).executeTakeFirst();
      return row?.name ?? '';
    },

    /**
     * Everyone the filter names, each once, ordered by name. Criteria of different kinds narrow each other (and),
     * the choices within one kind widen it (or): `{ groupIds: [Bar], applicationStatuses: [accepted] }` is the
     * accepted applicants of Bar. With a status the group is the application's (as the review shows it), without
     * one the membership's. People chosen by name are added to that (`userIds`). `scopeGroupId` limits the result
     * to one group's members and applicants. `unknownUserIds` are chosen ids that name nobody in the scope.
     */
    async resolveReceivers(
      eventId: number,
      filter: MailReceiverFilter,
      scopeGroupId: number | null,
    ): Promise<{ receivers: ResolvedReceiver[]; unknownUserIds: number[] }> {
      const found = new Map<number, ResolvedReceiver>();
      const add = (
        row: { userId: number; email: string; firstname: string; lastname: string },
        reason: ReceiverReason,
      ) => {
        if (!found.has(row.userId)) found.set(row.userId, { ...row, reason });
      };
      const roleLevels = filter.roleLevels?.length ? filter.roleLevels : null;
      const groupIds = filter.groupIds?.length ? filter.groupIds : null;
      const statuses = filter.applicationStatuses?.length ? filter.applicationStatuses : null;
      const inGroup = groupIds !== null;
      if (statuses) {
        const rows = await db
          .selectFrom('applications as a')
          .innerJoin('users as u', 'u.id', 'a.user_id')
          .leftJoin('event_groups as g', 'g.id', 'a.group_id')
          .$if(roleLevels !== null, (q) =>
            q
              .innerJoin('event_users as eu', (join) =>
                join.onRef('eu.user_id', '=', 'a.user_id').onRef('eu.event_id', '=', 'a.event_id'),
              )
              .where('eu.role_level', 'in', roleLevels as number[]),
          )
          .select(['u.id as userId', 'u.email', 'u.firstname', 'u.lastname', 'a.status', 'g.name as groupName'])
          .where('a.event_id', '=', eventId)
          .where('a.status', 'in', statuses)
          .$if(groupIds !== null, (q) => q.where('a.group_id', 'in', groupIds as number[]))
          // A leader's applicants, as `applicants` scopes them: in the group, and not members of another one now.
          .$if(scopeGroupId !== null, (q) =>
            q
              .where('a.group_id', '=', scopeGroupId as number)
              .where(
                sql<boolean>`not exists (select 1 from event_users m where m.event_id = a.event_id and m.user_id = a.user_id and (m.group_id is null or m.group_id <> ${scopeGroupId}))`,
              ),
          )
          .execute();
        for (const row of rows) {
          add(row, {
            kind: 'application',
            status: row.status as ApplicationStatus,
            ...(inGroup ? { groupName: row.groupName ?? '' } : {}),
          });
        }
      } else if (roleLevels || groupIds) {
        const rows = await members(scopeGroupId)
          .where('eu.event_id', '=', eventId)
          .$if(roleLevels !== null, (q) => q.where('eu.role_level', 'in', roleLevels as number[]))
          .$if(groupIds !== null, (q) => q.where('eu.group_id', 'in', groupIds as number[]))
          .execute();
        for (const row of rows) {
          if (roleLevels) {
            add(row, {
              kind: 'role',
              roleLevel: row.role_level,
              ...(inGroup ? { groupName: row.groupName ?? '' } : {}),
            });
          } else add(row, { kind: 'group', groupName: row.groupName ?? '' });
        }
      }
      const unknownUserIds: number[] = [];
      if (filter.userIds?.length) {
        const wanted = [...new Set(filter.userIds)];
        const known = new Set<number>();
        for (const ids of chunked(wanted)) {
          const rows = [
            ...(await members(scopeGroupId).where('eu.event_id', '=', eventId).where('u.id', 'in', ids).execute()),
            ...(await applicants(scopeGroupId).where('a.event_id', '=', eventId).where('u.id', 'in', ids).execute()),
          ];
          for (const row of rows) {
            known.add(row.userId);
            add(row, { kind: 'chosen' });
          }
        }
        unknownUserIds.push(...wanted.filter((id) => !known.has(id)));
      }
      const receivers = [...found.values()].sort(
        (a, b) => a.firstname.localeCompare(b.firstname) || a.lastname.localeCompare(b.lastname) || a.userId - b.userId,
      );
      return { receivers, unknownUserIds };
    },

    /** Members and applicants whose name or e-mail contains `search`, for choosing people one by one. */
    async findCandidates(eventId: number, search: string, scopeGroupId: number | null, limit = 20) {
      // The lists' one search: non-ASCII capitals folded on SQLite too ("åsa" finds "Åsa").
      const matches = containsText(dialect, sql`u.firstname || ' ' || u.lastname || ' ' || u.email`, search);
      const memberRows = await members(scopeGroupId)
        .where('eu.event_id', '=', eventId)
        .where(matches)
        .orderBy('u.firstname')
        .orderBy('u.lastname')
        .limit(limit)
        .execute();
      const applicantRows = await applicants(scopeGroupId)
        .where('a.event_id', '=', eventId)
        .where(matches)
        .orderBy('u.firstname')
        .orderBy('u.lastname')
        .limit(limit)
        .execute();
      const byUser = new Map<
        number,
        {
          userId: number;
          name: string;
          email: string;
          roleLevel: number | null;
          applicationStatus: ApplicationStatus | null;
        }
      >();
      for (const row of memberRows) {
        byUser.set(row.userId, {
          userId: row.userId,
          name: `${row.firstname} ${row.lastname}`,
          email: row.email,
          roleLevel: row.role_level,
          applicationStatus: null,
        });
      }
      for (const row of applicantRows) {
        const existing = byUser.get(row.userId);
        if (existing) existing.applicationStatus = row.status as ApplicationStatus;
        else
          byUser.set(row.userId, {
            userId: row.userId,
            name: `${row.firstname} ${row.lastname}`,
            email: row.email,
            roleLevel: null,
            applicationStatus: row.status as ApplicationStatus,
          });
      }
      return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name)).slice(0, limit);
    },

    /**
     * Where the next message of the event may go out so the event keeps its rate: after the last one already
     * waiting. On PostgreSQL a lock of the event's mail slot (a transaction-level advisory lock, not the event's
     * row) spaces two sends of one event one after the other; it is the last lock a transaction takes, so
     * changes that lock shifts or members first (a sign-up an organiser makes, decision 024) never wait on it
     * in a circle with changes that lock the event's row first.
     */
    async nextSlot(eventId: number, intervalMs: number): Promise<number> {
      if (dialect === 'postgres') {
        await sql`select pg_advisory_xact_lock(${MAIL_SLOT_LOCK}, ${eventId})`.execute(db);
      }
      const row = await db
        .selectFrom('mail_queue')
        .select((eb) => eb.fn.max('next_attempt_at').as('latest'))
        .where('event_id', '=', eventId)
        .where('state', 'in', ['queued', 'sending'])
        .executeTakeFirst();
      const now = Date.now();
      const latest = row?.latest ? Date.parse(row.latest) + intervalMs : 0;
      return Math.max(now, latest);
    },

    /** The event's own sending rate, or null when it keeps the server's default. */
    async rateOf(eventId: number): Promise<number | null> {
      const row = await db
        .selectFrom('mail_settings')
        .select('rate_per_minute')
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      return row ? row.rate_per_minute : null;
    },

    async saveRate(eventId: number, ratePerMinute: number): Promise<void> {
      await db
        .insertInto('mail_settings')
        .values({ event_id: eventId, rate_per_minute: ratePerMinute, updated_at: nowIso() })
        .onConflict((oc) => oc.column('event_id').doUpdateSet({ rate_per_minute: ratePerMinute, updated_at: nowIso() }))
        .execute();
    },

    /** The role each of the users has in the event; applicants who are not members have none. */
    async roleLevelsOf(eventId: number, userIds: number[]): Promise<Map<number, number>> {
      const levels = new Map<number, number>();
      for (const chunk of chunked(userIds)) {
        const rows = await db
          .selectFrom('event_users')
          .select(['user_id', 'role_level'])
          .where('event_id', '=', eventId)
          .where('user_id', 'in', chunk)
          .execute();
        for (const row of rows) levels.set(row.user_id, row.role_level);
      }
      return levels;
    },

    async insertAttachments(mailId: number, files: { fileId: number; name: string }[]): Promise<void> {
      if (files.length === 0) return;
      await db
        .insertInto('mail_attachments')
        .values(files.map((file, position) => ({ mail_id: mailId, file_id: file.fileId, name: file.name, position })))
        .execute();
    },

    async attachmentsOf(mailId: number) {
      return db
        .selectFrom('mail_attachments')
        .select(['file_id', 'name'])
        .where('mail_id', '=', mailId)
        .orderBy('position')
        .execute();
    },

    /** The user has opened the e-mail (once is enough; later openings change nothing). */
    async markRead(mailId: number, userId: number): Promise<void> {
      await db
        .insertInto('mail_reads')
        .values({ mail_id: mailId, user_id: userId, read_at: nowIso() })
        .onConflict((oc) => oc.columns(['mail_id', 'user_id']).doNothing())
        .execute();
    },

    /** Which of the e-mails the user has opened. */
    async readIds(userId: number, mailIds: number[]): Promise<Set<number>> {
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
    },

    /** How many messages of the event wait to be sent. */
    async countWaiting(eventId: number): Promise<number> {
      const row = await db
        .selectFrom('mail_queue')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('event_id', '=', eventId)
        .where('state', 'in', ['queued', 'sending'])
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async insertMail(input: {
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
    }): Promise<number> {
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
    },

    /** The receivers of a new e-mail; returns their row ids in the order given. */
    async insertReceivers(
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
    },

    /**
     * Queues messages, the i-th not before `notBefore[i]` (ms since epoch). Rows go in statements of at most
     * CHUNK rows and QUEUE_CHUNK_CHARACTERS of bodies, with a turn of the event loop between them: 10,000 copies
     * of a 20,000-character message are hundreds of megabytes, which one statement would write while the whole
     * server waits (docs/decisions/021).
     */
    async enqueue(messages: QueuedMessage[], notBefore: (index: number) => number): Promise<void> {
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
    },

    /**
     * What one receiver's copy of an event e-mail is composed from: the e-mail's part and the receiver's. null
     * when the receiver is gone or the e-mail was stored before copies were composed when sent.
     */
    async copyOf(receiverId: number): Promise<StoredCopy | null> {
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
        linkedFiles: JSON.parse(row.linkedFiles ?? '[]'),
        firstname: row.firstname,
        reason: row.reason,
      };
    },

    /**
     * Claims up to `limit` messages that are due, or whose sender's lease ran out (a worker that died), for
     * `owner` until `leaseUntil`. PostgreSQL skips rows another server holds locked, so workers never wait
     * for each other or claim the same row; SQLite serialises writers, which gives the same.
     */
    async claimDue(owner: string, leaseUntil: string, limit: number): Promise<ClaimedMessage[]> {
      const now = nowIso();
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
            attempts: row.attempts,
          }));
      });
    },

    /**
     * Extends the lease on a claimed message just before it is sent; false when the lease was lost (another
     * worker took the row over), and then this worker must not send it.
     */
    async renewLease(id: number, owner: string, leaseUntil: string): Promise<boolean> {
      const result = await db
        .updateTable('mail_queue')
        .set({ lease_until: leaseUntil })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('state', '=', 'sending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Records the outcome of one attempt on the message and on the e-mail's receiver it belongs to. */
    async settle(
      message: Pick<ClaimedMessage, 'id' | 'receiverId' | 'attempts'>,
      outcome:
        | { state: 'sent' }
        | { state: 'failed'; error: string }
        | { state: 'queued'; error: string; retryAt: string },
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
    },

    /**
     * A claimed message that may not go yet (its event's rate) back to the queue, due at `dueAt`, as if it had
     * not been tried: its attempt is not counted.
     */
    async defer(message: Pick<ClaimedMessage, 'id' | 'receiverId'>, owner: string, dueAt: string): Promise<void> {
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
    },

    /** When the earliest waiting message is due (ISO), or null when nothing waits. */
    async nextDue(): Promise<string | null> {
      const row = await db
        .selectFrom('mail_queue')
        .select((eb) => [eb.fn.min('next_attempt_at').as('queued'), eb.fn.min('lease_until').as('leased')])
        .where('state', 'in', ['queued', 'sending'])
        .executeTakeFirst();
      const candidates = [row?.queued, row?.leased].filter((value): value is string => Boolean(value));
      return candidates.length ? candidates.sort()[0] : null;
    },

    /** Failed receivers of an e-mail back into the queue, due now. Returns how many. */
    async requeueFailed(mailId: number): Promise<number> {
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
    },

    /**
     * The event's e-mails, newest first; a leader (senderId given) sees the ones they sent. The stored preview, not
     * the message: a folder view reads no message body.
     */
    async listMails(eventId: number, options: { senderId: number | null; labelId: number | null }) {
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
    },

    async findMail(eventId: number, mailId: number) {
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
    },

    async receiversOf(mailId: number) {
      return db
        .selectFrom('mail_receivers')
        .select(['user_id', 'email', 'name', 'state', 'attempts', 'last_error', 'reason'])
        .where('mail_id', '=', mailId)
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    /** Receivers per state for each e-mail. */
    async stateCounts(mailIds: number[]): Promise<Map<number, MailStateCounts>> {
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
    },

    async labelIdsOf(mailIds: number[]): Promise<Map<number, number[]>> {
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
    },

    /**
     * Custom labels of the event with how many of the visible e-mails carry each, and how many of those
     * `readerId` has not opened.
     */
    async labelsWithCounts(eventId: number, senderId: number | null, readerId: number) {
      return db
        .selectFrom('mail_labels as l')
        .leftJoin('mail_label_links as k', 'k.label_id', 'l.id')
        .leftJoin('mails as m', (join) =>
          join
            .onRef('m.id', '=', 'k.mail_id')
            .$call((j) => (senderId !== null ? j.on('m.sender_id', '=', senderId) : j)),
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
    },

    /** The visible e-mails of the event, and how many of them `readerId` has not opened. */
    async countMails(eventId: number, senderId: number | null, readerId: number) {
      const row = await db
        .selectFrom('mails as m')
        .leftJoin('mail_reads as r', (join) => join.onRef('r.mail_id', '=', 'm.id').on('r.user_id', '=', readerId))
        .select((eb) => [eb.fn.count<number>('m.id').as('total'), eb.fn.count<number>('r.mail_id').as('read')])
        .where('m.event_id', '=', eventId)
        .$if(senderId !== null, (q) => q.where('m.sender_id', '=', senderId as number))
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), unread: Number(row.total) - Number(row.read) };
    },

    async findLabelByName(eventId: number, name: string) {
      return db
        .selectFrom('mail_labels')
        .select('id')
        .where('event_id', '=', eventId)
        .where(sql<boolean>`${foldedLower(dialect, sql.ref('name'))} = ${name.toLowerCase()}`)
        .executeTakeFirst();
    },

    async insertLabel(eventId: number, name: string, color: string) {
      return db
        .insertInto('mail_labels')
        .values({ event_id: eventId, name, color, type: 'custom_label' })
        .returning(['id', 'name', 'color'])
        .executeTakeFirstOrThrow();
    },

    async labelIdsOfEvent(eventId: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('mail_labels')
        .select('id')
        .where('event_id', '=', eventId)
        .where('id', 'in', ids)
        .execute();
      return rows.map((row) => row.id);
    },

    async replaceLabels(mailId: number, labelIds: number[]): Promise<void> {
      await db.deleteFrom('mail_label_links').where('mail_id', '=', mailId).execute();
      if (labelIds.length > 0) {
        await db
          .insertInto('mail_label_links')
          .values(labelIds.map((labelId) => ({ mail_id: mailId, label_id: labelId })))
          .execute();
      }
    },
  };
}

export type MailRepository = ReturnType<typeof mailRepository>;
