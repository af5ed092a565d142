import type { NotificationKind } from '@funkis/shared';
import type { ServerContext } from '../../lib/context.js';
import { turnEvery, turnOfTheLoop } from '../../lib/event-loop.js';
import type { MailLanguage } from '../../lib/language.js';
import { chunked } from '../../lib/transaction.js';
import { mailLanguagesOf } from '../account/languages.js';
import { eventsService } from '../events/service.js';
import { membershipsService } from '../memberships/service.js';
import type { NotifyOptions, NotifyResult } from './notify.js';
import type { PushMessage } from './texts.js';

/** `app.push.notify`, as the server's context offers it to the modules that tell people something. */
export type Notify = (
  userId: number,
  kind: NotificationKind,
  message: PushMessage,
  options: NotifyOptions,
) => Promise<NotifyResult>;

/** Whom one notice is written for: the member, their language and name, and the event's name and time zone. */
export interface NoticeReader {
  eventUserId: number;
  language: MailLanguage;
  firstname: string;
  eventName: string;
  timeZone: string;
}

export interface MemberNotice {
  eventId: number;
  eventUserIds: readonly number[];
  /** What kind of notice it is: whether it may come by push is the reader's choice per kind. */
  kind: NotificationKind;
  /** The app path the notice opens (`/event/7/scheduling`). */
  url: string;
  /** What kind of mail the e-mail is, for logs and counts (`shift_reminder`). */
  reason: string;
  /** The notice for one reader; `mail` is the e-mail sent instead of push (unset: the notice's own texts). */
  write: (reader: NoticeReader) => { message: PushMessage; mail?: { subject: string; text: string } };
  /**
   * Outside a transaction, for a large audience: the loop turns before each read and every few milliseconds
   * between readers (decision 021). Inside one, the notices are queued with the change they tell of.
   */
  inTurns?: boolean;
}

/** Members read per statement: a round's results go to thousands at once. */
const READERS_PER_READ = 500;

/**
 * Tells an event's members one thing each, in their own language: by push where they allow the notice's kind and
 * have a device, by e-mail otherwise (the context's `notify`). The members, the event's name and zone and the
 * languages are read here, once per 500 people; `context` is the caller's, bound to its transaction, so nothing
 * is queued for a change that is not kept. Answers how many members were told (members no longer in the event are
 * skipped); with a context without `notify` (scripts, benches) nobody is told.
 */
export async function tellMembers(context: ServerContext, notice: MemberNotice): Promise<number> {
  const { notify } = context;
  if (!notify || notice.eventUserIds.length === 0) return 0;
  const pause = notice.inTurns ? turnOfTheLoop : async () => {};
  const turn = notice.inTurns ? turnEvery() : async () => {};
  const event = (await eventsService(context).namesAndZones([notice.eventId])).get(notice.eventId);
  if (!event) return 0;
  let told = 0;
  for (const slice of chunked(notice.eventUserIds, READERS_PER_READ)) {
    await pause();
    const members = await membershipsService(context).findMembers(notice.eventId, slice);
    if (members.length === 0) continue;
    await pause();
    const languages = await mailLanguagesOf(
      context.db,
      members.map((member) => member.userId),
    );
    for (const member of members) {
      await turn();
      const { message, mail } = notice.write({
        eventUserId: member.id,
        language: languages.get(member.userId) ?? 'en',
        firstname: member.firstname,
        eventName: event.name,
        timeZone: event.timeZone,
      });
      await notify(member.userId, notice.kind, message, {
        url: notice.url,
        eventId: notice.eventId,
        mail,
        reason: notice.reason,
        db: context.db,
      });
      told += 1;
    }
  }
  return told;
}
