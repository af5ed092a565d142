import {
  MAIL_LIMITS,
  type Mail,
  type MailLabel,
  type MailPreview,
  type MailReceiverFilter,
  type MailReceiverState,
  type MailSummary,
  mailReceiverFilterSchema,
} from '@funkis/shared';
import type { FastifyInstance } from 'fastify';
import { writeAudit } from '../../lib/audit.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-error.js';
import { mailRepository } from './repository.js';
import { eventMailBody, type MailLanguage, reasonText } from './texts.js';
import { createMailWorker, type MailWorker } from './worker.js';

/** Who is using the mail area: an admin of the event, or a group leader limited to their group. */
export interface MailActor {
  userId: number;
  name: string;
  email: string;
  eventId: number;
  roleLevel: number;
  groupId: number | null;
}

/** One message for the queue, from any module (account mails, shift reminders of the scheduling module). */
export interface EnqueueInput {
  /** The event the message is about; its mail then keeps the event's rate. null for account mail. */
  eventId: number | null;
  to: { userId: number | null; email: string; name: string; language?: MailLanguage }[];
  subject: string;
  text: string;
  /** What kind of mail it is, for logs: `password_reset`, `account_notice`, `shift_reminder`… */
  reason: string;
  replyTo?: string;
}

const isLeader = (actor: MailActor) => actor.roleLevel !== 0;

/**
 * E-mail to members (issue 14): choosing receivers, sending through the queue, the Sent folder and labels;
 * `enqueue` is the door other modules use. The worker that empties the queue lives here too.
 */
