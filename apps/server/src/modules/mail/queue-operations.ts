import { MAIL_LIMITS, type MailSettings } from '@funkis/shared';
import { writeAudit } from '../../lib/audit.js';
import { inTransaction } from '../../lib/context.js';
import { turnOfTheLoop } from '../../lib/event-loop.js';
import type { MailActor, MailContext } from './operations-context.js';
import type { QueuedMessage } from './repository.js';
import * as mailRepository from './repository.js';
import type { MailLanguage } from './texts.js';

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
 * The queue: the door other modules send through (`enqueue`, `enqueueEach`, `enqueuePush`), the worker that
 * empties it, and the pace it keeps (the event's sending rate).
 */
export function queueOperations(shared: MailContext) {
  const { context, defaultRate, rateOf, intervalOf, worker } = shared;

  const settingsOf = async (eventId: number): Promise<MailSettings> => ({
    ratePerMinute: await rateOf(eventId),
    defaultRatePerMinute: defaultRate,
    minimum: MAIL_LIMITS.RATE_MINIMUM,
    maximum: MAIL_LIMITS.RATE_MAXIMUM,
  });

  return {
    worker,

    /**
     * Queues one message per receiver, each with its own address and name. Messages of an event keep the
     * event's rate (MAIL_RATE_PER_MINUTE); account mail goes out at once. Safe to call inside the caller's
     * transaction by passing it as `db`.
     */
    async enqueue(input: EnqueueInput, db = context.db): Promise<void> {
      const intervalMs = input.eventId === null ? 0 : await intervalOf(input.eventId, db);
      const start =
        input.eventId === null
          ? context.clock.now()
          : await mailRepository.nextSlot(db, input.eventId, intervalMs, context.clock.now());
      await mailRepository.enqueue(
        db,
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
      db = context.db,
    ): Promise<void> {
      if (input.subscriptionIds.length === 0) return;
      const now = context.clock.now();
      await mailRepository.enqueue(
        db,
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
      db = context.db,
    ): Promise<void> {
      if (count === 0) return;
      const intervalMs = await intervalOf(eventId, db);
      const start = await mailRepository.nextSlot(db, eventId, intervalMs, context.clock.now());
      for (let from = 0; from < count; from += QUEUE_SLICE) {
        if (from > 0) await turnOfTheLoop();
        const messages: QueuedMessage[] = [];
        for (let index = from; index < Math.min(count, from + QUEUE_SLICE); index += 1) {
          messages.push({ ...render(index), eventId });
        }
        await mailRepository.enqueue(db, messages, (index) => start + (from + index) * intervalMs);
      }
      worker.kick();
    },

    /** The event's sending rate, and the default and bounds an admin may choose within. */
    settings: (actor: MailActor): Promise<MailSettings> => settingsOf(actor.eventId),

    /**
     * Sets the event's sending rate (admins; the route guards it). Mail queued from now on keeps it; messages
     * already waiting keep the times they were given.
     */
    async updateSettings(actor: MailActor, input: { ratePerMinute: number }): Promise<MailSettings> {
      await inTransaction(context, async (tx) => {
        const before = await rateOf(actor.eventId, tx.db);
        await mailRepository.saveRate(tx.db, actor.eventId, input.ratePerMinute);
        await writeAudit(tx.db, {
          eventId: actor.eventId,
          actorId: actor.userId,
          action: 'mail.settings_changed',
          subject: `event:${actor.eventId}`,
          details: { ratePerMinute: { from: before, to: input.ratePerMinute } },
        });
      });
      return settingsOf(actor.eventId);
    },
  };
}
