import { type ApplicationsNotify, isApplicationStatus } from '@funkis/shared';
import type { Db } from '../../db/types.js';
import { notFound } from '../../lib/http-error.js';
import type { MailService } from '../mail/service.js';
import { eventMailBody, reasonText, viaFunkis } from '../mail/texts.js';
import type { Reviewer } from './bulk-update.js';
import type { ApplicationTarget } from './repository.js';
import * as applicationsRepository from './repository.js';

/** The review's e-mail to the applicants it changed; without a queue (scripts, the seed) a notice is refused. */
export function applicantNotices(enqueueEach: MailService['enqueueEach'] | undefined) {
  /**
   * One e-mail per applicant whose status changed, queued in the update's transaction (none if it fails): the
   * reviewer's subject and message, with the header and the footer's reason in the receiver's language.
   */
  async function notify(
    trx: Db,
    reviewer: Reviewer,
    notice: ApplicationsNotify,
    targets: readonly ApplicationTarget[],
    statusOf: (target: ApplicationTarget) => string,
    groupOf: (target: ApplicationTarget) => string | null,
  ) {
    if (!enqueueEach || reviewer.userId === null) throw new Error('No mail queue or sender to notify with');
    const senderId = reviewer.userId;
    const people = new Map(
      (await applicationsRepository.mailPeople(trx, [senderId, ...targets.map((target) => target.user_id)])).map(
        (person) => [person.id, person],
      ),
    );
    const sender = people.get(senderId);
    const event = await applicationsRepository.eventName(trx, reviewer.eventId);
    if (!sender || !event) throw notFound();
    const senderName = `${sender.firstname} ${sender.lastname}`;
    const receivers = targets.flatMap((target) => {
      const person = people.get(target.user_id);
      return person ? [{ target, person }] : [];
    });
    await enqueueEach(
      reviewer.eventId,
      receivers.length,
      (index) => {
        const { target, person } = receivers[index];
        const language = person.language === 'sv' ? 'sv' : 'en';
        const status = statusOf(target);
        const groupName = groupOf(target) ?? undefined;
        const reason = reasonText(
          { kind: 'application', status: isApplicationStatus(status) ? status : 'none', groupName },
          language,
        );
        return {
          userId: person.id,
          toEmail: person.email,
          toName: `${person.firstname} ${person.lastname}`,
          subject: notice.subject,
          text: eventMailBody({
            message: notice.message,
            firstname: person.firstname,
            senderName,
            eventName: event.name,
            reason,
            language,
          }),
          replyTo: sender.email,
          fromName: viaFunkis(senderName),
          reason: 'application_status',
        };
      },
      trx,
    );
    return receivers.length;
  }

  return notify;
}