export function mailService(app: FastifyInstance) {
  const mails = mailRepository(app.db, app.dialect);
  const intervalMs = 60_000 / app.config.MAIL_RATE_PER_MINUTE;
  const worker: MailWorker = createMailWorker(app.db, app.dialect, app.mailer, app.log, {
    pollMs: app.config.MAIL_POLL_MS,
    leaseMs: app.config.MAIL_LEASE_MS,
    retryBaseMs: app.config.MAIL_RETRY_BASE_MS,
    maxAttempts: app.config.MAIL_MAX_ATTEMPTS,
    messageIdDomain: new URL(app.config.PUBLIC_URL).hostname || 'funkis.local',
  });

  /** A leader's filter may only name their own group; the result is limited to it as well. */
  function scopeOf(actor: MailActor, filter: MailReceiverFilter): number | null {
    if (!isLeader(actor)) return null;
    if (actor.groupId === null) throw forbidden('mail.ownGroupOnly');
    if (filter.groupIds?.some((id) => id !== actor.groupId)) throw forbidden('mail.ownGroupOnly');
    return actor.groupId;
  }

  async function resolve(actor: MailActor, filter: MailReceiverFilter) {
    const scope = scopeOf(actor, filter);
    const { receivers, unknownUserIds } = await mails.resolveReceivers(actor.eventId, filter, scope);
    if (unknownUserIds.length > 0) throw fieldError('receivers.userIds', 'mail.unknownReceiver');
    return receivers;
  }

  const estimate = (count: number, waiting: number) => Math.ceil(((count + waiting) * intervalMs) / 1000);

  async function visibleMail(actor: MailActor, mailId: number) {
    const row = await mails.findMail(actor.eventId, mailId);
    if (!row || (isLeader(actor) && row.sender_id !== actor.userId)) throw notFound();
    return row;
  }

  async function loadMail(actor: MailActor, mailId: number): Promise<Mail> {
    const row = await visibleMail(actor, mailId);
    const [receivers, counts, labels] = await Promise.all([
      mails.receiversOf(row.id),
      mails.stateCounts([row.id]),
      mails.labelIdsOf([row.id]),
    ]);
    return {
      id: row.id,
      from: { userId: row.sender_id, name: row.sender_name, email: row.sender_email },
      to: parseFilter(row.receiver_filter),
      subject: row.subject,
      message: row.message,
      createdAt: row.created_at,
      labelIds: labels.get(row.id) ?? [],
      counts: counts.get(row.id) ?? { queued: 0, sending: 0, sent: 0, failed: 0 },
      receivers: receivers.map((receiver) => ({
        userId: receiver.user_id,
        email: receiver.email,
        name: receiver.name,
        state: receiver.state as MailReceiverState,
        attempts: receiver.attempts,
        error: receiver.last_error,
        reason: receiver.reason,
      })),
    };
  }

  return {
    worker,

    /**
     * Queues one message per receiver, each with its own address and name. Messages of an event keep the
     * event's rate (MAIL_RATE_PER_MINUTE); account mail goes out at once. Safe to call inside the caller's
     * transaction by passing it as `db`.
     */
    async enqueue(input: EnqueueInput, db = app.db): Promise<void> {
      const queue = db === app.db ? mails : mailRepository(db, app.dialect);
      const start = input.eventId === null ? Date.now() : await queue.nextSlot(input.eventId, intervalMs);
      await queue.enqueue(
        input.to.map((receiver) => ({
          eventId: input.eventId,
          userId: receiver.userId,
          toEmail: receiver.email,
          toName: receiver.name,
          subject: input.subject,
          text: input.text,
          replyTo: input.replyTo ?? null,
          reason: input.reason,
        })),
        (index) => (input.eventId === null ? start : start + index * intervalMs),
      );
      worker.kick();
    },

    /** The compose screen's count, a first page of names, and how long delivery takes at the event's rate. */
    async preview(actor: MailActor, filter: MailReceiverFilter, language: MailLanguage): Promise<MailPreview> {
      const receivers = await resolve(actor, filter);
      const waiting = await mails.countWaiting(actor.eventId);
      return {
        total: receivers.length,
        receivers: receivers.slice(0, MAIL_LIMITS.PREVIEW_SIZE).map((receiver) => ({
          userId: receiver.userId,
          name: `${receiver.firstname} ${receiver.lastname}`,
          email: receiver.email,
          reason: reasonText(receiver.reason, language),
        })),
        ratePerMinute: app.config.MAIL_RATE_PER_MINUTE,
        estimatedSeconds: estimate(receivers.length, waiting),
      };
    },

    async candidates(actor: MailActor, search: string) {
      if (isLeader(actor) && actor.groupId === null) return [];
      return mails.findCandidates(actor.eventId, search.trim(), isLeader(actor) ? actor.groupId : null);
    },

    /**
     * Stores the e-mail, its receivers and one queued message per receiver in one transaction: either all of
     * it is there for the worker or none of it.
     */
    async send(
      actor: MailActor,
      input: { receivers: MailReceiverFilter; subject: string; message: string },
      language: MailLanguage,
    ): Promise<Mail> {
      const receivers = await resolve(actor, input.receivers);
      if (receivers.length === 0) throw fieldError('receivers', 'mail.noReceivers');
      if (receivers.length > MAIL_LIMITS.RECEIVERS_MAXIMUM) throw fieldError('receivers', 'mail.tooManyReceivers');
      const eventName = await mails.eventName(actor.eventId);
      const mailId = await app.db.transaction().execute(async (trx) => {
        const tx = mailRepository(trx, app.dialect);
        const id = await tx.insertMail({
          eventId: actor.eventId,
          sender: { id: actor.userId, name: actor.name, email: actor.email },
          subject: input.subject,
          message: input.message,
          filter: input.receivers,
        });
        const rendered = receivers.map((receiver) => ({
          receiver,
          name: `${receiver.firstname} ${receiver.lastname}`,
          reason: reasonText(receiver.reason, language),
        }));
        const receiverIds = await tx.insertReceivers(
          id,
          rendered.map(({ receiver, name, reason }) => ({
            userId: receiver.userId,
            email: receiver.email,
            name,
            reason,
          })),
        );
        const start = await tx.nextSlot(actor.eventId, intervalMs);
        await tx.enqueue(
          rendered.map(({ receiver, name, reason }, index) => ({
            eventId: actor.eventId,
            receiverId: receiverIds[index],
            userId: receiver.userId,
            toEmail: receiver.email,
            toName: name,
            subject: input.subject,
            text: eventMailBody({
              message: input.message,
              firstname: receiver.firstname,
              senderName: actor.name,
              eventName,
              reason,
              language,
            }),
            replyTo: actor.email,
            reason: 'event_mail',
          })),
          (index) => start + index * intervalMs,
        );
        await writeAudit(trx, {
          eventId: actor.eventId,
          actorId: actor.userId,
          action: 'mail.sent',
          subject: `mail:${id}`,
          details: { receivers: receivers.length, subject: input.subject },
        });
        return id;
      });
      worker.kick();
      return loadMail(actor, mailId);
    },

    async list(actor: MailActor, folder: { customLabel?: number; systemLabel?: string }): Promise<MailSummary[]> {
      if (folder.customLabel !== undefined) {
        const [known] = await mails.labelIdsOfEvent(actor.eventId, [folder.customLabel]);
        if (known === undefined) throw notFound('mail.labelUnknown');
      }
      const rows = await mails.listMails(actor.eventId, {
        senderId: isLeader(actor) ? actor.userId : null,
        labelId: folder.customLabel ?? null,
      });
      const ids = rows.map((row) => row.id);
      const [counts, labels] = await Promise.all([mails.stateCounts(ids), mails.labelIdsOf(ids)]);
      return rows.map((row) => ({
        id: row.id,
        from: { userId: row.sender_id, name: row.sender_name, email: row.sender_email },
        to: parseFilter(row.receiver_filter),
        subject: row.subject,
        preview: row.message.slice(0, 140),
        createdAt: row.created_at,
        labelIds: labels.get(row.id) ?? [],
        counts: counts.get(row.id) ?? { queued: 0, sending: 0, sent: 0, failed: 0 },
      }));
    },

    get: loadMail,

    /** The Sent folder and the event's custom labels, each with how many of the actor's visible e-mails it holds. */
    async labels(actor: MailActor): Promise<MailLabel[]> {
      const senderId = isLeader(actor) ? actor.userId : null;
      const [sent, custom] = await Promise.all([
        mails.countMails(actor.eventId, senderId),
        mails.labelsWithCounts(actor.eventId, senderId),
      ]);
      // Sent mail is written by its reader: nothing in these folders is ever unread.
      return [
        { id: 'sent', name: 'sent', type: 'system_label', totalCount: sent, unreadCount: 0 },
        ...custom.map((label) => ({
          id: label.id,
          name: label.name,
          type: 'custom_label' as const,
          color: label.color ?? undefined,
          totalCount: Number(label.total),
          unreadCount: 0,
        })),
      ];
    },

    async createLabel(actor: MailActor, input: { name: string; color: string }): Promise<MailLabel> {
      if (await mails.findLabelByName(actor.eventId, input.name))
        throw fieldError('name', 'mail.labelNameTaken', undefined, 409);
      const row = await app.db.transaction().execute(async (trx) => {
        const created = await mailRepository(trx, app.dialect).insertLabel(actor.eventId, input.name, input.color);
        await writeAudit(trx, {
          eventId: actor.eventId,
          actorId: actor.userId,
          action: 'mail.label_created',
          subject: `mail_label:${created.id}`,
          details: { name: input.name },
        });
        return created;
      });
      return {
        id: row.id,
        name: row.name,
        type: 'custom_label',
        color: row.color ?? undefined,
        totalCount: 0,
        unreadCount: 0,
      };
    },

    async setLabels(actor: MailActor, mailId: number, labelIds: number[]): Promise<Mail> {
      await visibleMail(actor, mailId);
      const wanted = [...new Set(labelIds)];
      const known = await mails.labelIdsOfEvent(actor.eventId, wanted);
      if (known.length !== wanted.length) throw fieldError('labelIds', 'mail.labelUnknown');
      await app.db.transaction().execute(async (trx) => {
        await mailRepository(trx, app.dialect).replaceLabels(mailId, wanted);
        await writeAudit(trx, {
          eventId: actor.eventId,
          actorId: actor.userId,
          action: 'mail.labels_set',
          subject: `mail:${mailId}`,
          details: { labelIds: wanted },
        });
      });
      return loadMail(actor, mailId);
    },

    /** Failed receivers of an e-mail into the queue again (admins only; the route guards it). */
    async retryFailed(actor: MailActor, mailId: number): Promise<Mail> {
      await visibleMail(actor, mailId);
      const count = await mails.requeueFailed(mailId);
      if (count === 0) throw conflict('mail.nothingToRetry');
      await writeAudit(app.db, {
        eventId: actor.eventId,
        actorId: actor.userId,
        action: 'mail.retried',
        subject: `mail:${mailId}`,
        details: { receivers: count },
      });
      worker.kick();
      return loadMail(actor, mailId);
    },
  };
}

function parseFilter(json: string): MailReceiverFilter {
  const parsed = mailReceiverFilterSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : {};
}

export type MailService = ReturnType<typeof mailService>;
