/**
 * Query keys this feature reads or changes. They follow the app's convention for an event's data
 * (['event', id, …]), so the event layout's detail query and the control panel's groups, access and audit
 * queries are the same cache entries.
 */
export const usersKeys = {
  detail: (eventId: number) => ['event', eventId] as const,
  users: (eventId: number) => ['event', eventId, 'users'] as const,
  groups: (eventId: number) => ['event', eventId, 'groups'] as const,
  access: (eventId: number) => ['event', eventId, 'access'] as const,
  audit: (eventId: number) => ['event', eventId, 'audit'] as const,
};
