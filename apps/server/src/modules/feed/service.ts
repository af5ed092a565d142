import type { ServerContext } from '../../lib/context.js';
import { commentOperations } from './comment-operations.js';
import { linkOperations } from './link-operations.js';
import { feedContext } from './operations-context.js';
import { postOperations } from './post-operations.js';
import { readOperations } from './read-operations.js';

/**
 * The event feed: posts (admins and group leaders), comments (every member who sees the post) and links
 * (admins). The one owner of `posts`, `comments` and `event_links`; every change with its audit entry.
 * A post addressed to a group is seen by that group's members, the admins and its author; to anyone else it
 * does not exist (404).
 */
export function feedService(context: ServerContext) {
  const shared = feedContext(context);
  return {
    ...readOperations(shared),
    ...postOperations(shared),
    ...commentOperations(shared),
    ...linkOperations(shared),
  };
}

export type FeedService = ReturnType<typeof feedService>;
