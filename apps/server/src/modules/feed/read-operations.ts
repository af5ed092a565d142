import { type Contact, type EventLink, FEED_LIMITS, type PostsResponse } from '@funkis/shared';
import { membershipsService } from '../memberships/service.js';
import type { FeedContext } from './operations-context.js';
import type { FeedViewer } from './repository.js';
import * as feedRepository from './repository.js';

/** Contacts listed per role level (admins, group leaders). */
const CONTACTS_MAXIMUM = 100;

/** What every member reads: the posts they may see, whom to turn to, the event's links. */
export function readOperations(shared: FeedContext) {
  const { context, db, withComments } = shared;
  return {
    async listPosts(eventId: number, viewer: FeedViewer, before?: number): Promise<PostsResponse> {
      const rows = await feedRepository.listPosts(db, eventId, viewer, { before, limit: FEED_LIMITS.PAGE_SIZE + 1 });
      const page = rows.slice(0, FEED_LIMITS.PAGE_SIZE);
      // Every pinned post, above the first page (the pages hold unpinned posts only): pinning stops at the maximum.
      const pinned =
        before === undefined ? await feedRepository.listPinned(db, eventId, viewer, FEED_LIMITS.PINNED_MAXIMUM) : [];
      const [posts, pinnedPosts] = await Promise.all([withComments(page, viewer), withComments(pinned, viewer)]);
      return { posts, pinned: pinnedPosts, hasMore: rows.length > FEED_LIMITS.PAGE_SIZE };
    },

    /** Admins and group leaders, with e-mail and group: whom a member can turn to. */
    async contacts(eventId: number): Promise<Contact[]> {
      const memberships = membershipsService(context);
      const lists = await Promise.all(
        ([0, 1] as const).map((roleLevel) =>
          memberships.listMembers(eventId, { scope: { kind: 'all' }, roleLevel }, CONTACTS_MAXIMUM, 0),
        ),
      );
      return lists.flat().map((member) => ({
        id: member.id,
        userId: member.userId,
        firstname: member.firstname,
        lastname: member.lastname,
        email: member.email,
        avatar: member.avatar,
        roleLevel: member.roleLevel,
        group: member.group,
      }));
    },

    listLinks: (eventId: number): Promise<EventLink[]> => feedRepository.listLinks(db, eventId),
  };
}
