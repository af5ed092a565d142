import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/types.js';
import { type Clock, systemClock } from '../../lib/clock.js';
import { randomToken } from '../../lib/tokens.js';
import type { Mailer } from '../../plugins/mailer.js';
import type { ClaimedMessage } from './repository.js';
import * as mailRepository from './repository.js';
import { composeCopy } from './texts.js';

export interface MailWorkerOptions {
  pollMs: number;
  leaseMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  /** Domain part of the Message-ID of every message. */
  messageIdDomain: string;
  /** MAIL_RATE_PER_MINUTE: the rate of events without their own (mail settings). */
  defaultRatePerMinute: number;
  batchSize?: number;
}

const RETRY_MAX_MS = 60 * 60 * 1000;

/**
 * 5xx answers are permanent (unknown mailbox, refused); 4xx answers, timeouts and lost connections are worth
 * another try later (docs/decisions/008).
 */
export function classifyFailure(error: unknown): { permanent: boolean; reason: string } {
  const details = error as { responseCode?: number; response?: string; message?: string; permanent?: boolean };
  const code = typeof details.responseCode === 'number' ? details.responseCode : null;
  const reason = (details.response ?? details.message ?? String(error)).slice(0, 500);
  // A sender other than SMTP (web push) says itself whether its failure is final.
  if (typeof details.permanent === 'boolean') return { permanent: details.permanent, reason };
  return { permanent: code !== null && code >= 500 && code < 600, reason };
}

/**
 * Sends one push message of the queue (the push module's, registered with `setPushSender`). It throws to have the
 * message tried again later, or an error with `permanent: true` to give it up.
 */
export type PushSender = (message: ClaimedMessage & { pushSubscriptionId: number }) => Promise<void>;

/**
 * Sends what the queue holds, in the server process: claims due messages with a lease, sends them one by one
 * and records each outcome. The lease is renewed before each send, and a message whose lease was lost is left
 * to the worker that took it, so only the message in hand can ever be sent twice (when a worker dies between
 * the SMTP server's acceptance and the record of it). A worker that dies leaves its claimed rows `sending`;
 * when the lease runs out any worker takes them again.
 */
