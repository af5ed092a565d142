import type { NotificationKind } from '@funkis/shared';
import type { Db } from '../../db/types.js';
import type { PushContext } from './operations-context.js';
import * as pushRepository from './repository.js';
import { noticeMail, type PushMessage, payloadOf, renderMessage } from './texts.js';

export interface NotifyOptions {
  /** The app path the notice opens (`/event/7/scheduling`). */
  url: string;
  /** The event the notice is about: its e-mail then keeps the event's mail rate. */
  eventId?: number | null;
  /** The e-mail to send instead of push, already in the receiver's language; unset: the notice's texts. */
  mail?: { subject: string; text: string };
  /** What kind of mail the e-mail is, for logs and counts (`shift_reminder`); unset: `notice_<kind>`. */
  reason?: string;
  /** The caller's transaction, so the notice is queued with the change it tells of. */
  db?: Db;
}

/** How a notice left: by push to every device, by e-mail, or not at all (no such account). */
export type NotifyResult = 'push' | 'mail' | 'none';

/** Telling a person something: by push where they allow it for that kind and have a device, else by e-mail. */
export function notifyOperations(context: PushContext) {
  return {
    /**
     * Queues the notice in the receiver's language: one push message per device of theirs (each retried by the
     * queue), or the e-mail when push is off for this kind or they have no device.
     */
    async notify(
      userId: number,
      kind: NotificationKind,
      message: PushMessage,
      options: NotifyOptions,
    ): Promise<NotifyResult> {
      const db = options.db ?? context.db;
      const receiver = await pushRepository.receiverOf(db, userId);
      if (!receiver) return 'none';
      const language = receiver.language === 'sv' ? 'sv' : 'en';
      const texts = renderMessage(message, language);
      const preferences = await pushRepository.preferencesOf(db, userId);
      const subscriptionIds = preferences[kind].push ? await pushRepository.subscriptionIdsOf(db, userId) : [];
      if (subscriptionIds.length > 0) {
        await context.mail.enqueuePush(
          {
            userId,
            subscriptionIds,
            title: texts.title,
            payload: payloadOf(texts, options.url, kind),
            reason: `push_${kind}`,
          },
          options.db,
        );
        return 'push';
      }
      const mail =
        options.mail ??
        noticeMail(texts, {
          language,
          firstname: receiver.firstname,
          link: `${context.publicUrl}${options.url}`,
          settingsLink: `${context.publicUrl}/account`,
        });
      await context.mail.enqueue(
        {
          eventId: options.eventId ?? null,
          to: [{ userId, email: receiver.email, name: `${receiver.firstname} ${receiver.lastname}`.trim(), language }],
          subject: mail.subject,
          text: mail.text,
          reason: options.reason ?? `notice_${kind}`,
        },
        options.db,
      );
      return 'mail';
    },
  };
}
