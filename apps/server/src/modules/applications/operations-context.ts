import { canReviewApplication, isAdmin } from '@funkis/shared';
import type { ServerContext } from '../../lib/context.js';
import { formsService } from '../forms/service.js';
import { groupsService } from '../groups/service.js';
import { membershipsService } from '../memberships/service.js';
import type { Reviewer } from './bulk-update.js';
import { applicantNotices } from './notices.js';

/**
 * What every applications operation shares: the server's context, its database, the event's groups and form, the
 * applicant notices (refused without the context's mail queue: scripts, the seed) and the application the reviewer
 * may see.
 */
export function applicationsContext(context: ServerContext) {
  const { db } = context;
  const eventGroups = groupsService(context);
  const forms = formsService(context);
  const notify = applicantNotices(context.mail?.enqueueEach);

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
    const member = await membershipsService(context).findMemberByUserId(reviewer.eventId, application.user_id);
    return member === undefined || member.group?.id === reviewer.groupId;
  }

  return { context, db, eventGroups, forms, notify, isInScope };
}

export type ApplicationsContext = ReturnType<typeof applicationsContext>;
