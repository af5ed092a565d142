import type { Group } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { eventKeys } from './keys';

/** POST /api/event/{id}/groups { name, wanted? } (admin) → the new group. */
export const createGroup = ({ eventId, ...group }: { eventId: number; name: string; wanted?: number | null }) =>
  apiClient.post<{ group: Group }>(`/event/${eventId}/groups`, group);

export const createGroupMutationOptions = () =>
  mutationOptions({ mutationKey: ['event', 'groups', 'create'], mutationFn: createGroup });

/**
 * A group change shows in the group lists (control panel, applications review), the statistics and the audit log; renamed or
 * deleted, also wherever members show with their group: the access lists, the users table and the caller's own
 * membership in the event.
 */
export function invalidateGroupChange(
  queryClient: ReturnType<typeof useQueryClient>,
  eventId: number,
  { affectsMembers }: { affectsMembers: boolean },
) {
  const keys: (readonly unknown[])[] = [
    eventKeys.groups(eventId),
    eventKeys.applicationGroups(eventId),
    eventKeys.audit(eventId),
    eventKeys.statistics(eventId),
  ];
  if (affectsMembers) keys.push(eventKeys.access(eventId), eventKeys.members(eventId));
  return Promise.all([
    ...keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    affectsMembers ? queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId), exact: true }) : null,
  ]);
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createGroupMutationOptions(),
    onSuccess: (_data, { eventId }) => invalidateGroupChange(queryClient, eventId, { affectsMembers: false }),
  });
}
