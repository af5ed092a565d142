/** Query keys of the events feature, so a mutation can invalidate exactly what it changes. */
export const eventKeys = {
  list: () => ['events'] as const,
  detail: (eventId: number) => ['event', eventId] as const,
  groups: (eventId: number) => ['event', eventId, 'groups'] as const,
  access: (eventId: number) => ['event', eventId, 'access'] as const,
  audit: (eventId: number) => ['event', eventId, 'audit'] as const,
  /** The public apply page's data (name, description, open or closed). */
  apply: (eventId: number) => ['event', eventId, 'apply'] as const,
  /** The users table's pages (the users feature reads them under this key). */
  members: (eventId: number) => ['event', eventId, 'users'] as const,
  /** The statistics screen (the statistics feature reads it under this key): groups and their wanted size show there. */
  statistics: (eventId: number) => ['event', eventId, 'statistics'] as const,
  /** The applications review's group list (the applications feature reads it under this key). */
  applicationGroups: (eventId: number) => ['applications', String(eventId), 'groups'] as const,
};