export function createMailWorker(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  options: MailWorkerOptions,
  clock: Clock = systemClock,
) {
  const owner = `${os.hostname()}-${process.pid}-${randomToken(6)}`;
  const batchSize = options.batchSize ?? 10;
  let isRunning = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;
  /** When this worker last handed a message of each event to the mail server. */
  const lastSentAt = new Map<number, number>();
  let pushSender: PushSender | null = null;

  /**
   * The event's rate, kept by the worker too: the queue spaces an event's messages when they are queued, but
   * a worker that was stopped or behind would otherwise send everything overdue at once. A message that
   * comes too soon after the event's previous one goes back to the queue, due when the rate allows it.
   */
  async function tooSoon(message: ClaimedMessage): Promise<number | null> {
    if (message.eventId === null) return null;
    const rate = (await mailRepository.rateOf(db, message.eventId)) ?? options.defaultRatePerMinute;
    const last = lastSentAt.get(message.eventId);
    const allowedAt = last === undefined ? 0 : last + 60_000 / rate;
    return clock.now() < allowedAt ? allowedAt : null;
  }

  /**
   * The bodies to send: an event e-mail's copy is composed now from the e-mail and its receiver (its queue row
   * holds no body, docs/decisions/021); every other message was queued rendered.
   */
  async function bodiesOf(message: ClaimedMessage): Promise<{ text: string; html: string | null }> {
    if (message.receiverId === null || message.text !== '') return { text: message.text, html: message.html };
    const copy = await mailRepository.copyOf(db, message.receiverId);
    if (!copy) throw Object.assign(new Error('the e-mail of this message is gone'), { responseCode: 550 });
    return composeCopy(copy);
  }

  async function deliver(message: ClaimedMessage): Promise<void> {
    const leaseUntil = new Date(clock.now() + options.leaseMs).toISOString();
    if (!(await mailRepository.renewLease(db, message.id, owner, leaseUntil))) return;
    const allowedAt = await tooSoon(message);
    if (allowedAt !== null) {
      await mailRepository.defer(db, message, owner, new Date(allowedAt).toISOString());
      return;
    }
    try {
      if (message.pushSubscriptionId !== null) {
        // Push messages share the queue's claims, leases and back-off; the event's mail rate is not theirs.
        if (!pushSender) throw new Error('no push sender in this process');
        await pushSender({ ...message, pushSubscriptionId: message.pushSubscriptionId });
        await mailRepository.settle(db, message, { state: 'sent' });
        return;
      }
      const { text, html } = await bodiesOf(message);
      // The rate spaces the sends themselves: the time is taken as the message goes to the mailer, after its body
      // was composed (which takes longer for some copies than others).
      if (message.eventId !== null) lastSentAt.set(message.eventId, clock.now());
      await mailer.send({
        to: { name: message.toName, address: message.toEmail },
        subject: message.subject,
        text,
        ...(html ? { html } : {}),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.fromName ? { fromName: message.fromName } : {}),
        messageId: `<queue-${message.id}@${options.messageIdDomain}>`,
      });
      await mailRepository.settle(db, message, { state: 'sent' });
    } catch (error) {
      const { permanent, reason } = classifyFailure(error);
      if (permanent || message.attempts >= options.maxAttempts) {
        log.warn({ queueId: message.id, reason }, message.pushSubscriptionId === null ? 'mail failed' : 'push failed');
        await mailRepository.settle(db, message, { state: 'failed', error: reason });
      } else {
        const wait = Math.min(options.retryBaseMs * 2 ** (message.attempts - 1), RETRY_MAX_MS);
        log.info({ queueId: message.id, reason, wait }, 'mail will be retried');
        await mailRepository.settle(db, message, {
          state: 'queued',
          error: reason,
          retryAt: new Date(clock.now() + wait).toISOString(),
        });
      }
    }
  }

  /** One pass: claims what is due and sends it. Returns how many messages it handled. */
  async function runOnce(): Promise<number> {
    const claimed = await mailRepository.claimDue(
      db,
      owner,
      new Date(clock.now() + options.leaseMs).toISOString(),
      batchSize,
      new Date(clock.now()).toISOString(),
    );
    for (const message of claimed) await deliver(message);
    return claimed.length;
  }

  function schedule(delayMs: number) {
    if (!isRunning) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, Math.max(0, delayMs));
  }

  function tick() {
    timer = null;
    if (!isRunning || current) return;
    current = (async () => {
      let handled = 0;
      try {
        handled = await runOnce();
      } catch (error) {
        log.error({ err: error }, 'mail worker pass failed');
      }
      current = null;
      if (handled > 0) return schedule(0);
      const next = await mailRepository.nextDue(db).catch(() => null);
      const untilDue = next ? Date.parse(next) - clock.now() : options.pollMs;
      schedule(Math.min(options.pollMs, Math.max(untilDue, 0)));
    })();
  }

  return {
    owner,
    runOnce,
    /** The push module's sender of the queue's push messages (a message waits, retried, until there is one). */
    setPushSender(sender: PushSender) {
      pushSender = sender;
    },
    start() {
      isRunning = true;
      schedule(0);
    },
    /** New mail was queued in this process: look now instead of at the next poll. */
    kick() {
      if (isRunning && !current) schedule(0);
    },
    /** Finishes the message in hand and stops; claimed rows not yet sent are taken again after their lease. */
    async stop() {
      isRunning = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await current;
    },
    /**
     * Runs passes until nothing waits (waiting out back-offs and leases), for tests and for a last flush.
     * Throws when the queue is not empty after `timeoutMs`.
     */
    async drain(timeoutMs = 10_000): Promise<void> {
      const deadline = clock.now() + timeoutMs;
      while (clock.now() < deadline) {
        if ((await runOnce()) > 0) continue;
        const next = await mailRepository.nextDue(db);
        if (!next) return;
        const wait = Math.min(Math.max(Date.parse(next) - clock.now(), 5), deadline - clock.now(), 200);
        if (wait > 0) await clock.sleep(wait);
      }
      throw new Error('the mail queue did not drain in time');
    },
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
