import {
  canReadMail,
  isAdmin,
  MAIL_LIMITS,
  type Mail,
  type MailLabel,
  type MailReceiverFilter,
  type MailReceiverState,
  type MailSummary,
  mailReceiverFilterSchema,
} from '@funkis/shared';
import { writeAudit } from '../../lib/audit.js';
import { inTransaction } from '../../lib/context.js';
import { conflict, fieldError, notFound } from '../../lib/http-error.js';
import { parseJson } from '../../lib/json.js';
import { htmlToText, MailHtmlTooDeep, mailPreviewOf, sanitizeMailHtml } from './html.js';
import type { MailActor, MailContext } from './operations-context.js';
import * as mailRepository from './repository.js';
import { type LinkedFile, type MailLanguage, reasonText, viaFunkis } from './texts.js';

/**
 * The mailbox: sending an event's e-mail, the Sent folder, reading one e-mail, its labels, and its failed
 * receivers sent again.
 */
export function mailboxOperations(shared: MailContext) {
  const { context, intervalOf, downloadPath, worker, resolve, pickedFiles } = shared;

  async function visibleMail(actor: MailActor, mailId: number) {
    const row = await mailRepository.findMail(context.db, actor.eventId, mailId);
    if (!row || !canReadMail(actor, row.sender_id === actor.userId)) throw notFound();
    return row;
  }

  async function loadMail(actor: MailActor, mailId: number): Promise<Mail> {
    const row = await visibleMail(actor, mailId);
    const [receivers, counts, labels, attachments] = await Promise.all([
      mailRepository.receiversOf(context.db, row.id),
      mailRepository.stateCounts(context.db, [row.id]),
      mailRepository.labelIdsOf(context.db, [row.id]),
      mailRepository.attachmentsOf(context.db, row.id),
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
      const message = isRich ? sanitizedHtml(input.message, context.config.PUBLIC_URL) : input.message;
      const messageText = isRich ? htmlToText(message) : message;
      if (messageText.trim() === '') throw fieldError('message', 'mail.messageRequired');
      const receivers = await resolve(actor, input.receivers);
      if (receivers.length === 0) throw fieldError('receivers', 'mail.noReceivers');
      if (receivers.length > MAIL_LIMITS.RECEIVERS_MAXIMUM) throw fieldError('receivers', 'mail.tooManyReceivers');
      const picked = await pickedFiles(actor, input.fileIds ?? []);
      const linked: LinkedFile[] = picked.map((file) => ({
        name: file.name,
        url: `${context.config.PUBLIC_URL}${downloadPath(actor.eventId, file.id)}`,
      }));
      const eventName = await mailRepository.eventName(context.db, actor.eventId);
      const mailId = await inTransaction(context, async (tx) => {
        const id = await mailRepository.insertMail(tx.db, {
          eventId: actor.eventId,
          sender: { id: actor.userId, name: actor.name, email: actor.email },
          subject: input.subject,
          message,
          format: isRich ? 'html' : 'text',
          preview: mailPreviewOf(messageText, 'text'),
          filter: input.receivers,
          copy: { language, eventName, messageText, linkedFiles: linked },
        });
        await mailRepository.insertAttachments(
          tx.db,
          id,
          picked.map((file) => ({ fileId: file.id, name: file.name })),
        );
        const receiverIds = await mailRepository.insertReceivers(
          tx.db,
          id,
          receivers.map((receiver) => ({
            userId: receiver.userId,
            email: receiver.email,
            name: `${receiver.firstname} ${receiver.lastname}`,
            firstname: receiver.firstname,
            reason: reasonText(receiver.reason, language),
          })),
        );
        const intervalMs = await intervalOf(actor.eventId, tx.db);
        const start = await mailRepository.nextSlot(tx.db, actor.eventId, intervalMs, context.clock.now());
        // The queue holds no body: each receiver's copy is composed from the e-mail when it is sent, so the
        // message is stored once however many receive it (docs/decisions/021).
        await mailRepository.enqueue(
          tx.db,
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
        await writeAudit(tx.db, {
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
        const [known] = await mailRepository.labelIdsOfEvent(context.db, actor.eventId, [folder.customLabel]);
        if (known === undefined) throw notFound('mail.labelUnknown');
      }
      const rows = await mailRepository.listMails(context.db, actor.eventId, {
        senderId: !isAdmin(actor) ? actor.userId : null,
        labelId: folder.customLabel ?? null,
      });
      const ids = rows.map((row) => row.id);
      const [counts, labels, read] = await Promise.all([
        mailRepository.stateCounts(context.db, ids),
        mailRepository.labelIdsOf(context.db, ids),
        mailRepository.readIds(context.db, actor.userId, ids),
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
      await mailRepository.markRead(context.db, mailId, actor.userId);
      return loadMail(actor, mailId);
    },

    /**
     * The Sent folder and the event's custom labels, each with how many of the actor's visible e-mails it
     * holds and how many of those the actor has not opened yet (read marks are per user).
     */
    async labels(actor: MailActor): Promise<MailLabel[]> {
      const senderId = !isAdmin(actor) ? actor.userId : null;
      const [sent, custom] = await Promise.all([
        mailRepository.countMails(context.db, actor.eventId, senderId, actor.userId),
        mailRepository.labelsWithCounts(context.db, actor.eventId, senderId, actor.userId),
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
      if (await mailRepository.findLabelByName(context.db, actor.eventId, input.name))
        throw fieldError('name', 'mail.labelNameTaken', undefined, 409);
      const row = await inTransaction(context, async (tx) => {
        const created = await mailRepository.insertLabel(tx.db, actor.eventId, input.name, input.color);
        await writeAudit(tx.db, {
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
      const known = await mailRepository.labelIdsOfEvent(context.db, actor.eventId, wanted);
      if (known.length !== wanted.length) throw fieldError('labelIds', 'mail.labelUnknown');
      await inTransaction(context, async (tx) => {
        await mailRepository.replaceLabels(tx.db, mailId, wanted);
        await writeAudit(tx.db, {
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
      const count = await mailRepository.requeueFailed(context.db, mailId);
      if (count === 0) throw conflict('mail.nothingToRetry');
      await writeAudit(context.db, {
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
  const parsed = mailReceiverFilterSchema.safeParse(parseJson<unknown>(json, null));
  return parsed.success ? parsed.data : {};
}
