/** Query keys of the feed, so a mutation invalidates exactly what it changes. */
export const feedKeys = {
  posts: (eventId: number) => ['event', eventId, 'feed', 'posts'] as const,
  contacts: (eventId: number) => ['event', eventId, 'feed', 'contacts'] as const,
  links: (eventId: number) => ['event', eventId, 'feed', 'links'] as const,
  groups: (eventId: number) => ['event', eventId, 'groups'] as const,
  /** The files card reads the files list under the files screen's key prefix. */
  newestFiles: (eventId: number) => ['event', eventId, 'files', 'newest'] as const,
};
