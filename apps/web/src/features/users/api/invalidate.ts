import type { QueryClient } from '@tanstack/react-query';
import { usersKeys } from './keys';

/**
 * After a membership change: the table's pages, the control panel's access lists and the audit log; the groups'
 * member counts when a member joined, left or moved group.
 */
export function invalidateMemberQueries(queryClient: QueryClient, eventId: number, { groups }: { groups: boolean }) {
  const keys: (readonly unknown[])[] = [usersKeys.users(eventId), usersKeys.access(eventId), usersKeys.audit(eventId)];
  if (groups) keys.push(usersKeys.groups(eventId));
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
