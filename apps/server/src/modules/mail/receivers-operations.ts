import { isAdmin, MAIL_LIMITS, type MailPreview, type MailPreviewRequest } from '@funkis/shared';
import type { MailActor, MailContext } from './operations-context.js';
import * as mailRepository from './repository.js';
import { type MailLanguage, reasonText } from './texts.js';

const estimate = (count: number, waiting: number, intervalMs: number) =>
  Math.ceil(((count + waiting) * intervalMs) / 1000);

/** Choosing receivers: the compose screen's preview of whom a filter reaches, and the people one may add by name. */
export function receiversOperations(shared: MailContext) {
  const { rateOf, resolve, pickedFiles } = shared;
  return {
    /**
     * The compose screen's count, a first page of names, how long delivery takes at the event's rate, and the
     * picked files some receivers' roles may not open (applicants who are not members open none).
     */
    async preview(actor: MailActor, request: MailPreviewRequest, language: MailLanguage): Promise<MailPreview> {
      const receivers = await resolve(actor, request.receivers);
      const picked = await pickedFiles(actor, request.fileIds ?? []);
      const levels = picked.length
        ? await mailRepository.roleLevelsOf(
            shared.context.db,
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
      const [waiting, ratePerMinute] = await Promise.all([
        mailRepository.countWaiting(shared.context.db, actor.eventId),
        rateOf(actor.eventId),
      ]);
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
      return mailRepository.findCandidates(
        shared.context.db,
        actor.eventId,
        search.trim(),
        !isAdmin(actor) ? actor.groupId : null,
      );
    },
  };
}
