/** Query keys of the events feature, so a mutation can invalidate exactly what it changes. */
export const eventKeys = {
  list: () => ['events'] as const,
  detail: (eventId: number) => ['event', eventId] as const,
  groups: (eventId: number) => ['event', eventId, 'groups'] as const,
  access: (eventId: number) => ['event', eventId, 'access'] as const,
  audit: (eventId: number) => ['event', eventId, 'audit'] as const,
};
