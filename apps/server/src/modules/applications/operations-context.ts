import { canReviewApplication, isAdmin } from '@funkis/shared';
import type { Db } from '../../db/types.js';
import { formsService } from '../forms/service.js';
import { groupsService } from '../groups/service.js';
import type { MailService } from '../mail/service.js';
import { membershipsService } from '../memberships/service.js';
import type { Reviewer } from './bulk-update.js';
import { applicantNotices } from './notices.js';

/** What the service needs beyond the database: the mail queue (`app.mail.enqueueEach`). */
export interface ApplicationsOptions {
  /** Without it a notification is refused (scripts, the seed). */
  enqueueEach?: MailService['enqueueEach'];
}

/**
 * What every applications operation shares: the database, the event's groups and form, the applicant notices
 * (refused without a mail queue) and the application the reviewer may see.
 */
export function applicationsContext(db: Db, options: ApplicationsOptions = {}) {
  const eventGroups = groupsService(db);
  const forms = formsService(db);
  const notify = applicantNotices(options.enqueueEach);

  /**
   * Whether the reviewer may see and act on this application: admins any of the event; a group leader those of
   * their group whose applicant is not a member of another group (or of none) now, as the list's scope says.
   */
  async function isInScope(
    reviewer: Reviewer,
    application: { group_id: number | null; user_id: number },
  ): Promise<boolean> {
    if (isAdmin(reviewer)) return true;
    if (!canReviewApplication(reviewer, application.group_id)) return false;
    const member = await membershipsService(db).findMemberByUserId(reviewer.eventId, application.user_id);
    return member === undefined || member.group?.id === reviewer.groupId;
  }

  return { db, eventGroups, forms, notify, isInScope };
}

export type ApplicationsContext = ReturnType<typeof applicationsContext>;
