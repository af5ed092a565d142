import { canMailGroup, isAdmin, type MailReceiverFilter } from '@funkis/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/types.js';
import type { Caller } from '../../lib/caller.js';
import { requireService, type ServerContext } from '../../lib/context.js';
import { fieldError, forbidden } from '../../lib/http-error.js';
import type { Mailer } from '../../plugins/mailer.js';
import { filesService } from '../files/service.js';
import * as mailRepository from './repository.js';
import { createMailWorker, type MailWorker } from './worker.js';

/**
 * The member sending or reading the event's e-mail (an admin of the event, or a group leader limited to their
 * group), with the name and address their mail goes out under.
 */
export interface MailActor extends Pick<Caller, 'userId' | 'eventId' | 'roleLevel' | 'groupId'> {
  name: string;
  email: string;
}

/** What sending needs beyond the server's context: the SMTP (or file) sender and the log the worker writes to. */
export interface MailDelivery {
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * What every mail operation shares: the server's context (database, clock, config) and its file store, the event's
 * rate, the worker that empties the queue, and the helpers (the receivers a filter names, the picked files, a file's
 * download path).
 */
export function mailContext(context: ServerContext, { mailer, log }: MailDelivery) {
  const storage = requireService(context, 'storage');
  const defaultRate = context.config.MAIL_RATE_PER_MINUTE;
  /** The event's own rate (mail settings) or the server's default, in messages a minute. */
  const rateOf = async (eventId: number, db: Db = context.db) =>
    (await mailRepository.rateOf(db, eventId)) ?? defaultRate;
  const intervalOf = async (eventId: number, db: Db = context.db) => 60_000 / (await rateOf(eventId, db));
  // The files service is made when first needed.
  const files = () => filesService(context);
  const downloadPath = (eventId: number, fileId: number) => `/api/event/${eventId}/files/${fileId}/download`;
  const worker: MailWorker = createMailWorker(
    context.db,
    mailer,
    log,
    {
      pollMs: context.config.MAIL_POLL_MS,
      leaseMs: context.config.MAIL_LEASE_MS,
      retryBaseMs: context.config.MAIL_RETRY_BASE_MS,
      maxAttempts: context.config.MAIL_MAX_ATTEMPTS,
      messageIdDomain: new URL(context.config.PUBLIC_URL).hostname || 'funkis.local',
      defaultRatePerMinute: context.config.MAIL_RATE_PER_MINUTE,
    },
    context.clock,
  );

  /** A leader's filter may only name their own group; the result is limited to it as well. */
  function scopeOf(actor: MailActor, filter: MailReceiverFilter): number | null {
    if (isAdmin(actor)) return null;
    if (actor.groupId === null) throw forbidden('mail.ownGroupOnly');
    if (filter.groupIds?.some((id) => !canMailGroup(actor, id))) throw forbidden('mail.ownGroupOnly');
    return actor.groupId;
  }

  async function resolve(actor: MailActor, filter: MailReceiverFilter) {
    const scope = scopeOf(actor, filter);
    const { receivers, unknownUserIds } = await mailRepository.resolveReceivers(
      context.db,
      actor.eventId,
      filter,
      scope,
    );
    if (unknownUserIds.length > 0) throw fieldError('receivers.userIds', 'mail.unknownReceiver');
    return receivers;
  }

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

  return { context, storage, defaultRate, rateOf, intervalOf, downloadPath, worker, resolve, pickedFiles };
}

export type MailContext = ReturnType<typeof mailContext>;
