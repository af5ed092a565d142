import {
  canMailGroup,
  canReadMail,
  isAdmin,
  MAIL_LIMITS,
  type Mail,
  type MailLabel,
  type MailPreview,
  type MailPreviewRequest,
  type MailReceiverFilter,
  type MailReceiverState,
  type MailSettings,
  type MailSummary,
  mailReceiverFilterSchema,
} from '@funkis/shared';
import type { FastifyInstance } from 'fastify';
import { writeAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { turnOfTheLoop } from '../../lib/event-loop.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-error.js';
import { filesService } from '../files/service.js';
import { htmlToText, MailHtmlTooDeep, mailPreviewOf, sanitizeMailHtml } from './html.js';
import { type MailRepository, mailRepository, type QueuedMessage } from './repository.js';
import { type LinkedFile, type MailLanguage, reasonText, viaFunkis } from './texts.js';
import { createMailWorker, type MailWorker } from './worker.js';

/** Who is using the mail area: an admin of the event, or a group leader limited to their group. */
/** The member sending or reading the event's e-mail, with the name and address their mail goes out under. */
export interface MailActor extends Pick<Caller, 'userId' | 'eventId' | 'roleLevel' | 'groupId'> {
  name: string;
  email: string;
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
  /** The display name it goes out under: `Ada Berg via Funkis` for what a person sends (docs/decisions/022). */
  fromName?: string;
}

/** Receivers of `enqueueEach` rendered and queued per statement (the repository's rows per statement). */
const QUEUE_SLICE = 500;

/**
 * E-mail to members: choosing receivers, sending through the queue, the Sent folder and labels;
 * `enqueue` is the door other modules use. The worker that empties the queue lives here too.
 */
export function mailService(app: FastifyInstance) {
  const mails = mailRepository(app.db, app.dialect);
  const defaultRate = app.config.MAIL_RATE_PER_MINUTE;
  /** The event's own rate (mail settings) or the server's default, in messages a minute. */
  const rateOf = async (eventId: number, repository: MailRepository = mails) =>
    (await repository.rateOf(eventId)) ?? defaultRate;
  const intervalOf = async (eventId: number, repository: MailRepository = mails) =>
    60_000 / (await rateOf(eventId, repository));
  // The storage plugin is registered before this one; the files service is made when first needed.
  const files = () => filesService(app.db, app.dialect, app.storage, app.config.EVENT_FILES_QUOTA_BYTES);
  const downloadPath = (eventId: number, fileId: number) => `/api/event/${eventId}/files/${fileId}/download`;
  const worker: MailWorker = createMailWorker(app.db, app.dialect, app.mailer, app.log, {
    pollMs: app.config.MAIL_POLL_MS,
    leaseMs: app.config.MAIL_LEASE_MS,
    retryBaseMs: app.config.MAIL_RETRY_BASE_MS,
    maxAttempts: app.config.MAIL_MAX_ATTEMPTS,
    messageIdDomain: new URL(app.config.PUBLIC_URL).hostname || 'funkis.local',
    defaultRatePerMinute: app.config.MAIL_RATE_PER_MINUTE,
  });

  /** A leader's filter may only name their own group; the result is limited to it as well. */
  function scopeOf(actor: MailActor, filter: MailReceiverFilter): number | null {
    if (isAdmin(actor)) return null;
    if (actor.groupId === null) throw forbidden('mail.ownGroupOnly');
    if (filter.groupIds?.some((id) => !canMailGroup(actor, id))) throw forbidden('mail.ownGroupOnly');
    return actor.groupId;
  }

  async function resolve(actor: MailActor, filter: MailReceiverFilter) {
    const scope = scopeOf(actor, filter);
    const { receivers, unknownUserIds } = await mails.resolveReceivers(actor.eventId, filter, scope);
    if (unknownUserIds.length > 0) throw fieldError('receivers.userIds', 'mail.unknownReceiver');
    return receivers;
  }

  const settingsOf = async (eventId: number): Promise<MailSettings> => ({
    ratePerMinute: await rateOf(eventId),
    defaultRatePerMinute: defaultRate,
    minimum: MAIL_LIMITS.RATE_MINIMUM,
    maximum: MAIL_LIMITS.RATE_MAXIMUM,
  });

  const estimate = (count: number, waiting: number, intervalMs: number) =>
    Math.ceil(((count + waiting) * intervalMs) / 1000);

  /** The picked files, each of the event and visible to the actor's role, in the order picked. */
  async function pickedFiles(actor: MailActor, fileIds: number[]) {
    const wanted = [...new Set(fileIds)];
    if (wanted.length === 0) return [];
    const found = new Map((await files().byIds(actor.eventId, wanted)).map((file) => [file.id, file]));
    return wanted.map((id) => {
      const file = found.get(id);
      if (!file || !(file.roles as number[]).includes(actor.roleLevel)) {
        throw fieldError('fileIds', 'mail.fileUnknown');
      }
      return file;
    });
  }

  async function visibleMail(actor: MailActor, mailId: number) {
    const row = await mails.findMail(actor.eventId, mailId);
    if (!row || !canReadMail(actor, row.sender_id === actor.userId)) throw notFound();
    return row;
  }

  async function loadMail(actor: MailActor, mailId: number): Promise<Mail> {
    const row = await visibleMail(actor, mailId);
    const [receivers, counts, labels, attachments] = await Promise.all([
      mails.receiversOf(row.id),
      mails.stateCounts([row.id]),
      mails.labelIdsOf([row.id]),
      mails.attachmentsOf(row.id),
    ]);
    return {
      id: row.id,
      from: { userId: row.sender_id, name: row.sender_name, email: row.sender_email },
      to: parseFilter(row.receiver_filter),
      subject: row.subject,
      message: row.message,
      format: row.format === 'html' ? 'html' : 'text',
      attachments: attachments.map((file) => ({
        fileId: file.file_id,
        name: file.name,
        url: downloadPath(actor.eventId, file.file_id),
      })),
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
      const intervalMs = input.eventId === null ? 0 : await intervalOf(input.eventId, queue);
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
          fromName: input.fromName ?? null,
          reason: input.reason,
        })),
        (index) => (input.eventId === null ? start : start + index * intervalMs),
      );
      worker.kick();
    },

    /**
     * Queues one push message per device (the push module's door to the queue): `payload` is the JSON the
     * device's service worker gets, `title` is kept as the row's subject for logs. Sent at once, retried like mail.
     */
    async enqueuePush(
      input: { userId: number; subscriptionIds: number[]; title: string; payload: string; reason: string },
      db = app.db,
    ): Promise<void> {
      if (input.subscriptionIds.length === 0) return;
      const queue = db === app.db ? mails : mailRepository(db, app.dialect);
      const now = Date.now();
      await queue.enqueue(
        input.subscriptionIds.map((pushSubscriptionId) => ({
          eventId: null,
          userId: input.userId,
          toEmail: '',
          toName: '',
          subject: input.title,
          text: input.payload,
          pushSubscriptionId,
          reason: input.reason,
        })),
        () => now,
      );
      worker.kick();
    },

    /**
     * Queues messages of one event written for each receiver (their language, their name), in the caller's
     * transaction when `db` is it. `render(i)` writes the i-th when its slice is due: the messages are rendered
     * and inserted QUEUE_SLICE at a time (one multi-row statement each, the event loop turning in between), so
     * 500 receivers are one statement and 10,000 copies are never all in memory (docs/decisions/021).
     */
    async enqueueEach(
      eventId: number,
      count: number,
      render: (index: number) => Omit<QueuedMessage, 'eventId'>,
      db = app.db,
    ): Promise<void> {
      if (count === 0) return;
      const queue = db === app.db ? mails : mailRepository(db, app.dialect);
      const intervalMs = await intervalOf(eventId, queue);
      const start = await queue.nextSlot(eventId, intervalMs);
      for (let from = 0; from < count; from += QUEUE_SLICE) {
        if (from > 0) await turnOfTheLoop();
        const messages: QueuedMessage[] = [];
        for (let index = from; index < Math.min(count, from + QUEUE_SLICE); index += 1) {
          messages.push({ ...render(index), eventId });
        }
        await queue.enqueue(messages, (index) => start + (from + index) * intervalMs);
      }
      worker.kick();
    },

    /**
     * The compose screen's count, a first page of names, how long delivery takes at the event's rate, and the
     * picked files some receivers' roles may not open (applicants who are not members open none).
     */
    async preview(actor: MailActor, request: MailPreviewRequest, language: MailLanguage): Promise<MailPreview> {
      const receivers = await resolve(actor, request.receivers);
      const picked = await pickedFiles(actor, request.fileIds ?? []);
      const levels = picked.length
        ? await mails.roleLevelsOf(
            actor.eventId,
            receivers.map((receiver) => receiver.userId),
          )
        : new Map<number, number>();
      const attachmentWarnings = picked
        .map((file) => ({
          fileId: file.id,
          name: file.name,
          receiversWithoutAccess: receivers.filter((receiver) => {
            const level = levels.get(receiver.userId);
            return level === undefined || !(file.roles as number[]).includes(level);
          }).length,
        }))
        .filter((warning) => warning.receiversWithoutAccess > 0);
      const [waiting, ratePerMinute] = await Promise.all([mails.countWaiting(actor.eventId), rateOf(actor.eventId)]);
      return {
        total: receivers.length,
        receivers: receivers.slice(0, MAIL_LIMITS.PREVIEW_SIZE).map((receiver) => ({
          userId: receiver.userId,
          name: `${receiver.firstname} ${receiver.lastname}`,
          email: receiver.email,
          reason: reasonText(receiver.reason, language),
        })),
        ratePerMinute,
        estimatedSeconds: estimate(receivers.length, waiting, 60_000 / ratePerMinute),
        attachmentWarnings,
      };
    },

    async candidates(actor: MailActor, search: string) {
      if (!isAdmin(actor) && actor.groupId === null) return [];
      return mails.findCandidates(actor.eventId, search.trim(), !isAdmin(actor) ? actor.groupId : null);
    },

    /**
     * Stores the e-mail, its receivers and one queued message per receiver in one transaction: either all of
     * it is there for the worker or none of it.
     */
    async send(
      actor: MailActor,
      input: {
        receivers: MailReceiverFilter;
        subject: string;
        message: string;
        format?: 'text' | 'html';
        fileIds?: number[];
      },
      language: MailLanguage,
    ): Promise<Mail> {
      const isRich = input.format === 'html';
      // Rich text is stored only as the allow-list leaves it; its text part is derived from that.
      const message = isRich ? sanitizedHtml(input.message, app.config.PUBLIC_URL) : input.message;
      const messageText = isRich ? htmlToText(message) : message;
      if (messageText.trim() === '') throw fieldError('message', 'mail.messageRequired');
      const receivers = await resolve(actor, input.receivers);
      if (receivers.length === 0) throw fieldError('receivers', 'mail.noReceivers');
      if (receivers.length > MAIL_LIMITS.RECEIVERS_MAXIMUM) throw fieldError('receivers', 'mail.tooManyReceivers');
      const picked = await pickedFiles(actor, input.fileIds ?? []);
      const linked: LinkedFile[] = picked.map((file) => ({
        name: file.name,
        url: `${app.config.PUBLIC_URL}${downloadPath(actor.eventId, file.id)}`,
      }));
      const eventName = await mails.eventName(actor.eventId);
      const mailId = await app.db.transaction().execute(async (trx) => {
        const tx = mailRepository(trx, app.dialect);
        const id = await tx.insertMail({
          eventId: actor.eventId,
          sender: { id: actor.userId, name: actor.name, email: actor.email },
          subject: input.subject,
          message,
          format: isRich ? 'html' : 'text',
          preview: mailPreviewOf(messageText, 'text'),
          filter: input.receivers,
          copy: { language, eventName, messageText, linkedFiles: linked },
        });
        await tx.insertAttachments(
          id,
          picked.map((file) => ({ fileId: file.id, name: file.name })),
        );
        const receiverIds = await tx.insertReceivers(
          id,
          receivers.map((receiver) => ({
            userId: receiver.userId,
            email: receiver.email,
            name: `${receiver.firstname} ${receiver.lastname}`,
            firstname: receiver.firstname,
            reason: reasonText(receiver.reason, language),
          })),
        );
        const intervalMs = await intervalOf(actor.eventId, tx);
        const start = await tx.nextSlot(actor.eventId, intervalMs);
        // The queue holds no body: each receiver's copy is composed from the e-mail when it is sent, so the
        // message is stored once however many receive it (docs/decisions/021).
        await tx.enqueue(
          receivers.map((receiver, index) => ({
            eventId: actor.eventId,
            receiverId: receiverIds[index],
            userId: receiver.userId,
            toEmail: receiver.email,
            toName: `${receiver.firstname} ${receiver.lastname}`,
            subject: input.subject,
            text: '',
            html: null,
            replyTo: actor.email,
            fromName: viaFunkis(actor.name),
            reason: 'event_mail',
          })),
          (index) => start + index * intervalMs,
        );
        await writeAudit(trx, {
          eventId: actor.eventId,
          actorId: actor.userId,
          action: 'mail.sent',
          subject: `mail:${id}`,
          details: {
            receivers: receivers.length,
            subject: input.subject,
            format: isRich ? 'html' : 'text',
            fileIds: picked.map((file) => file.id),
          },
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
        senderId: !isAdmin(actor) ? actor.userId : null,
        labelId: folder.customLabel ?? null,
      });
      const ids = rows.map((row) => row.id);
      const [counts, labels, read] = await Promise.all([
        mails.stateCounts(ids),
        mails.labelIdsOf(ids),
        mails.readIds(actor.userId, ids),
      ]);
      return rows.map((row) => ({
        id: row.id,
        from: { userId: row.sender_id, name: row.sender_name, email: row.sender_email },
        to: parseFilter(row.receiver_filter),
        subject: row.subject,
        preview: row.preview,
        isRead: read.has(row.id),
        createdAt: row.created_at,
        labelIds: labels.get(row.id) ?? [],
        counts: counts.get(row.id) ?? { queued: 0, sending: 0, sent: 0, failed: 0 },
      }));
    },

    /** One e-mail for the actor, who has now read it (their read mark lowers the labels' unread counts). */
    async get(actor: MailActor, mailId: number): Promise<Mail> {
      await visibleMail(actor, mailId);
      await mails.markRead(mailId, actor.userId);
      return loadMail(actor, mailId);
    },

    /**
     * The Sent folder and the event's custom labels, each with how many of the actor's visible e-mails it
     * holds and how many of those the actor has not opened yet (read marks are per user).
     */
    async labels(actor: MailActor): Promise<MailLabel[]> {
      const senderId = !isAdmin(actor) ? actor.userId : null;
      const [sent, custom] = await Promise.all([
        mails.countMails(actor.eventId, senderId, actor.userId),
        mails.labelsWithCounts(actor.eventId, senderId, actor.userId),
      ]);
      return [
        { id: 'sent', name: 'sent', type: 'system_label', totalCount: sent.total, unreadCount: sent.unread },
        ...custom.map((label) => ({
          id: label.id,
          name: label.name,
          type: 'custom_label' as const,
          color: label.color ?? undefined,
          totalCount: Number(label.total),
          unreadCount: Number(label.total) - Number(label.read),
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

    /** The event's sending rate, and the default and bounds an admin may choose within. */
    settings: (actor: MailActor): Promise<MailSettings> => settingsOf(actor.eventId),

    /**
     * Sets the event's sending rate (admins; the route guards it). Mail queued from now on keeps it; messages
     * already waiting keep the times they were given.
     */
    async updateSettings(actor: MailActor, input: { ratePerMinute: number }): Promise<MailSettings> {
      await app.db.transaction().execute(async (trx) => {
        const tx = mailRepository(trx, app.dialect);
        const before = await rateOf(actor.eventId, tx);
        await tx.saveRate(actor.eventId, input.ratePerMinute);
        await writeAudit(trx, {
          eventId: actor.eventId,
          actorId: actor.userId,
          action: 'mail.settings_changed',
          subject: `event:${actor.eventId}`,
          details: { ratePerMinute: { from: before, to: input.ratePerMinute } },
        });
      });
      return settingsOf(actor.eventId);
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

/** The allow-listed form of a rich-text message; one nested too deeply to parse in bounded time is refused. */
function sanitizedHtml(html: string, publicUrl: string): string {
  try {
    return sanitizeMailHtml(html, publicUrl);
  } catch (error) {
    if (error instanceof MailHtmlTooDeep)
      throw fieldError('message', 'mail.messageTooDeep', { max: MAIL_LIMITS.HTML_DEPTH_MAXIMUM });
    throw error;
  }
}

function parseFilter(json: string): MailReceiverFilter {
  const parsed = mailReceiverFilterSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : {};
}

export type MailService = ReturnType<typeof mailService>;
